/*
 * Name and e-mail of the profile. A new address is verified again (a link is sent to it) and
 * needs the current password, asked only when the address changes.
 */
import type { FormEvent } from 'react'
import { Link, useForm } from '@inertiajs/react'
import { PasswordInput, SubmitButton, TextInput } from '../form/index.js'
import { route } from '~/lib/route'

export type UpdateProfileInformationFormProps = {
  user: { name: string; email: string; email_verified: boolean }
}

export default function UpdateProfileInformationForm({ user }: UpdateProfileInformationFormProps) {
  const form = useForm({ name: user.name, email: user.email, current_password: '' })
  const emailChanged = form.data.email.trim().toLowerCase() !== user.email

  function submit(event: FormEvent) {
    event.preventDefault()
    form.transform((data) => (emailChanged ? data : { name: data.name, email: data.email }))
    form.put(route('app.profile.update'), {
      preserveScroll: true,
      onFinish: () => form.reset('current_password'),
    })
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-information-title">
      <TextInput
        name="name"
        id="profile-name"
        label="Nom complet"
        value={form.data.name}
        onChange={(v) => form.setData('name', v)}
        error={form.errors.name}
        autoComplete="name"
        maxLength={120}
        required
      />
      <TextInput
        name="email"
        id="profile-email"
        type="email"
        label="Adresse e-mail"
        value={form.data.email}
        onChange={(v) => form.setData('email', v)}
        error={form.errors.email}
        help={
          emailChanged
            ? 'Un lien de vérification sera envoyé à la nouvelle adresse ; vous devrez l’ouvrir pour continuer à utiliser l’application.'
            : undefined
        }
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        required
      />
      {!user.email_verified && !emailChanged && (
        <div className="alert alert-warning py-2 small" role="status">
          Votre adresse n’est pas encore vérifiée.{' '}
          <Link href={route('app.verification.notice')} className="alert-link">
            Recevoir un nouveau lien
          </Link>
        </div>
      )}
      {emailChanged && (
        <PasswordInput
          name="current_password"
          id="profile-current-password"
          label="Mot de passe actuel, pour changer d’adresse"
          value={form.data.current_password}
          onChange={(v) => form.setData('current_password', v)}
          error={form.errors.current_password}
          autoComplete="current-password"
          required
        />
      )}
      <SubmitButton
        processing={form.processing}
        recentlySuccessful={form.recentlySuccessful}
        icon="bi bi-check-lg"
      >
        Enregistrer
      </SubmitButton>
    </form>
  )
}
