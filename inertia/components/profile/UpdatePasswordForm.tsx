/*
 * A new password: the current one first, then 8 to 128 characters (length is what counts, no
 * composition rules: ASVS 6.2). Other sessions of the account end; this one goes on.
 */
import type { FormEvent } from 'react'
import { useForm } from '@inertiajs/react'
import { PasswordInput, SubmitButton } from '../form/index.js'
import { route } from '~/lib/route'

export const PASSWORD_RULES =
  'Entre 8 et 128 caractères, sans autre contrainte : une courte phrase facile à retenir fait un bon mot de passe. Évitez celui d’un autre site.'

export default function UpdatePasswordForm() {
  const form = useForm({ current_password: '', password: '', password_confirmation: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.put(route('app.profile.password'), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
      onError: (errors) => {
        if (errors.current_password) form.reset('current_password')
      },
    })
  }

  return (
    <form onSubmit={submit} noValidate>
      <PasswordInput
        name="current_password"
        id="password-current"
        label="Mot de passe actuel"
        value={form.data.current_password}
        onChange={(v) => form.setData('current_password', v)}
        error={form.errors.current_password}
        autoComplete="current-password"
        required
      />
      <PasswordInput
        name="password"
        id="password-new"
        label="Nouveau mot de passe"
        value={form.data.password}
        onChange={(v) => form.setData('password', v)}
        error={form.errors.password}
        help={PASSWORD_RULES}
        autoComplete="new-password"
        minLength={8}
        maxLength={128}
        required
      />
      <PasswordInput
        name="password_confirmation"
        id="password-confirmation"
        label="Confirmation du nouveau mot de passe"
        value={form.data.password_confirmation}
        onChange={(v) => form.setData('password_confirmation', v)}
        error={form.errors.password_confirmation}
        autoComplete="new-password"
        maxLength={128}
        required
      />
      <p className="small text-body-secondary">
        <i className="bi bi-info-circle me-1" aria-hidden="true" />
        Vos autres sessions (autres navigateurs, autres appareils) seront fermées.
      </p>
      <SubmitButton
        processing={form.processing}
        recentlySuccessful={form.recentlySuccessful}
        icon="bi bi-key"
      >
        Changer le mot de passe
      </SubmitButton>
    </form>
  )
}
