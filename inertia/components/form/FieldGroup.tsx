/*
 * One field = label + control + help + French error (pingcrm's FieldGroup). The control is a
 * render prop so it receives the ids and ARIA attributes that tie it to its label and messages.
 */
import type { ReactNode } from 'react'

export interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  'aria-required': true | undefined
  className: string
}

export interface FieldGroupProps {
  id: string
  label: ReactNode
  error?: string | null
  help?: ReactNode
  required?: boolean
  className?: string
  /** Extra classes of the label (e.g. a visually-hidden one). */
  labelClassName?: string
  /** Rendered beside the label, right-aligned (e.g. a "Mot de passe oublié ?" link). */
  labelAside?: ReactNode
  children: (control: ControlProps) => ReactNode
}

export function describedBy(
  id: string,
  error?: string | null,
  help?: ReactNode
): string | undefined {
  const ids = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean)
  return ids.length ? ids.join(' ') : undefined
}

export function RequiredMark() {
  // The asterisk is decorative; screen readers get aria-required on the control instead
  return (
    <span className="text-danger ms-1" aria-hidden="true">
      *
    </span>
  )
}

export default function FieldGroup({
  id,
  label,
  error,
  help,
  required,
  className,
  labelClassName,
  labelAside,
  children,
}: FieldGroupProps) {
  const control: ControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, help),
    'aria-required': required ? true : undefined,
    className: error ? 'is-invalid' : '',
  }
  const labelNode = (
    <label
      htmlFor={id}
      className={`form-label ${labelAside ? 'mb-0' : ''} ${labelClassName ?? ''}`.trim()}
    >
      {label}
      {required && <RequiredMark />}
    </label>
  )

  return (
    <div className={className ?? 'mb-4'}>
      {labelAside ? (
        <div className="d-flex justify-content-between align-items-baseline mb-2">
          {labelNode}
          <span className="small">{labelAside}</span>
        </div>
      ) : (
        labelNode
      )}
      {children(control)}
      {error && (
        // d-block: the message also shows when the control is wrapped (input-group)
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
    </div>
  )
}
