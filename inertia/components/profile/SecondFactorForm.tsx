/*
 * The second-factor form of the login challenge and of the step-up: a 6-digit code, or one of
 * the recovery codes (toggle). Only the field in use is sent.
 */
import { useState, type FormEvent } from 'react'
import { useForm } from '@inertiajs/react'
import { SubmitButton, TextInput } from '../form/index.js'

export type SecondFactorFormProps = {
  action: string
  submitLabel: string
}

export default function SecondFactorForm({ action, submitLabel }: SecondFactorFormProps) {
  const [recovery, setRecovery] = useState(false)
  const form = useForm({ code: '', recovery_code: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.transform((data) =>
      recovery ? { recovery_code: data.recovery_code } : { code: data.code }
    )
    form.post(action, { onFinish: () => form.reset() })
  }

  function toggle() {
    setRecovery((r) => !r)
    form.clearErrors()
  }

  return (
    <form onSubmit={submit} noValidate>
      {recovery ? (
        <TextInput
          key="recovery_code"
          name="recovery_code"
          label="Code de récupération"
          value={form.data.recovery_code}
          onChange={(v) => form.setData('recovery_code', v)}
          error={form.errors.recovery_code}
          help="Un des codes notés lors de l’activation (par exemple abcde-23456). Chaque code ne sert qu’une fois."
          autoComplete="off"
          autoFocus
          required
        />
      ) : (
        <TextInput
          key="code"
          name="code"
          label="Code d’authentification"
          value={form.data.code}
          onChange={(v) => form.setData('code', v)}
          error={form.errors.code}
          help="Le code à 6 chiffres affiché par votre application d’authentification."
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          required
        />
      )}
      <SubmitButton processing={form.processing} icon="bi bi-shield-check" fullWidth>
        {submitLabel}
      </SubmitButton>
      <p className="text-center mt-3 mb-0">
        <button type="button" className="btn btn-link p-0" onClick={toggle}>
          {recovery ? 'Utiliser un code d’authentification' : 'Utiliser un code de récupération'}
        </button>
      </p>
    </form>
  )
}
