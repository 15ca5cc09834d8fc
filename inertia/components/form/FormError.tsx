import type { ReactNode } from 'react'

export interface FormErrorProps {
  errors: Partial<Record<string, string | undefined>>
  /** Field labels by name, so the summary reads "E-mail : …" rather than "email : …". */
  labels?: Record<string, string>
  title?: ReactNode
  /** One line naming the fields in error (small forms whose messages already sit by the fields). */
  compact?: boolean
  className?: string
}

/**
 * Summary of the server's errors at the top of a form: screen-reader users hear at once that the
 * form was refused, and each entry links to its field (ids default to the field names).
 */
export default function FormError({
  errors,
  labels = {},
  title,
  compact = false,
  className,
}: FormErrorProps) {
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => !!entry[1])
  if (!entries.length) return null

  const count = entries.length
  const heading =
    title ??
    (compact
      ? `${count} ${count > 1 ? 'champs à corriger' : 'champ à corriger'} :`
      : count > 1
        ? 'Veuillez corriger les erreurs suivantes :'
        : 'Veuillez corriger l’erreur suivante :')

  return (
    <div className={`alert alert-danger ${className ?? ''}`.trim()} role="alert">
      <div className="d-flex">
        <i className="bi bi-exclamation-triangle-fill me-2 flex-shrink-0" aria-hidden="true" />
        {compact ? (
          <p className="mb-0">
            <span className="fw-semibold">{heading}</span>{' '}
            {entries.map(([field], i) => (
              <span key={field}>
                {i > 0 && ', '}
                <a href={`#${field}`} className="alert-link fw-normal">
                  {labels[field] ?? field}
                </a>
              </span>
            ))}
            .
          </p>
        ) : (
          <div>
            <p className="fw-semibold mb-1">{heading}</p>
            <ul className="mb-0 ps-3">
              {entries.map(([field, message]) => (
                <li key={field}>
                  <a href={`#${field}`} className="alert-link fw-normal">
                    {labels[field] ? `${labels[field]} : ` : ''}
                    {message}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  )
}
