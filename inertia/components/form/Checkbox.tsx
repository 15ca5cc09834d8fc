import type { InputHTMLAttributes, ReactNode } from 'react'
import { describedBy } from './FieldGroup.js'

export interface CheckboxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'checked' | 'type'
> {
  name: string
  label: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  error?: string | null
  help?: ReactNode
  groupClassName?: string
  /** Renders a Bootstrap switch instead of a box. */
  switchStyle?: boolean
}

/** A labelled checkbox with the same error/help wiring as FieldGroup (form-check layout). */
export default function Checkbox({
  name,
  id,
  label,
  checked,
  onChange,
  error,
  help,
  groupClassName,
  switchStyle,
  ...rest
}: CheckboxProps) {
  const fieldId = id ?? name
  return (
    <div className={groupClassName ?? 'mb-4'}>
      <div className={`form-check ${switchStyle ? 'form-switch' : ''}`}>
        <input
          {...rest}
          id={fieldId}
          type="checkbox"
          role={switchStyle ? 'switch' : undefined}
          name={name}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, error, help)}
          className={`form-check-input ${error ? 'is-invalid' : ''}`}
        />
        <label className="form-check-label" htmlFor={fieldId}>
          {label}
        </label>
        {error && (
          <div id={`${fieldId}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        )}
      </div>
      {help && (
        <div id={`${fieldId}-help`} className="form-text">
          {help}
        </div>
      )}
    </div>
  )
}
