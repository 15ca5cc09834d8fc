import type { FormEvent } from 'react'
import { Head, Link, useForm } from '@inertiajs/react'
import { NewPasswordFields, SubmitButton } from '../../components/form/index.js'
import { route } from '~/lib/route'

export type AcceptInvitationProps = {
  /** False when the link is altered, expired (72 h) or already used. */
  valid: boolean
  name: string | null
  email: string | null
  /** The signed URL itself: the form posts back to it. */
  action: string
}

/** The invitee of a société chooses his password (the link of his invitation email). */
export default function AcceptInvitation({ valid, name, email, action }: AcceptInvitationProps) {
  const form = useForm({ password: '', password_confirmation: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(action, { onFinish: () => form.reset('password', 'password_confirmation') })
  }

  return (
    <>
      <Head title="Activer votre compte" />
      <div className="mb-4">
        <h1 className="h3 fw-bold mb-1">Bienvenue{name ? `, ${name}` : ''}</h1>
        <p className="text-body-secondary mb-0">
          {valid
            ? `Choisissez le mot de passe de votre compte ${email}.`
            : 'Activation de votre compte'}
        </p>
      </div>
      {!valid ? (
        <div className="alert alert-danger" role="alert">
          Ce lien d’invitation est invalide, a déjà servi ou a expiré. Demandez à l’administrateur
          de la société de vous inviter à nouveau, ou{' '}
          <Link href={route('guest.password.request')} className="alert-link">
            choisissez un mot de passe par « Mot de passe oublié »
          </Link>
          .
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <NewPasswordFields
            values={form.data}
            errors={form.errors}
            onChange={(field, value) => form.setData(field, value)}
            autoFocus
          />
          <SubmitButton processing={form.processing} icon="bi bi-key" fullWidth>
            Activer mon compte
          </SubmitButton>
        </form>
      )}
      <p className="text-center text-body-secondary mt-4 mb-0">
        <Link href={route('guest.login')}>Aller à la connexion</Link>
      </p>
    </>
  )
}
