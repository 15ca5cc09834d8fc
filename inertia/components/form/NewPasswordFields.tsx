import PasswordInput from './PasswordInput.js'

type Field = 'password' | 'password_confirmation'

export type NewPasswordFieldsProps = {
  values: Record<Field, string>
  errors: Partial<Record<Field, string>>
  onChange: (field: Field, value: string) => void
  /** Label of the first field (« Mot de passe », « Nouveau mot de passe »). */
  label?: string
  autoFocus?: boolean
}

/** A new password and its confirmation, with the one rule we state (ASVS 6.2: length only). */
export default function NewPasswordFields({
  values,
  errors,
  onChange,
  label = 'Mot de passe',
  autoFocus,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        name="password"
        label={label}
        value={values.password}
        onChange={(v) => onChange('password', v)}
        error={errors.password}
        help="8 caractères minimum. Une courte phrase facile à retenir fait un bon mot de passe."
        autoComplete="new-password"
        minLength={8}
        maxLength={128}
        autoFocus={autoFocus}
        required
      />
      <PasswordInput
        name="password_confirmation"
        label="Confirmation du mot de passe"
        value={values.password_confirmation}
        onChange={(v) => onChange('password_confirmation', v)}
        error={errors.password_confirmation}
        autoComplete="new-password"
        maxLength={128}
        required
      />
    </>
  )
}
