import type { FormEvent } from 'react'
import { Head, Link, useForm, usePage } from '@inertiajs/react'
import type { SharedProps } from '../../types.js'
import { SubmitButton, TextInput } from '../../components/form/index.js'
import { route } from '~/lib/route'

export type ForgotPasswordProps = Record<string, never>

export default function ForgotPassword() {
  const { flash } = usePage<SharedProps>().props
  const form = useForm({ email: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(route('guest.password.email'))
  }

  return (
    <>
      <Head title="Mot de passe oublié" />
      <div className="mb-4">
        <h1 className="h3 fw-bold mb-1">Mot de passe oublié</h1>
        <p className="text-body-secondary mb-0">
          Indiquez votre adresse e-mail : nous vous enverrons un lien pour choisir un nouveau mot de
          passe.
        </p>
      </div>
      {flash.success && (
        <div className="alert alert-success" role="status">
          {flash.success}
        </div>
      )}
      <form onSubmit={submit} noValidate>
        <TextInput
          name="email"
          type="email"
          label="Adresse e-mail"
          value={form.data.email}
          onChange={(v) => form.setData('email', v)}
          error={form.errors.email}
          autoComplete="username"
          inputMode="email"
          maxLength={254}
          autoFocus
          required
        />
        <SubmitButton processing={form.processing} icon="bi bi-envelope" fullWidth>
          Envoyer le lien de réinitialisation
        </SubmitButton>
      </form>
      <p className="text-center text-body-secondary mt-4 mb-0">
        <Link href={route('guest.login')}>Revenir à la connexion</Link>
      </p>
    </>
  )
}
