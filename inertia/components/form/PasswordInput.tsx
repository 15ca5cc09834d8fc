import { useState } from 'react'
import FieldGroup from './FieldGroup.js'
import type { TextInputProps } from './TextInput.js'

export type PasswordInputProps = Omit<TextInputProps, 'type'>

/** A password field with a show/hide toggle, so users can check what they typed on a phone. */
export default function PasswordInput({
  name,
  id,
  label,
  value,
  onChange,
  error,
  help,
  required,
  groupClassName,
  labelAside,
  inputClassName,
  ...rest
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false)
  const fieldId = id ?? name

  return (
    <FieldGroup
      id={fieldId}
      label={label}
      error={error}
      help={help}
      required={required}
      className={groupClassName}
      labelAside={labelAside}
    >
      {(control) => (
        <div className={`input-group ${error ? 'has-validation' : ''}`}>
          <input
            {...rest}
            {...control}
            type={visible ? 'text' : 'password'}
            name={name}
            value={value}
            required={required}
            onChange={(e) => onChange(e.target.value)}
            className={`form-control ${inputClassName ?? ''} ${control.className}`.trim()}
          />
          <button
            type="button"
            className={`btn btn-outline-secondary ${error ? 'border-danger' : ''}`}
            onClick={() => setVisible((v) => !v)}
            aria-controls={fieldId}
            aria-pressed={visible}
            aria-label={visible ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
            title={visible ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
          >
            <i className={`bi ${visible ? 'bi-eye-slash' : 'bi-eye'}`} aria-hidden="true" />
          </button>
        </div>
      )}
    </FieldGroup>
  )
}
