import type { InputHTMLAttributes, ReactNode } from 'react'
import FieldGroup from './FieldGroup.js'

export interface TextInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value'
> {
  name: string
  label: ReactNode
  value: string
  onChange: (value: string) => void
  error?: string | null
  help?: ReactNode
  /** Classes of the wrapping group (margin by default). */
  groupClassName?: string
  labelAside?: ReactNode
  /** Extra classes of the input itself (e.g. form-control-lg). */
  inputClassName?: string
}

/** A labelled text-like input (text, email, tel, number…), its id defaulting to its name. */
export default function TextInput({
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
  type = 'text',
  ...rest
}: TextInputProps) {
  return (
    <FieldGroup
      id={id ?? name}
      label={label}
      error={error}
      help={help}
      required={required}
      className={groupClassName}
      labelAside={labelAside}
    >
      {(control) => (
        <input
          {...rest}
          {...control}
          type={type}
          name={name}
          value={value}
          required={required}
          onChange={(e) => onChange(e.target.value)}
          className={`form-control ${inputClassName ?? ''} ${control.className}`.trim()}
        />
      )}
    </FieldGroup>
  )
}
