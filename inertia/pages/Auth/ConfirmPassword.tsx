import type { FormEvent } from 'react'
import { Head, Link, useForm } from '@inertiajs/react'
import { PasswordInput, SubmitButton } from '../../components/form/index.js'
import { route } from '~/lib/route'

export type ConfirmPasswordProps = Record<string, never>

export default function ConfirmPassword() {
  const form = useForm({ password: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(route('app.password.confirm.store'), { onFinish: () => form.reset('password') })
  }

  return (
    <>
      <Head title="Confirmer le mot de passe" />
      <div className="mb-4">
        <h1 className="h3 fw-bold mb-1">Confirmer le mot de passe</h1>
        <p className="text-body-secondary mb-0">
          Cette partie est sensible. Veuillez confirmer votre mot de passe pour continuer.
        </p>
      </div>
      <form onSubmit={submit} noValidate>
        <PasswordInput
          name="password"
          label="Mot de passe"
          value={form.data.password}
          onChange={(v) => form.setData('password', v)}
          error={form.errors.password}
          autoComplete="current-password"
          autoFocus
          required
        />
        <SubmitButton processing={form.processing} icon="bi bi-lock" fullWidth>
          Confirmer
        </SubmitButton>
      </form>
      <p className="text-center text-body-secondary mt-4 mb-0">
        <Link href={route('app.dashboard')}>Annuler</Link>
      </p>
    </>
  )
}
