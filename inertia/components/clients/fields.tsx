/*
 * Select and textarea fields on the FieldGroup pattern (label + control + French error), used by
 * the client and product forms.
 */
import type { ReactNode, SelectHTMLAttributes } from 'react'
import { FieldGroup } from '../form/index.js'

export interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'onChange' | 'value'
> {
  name: string
  label: ReactNode
  value: string
  onChange: (value: string) => void
  options: { value: string; label: string }[]
  /** First option with an empty value (e.g. « — Aucun — »). */
  emptyLabel?: string
  error?: string | null
  help?: ReactNode
  groupClassName?: string
}

export function SelectField({
  name,
  label,
  value,
  onChange,
  options,
  emptyLabel,
  error,
  help,
  required,
  groupClassName,
  ...rest
}: SelectFieldProps) {
  return (
    <FieldGroup
      id={name}
      label={label}
      error={error}
      help={help}
      required={required}
      className={groupClassName}
    >
      {(control) => (
        <select
          {...rest}
          {...control}
          name={name}
          value={value}
          required={required}
          onChange={(e) => onChange(e.target.value)}
          className={`form-select ${control.className}`.trim()}
        >
          {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldGroup>
  )
}

export interface TextAreaFieldProps {
  name: string
  label: ReactNode
  value: string
  onChange: (value: string) => void
  error?: string | null
  help?: ReactNode
  rows?: number
  maxLength?: number
  groupClassName?: string
}

export function TextAreaField({
  name,
  label,
  value,
  onChange,
  error,
  help,
  rows = 3,
  maxLength,
  groupClassName,
}: TextAreaFieldProps) {
  return (
    <FieldGroup id={name} label={label} error={error} help={help} className={groupClassName}>
      {(control) => (
        <textarea
          {...control}
          name={name}
          rows={rows}
          maxLength={maxLength}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={`form-control ${control.className}`.trim()}
        />
      )}
    </FieldGroup>
  )
}
