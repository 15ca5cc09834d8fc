/*
 * The offre editor saves as JSON (not an Inertia form): the server's field errors of a 422
 * answer are read here, keyed by field (`lignes.3.quantite`) like the lines table expects.
 */

/** VineJS errors of a JSON answer ([{ field, message }]) → { field: message }. */
export function fieldErrors(body: unknown): Record<string, string> {
  const list = (body as { errors?: unknown } | null)?.errors
  const out: Record<string, string> = {}
  if (Array.isArray(list)) {
    for (const item of list) {
      const { field, message } = item as { field?: string; message?: string }
      if (field && message && !out[field]) out[field] = message
    }
  } else if (list && typeof list === 'object') {
    for (const [field, value] of Object.entries(list as Record<string, unknown>)) {
      out[field] = Array.isArray(value) ? String(value[0]) : String(value)
    }
  }
  return out
}
