/*
 * A save refused as a whole (optimistic lock 409, a statut refused): the server puts its French
 * reason in the `_form` error bag and redirects back, so the form keeps what was typed and shows
 * the reason here (issue 10: contacts, sociétés, clients, produits).
 */
type Errors = Partial<Record<string, string | undefined>>

export function formConflictOf(errors: Errors): string | undefined {
  return errors._form
}

/** The field errors alone, for FormError's summary. */
export function withoutConflict<T extends Errors>(errors: T): T {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== '_form')) as T
}

export default function FormConflict({ errors }: { errors: Errors }) {
  const message = formConflictOf(errors)
  if (!message) return null
  return (
    <div className="alert alert-warning" role="alert" data-testid="form-conflict">
      <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
      {message}
    </div>
  )
}
