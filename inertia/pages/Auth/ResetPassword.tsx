import type { FormEvent } from 'react'
import { Head, Link, useForm } from '@inertiajs/react'
import { NewPasswordFields, SubmitButton } from '../../components/form/index.js'
import { route } from '~/lib/route'

export type ResetPasswordProps = {
  token: string
  /** False when the link is unknown, used or older than 60 minutes. */
  valid: boolean
}

export default function ResetPassword({ token, valid }: ResetPasswordProps) {
  const form = useForm({ token, password: '', password_confirmation: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(route('guest.password.update'), {
      onFinish: () => form.reset('password', 'password_confirmation'),
    })
  }

  const linkError = !valid
    ? 'Ce lien de réinitialisation est invalide ou a expiré.'
    : form.errors.token

  return (
    <>
      <Head title="Nouveau mot de passe" />
      <div className="mb-4">
        <h1 className="h3 fw-bold mb-1">Nouveau mot de passe</h1>
        <p className="text-body-secondary mb-0">
          Choisissez le nouveau mot de passe de votre compte.
        </p>
      </div>
      {linkError && (
        <div className="alert alert-danger" role="alert">
          {linkError}{' '}
          <Link href={route('guest.password.request')} className="alert-link">
            Demander un nouveau lien
          </Link>
        </div>
      )}
      {valid && (
        <form onSubmit={submit} noValidate>
          <NewPasswordFields
            values={form.data}
            errors={form.errors}
            onChange={(field, value) => form.setData(field, value)}
            label="Nouveau mot de passe"
            autoFocus
          />
          <SubmitButton processing={form.processing} icon="bi bi-key" fullWidth>
            Réinitialiser le mot de passe
          </SubmitButton>
        </form>
      )}
      <p className="text-center text-body-secondary mt-4 mb-0">
        <Link href={route('guest.login')}>Revenir à la connexion</Link>
      </p>
    </>
  )
}
