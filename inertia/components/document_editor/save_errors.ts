/*
 * What a refused save of a document editor means (devis and offre alike, both saved as JSON):
 * 422 → the server's French messages keyed by field (`objet`, `lignes.3.quantite`) for their
 * field or cell; 409 → the optimistic-lock message, shown in the sticky conflict alert; anything
 * else → one French message for a toast.
 */
import { HttpError } from '~/lib/http'

/** VineJS errors of a JSON answer ([{ field, message }] or { field: message }) → { field: message }. */
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

export const INVALID_FIELDS_TEXT = 'Certains champs sont à corriger : voyez les messages en rouge.'

export type SaveFailure =
  | { kind: 'invalid'; errors: Record<string, string>; message: string }
  | { kind: 'conflict'; message: string }
  | { kind: 'failed'; message: string }

/** The refused save as the editor shows it; `offline` is the message when no answer came. */
export function saveFailure(error: unknown, offline: string): SaveFailure {
  if (!(error instanceof HttpError)) return { kind: 'failed', message: offline }
  if (error.status === 409) return { kind: 'conflict', message: error.message }
  if (error.status === 422) {
    const errors = fieldErrors(error.body)
    if (Object.keys(errors).length > 0) {
      return { kind: 'invalid', errors, message: INVALID_FIELDS_TEXT }
    }
  }
  return { kind: 'failed', message: error.message }
}

/** The header fields in error (labelled for the summary) and the number of line cells in error. */
export function errorSummary(errors: Record<string, string>, labels: Record<string, string>) {
  const fields = Object.entries(errors)
    .filter(([field]) => !field.startsWith('lignes'))
    .map(([field, message]) => ({ field, label: labels[field] ?? field, message }))
  const cells = Object.keys(errors).filter((field) => field.startsWith('lignes.')).length
  return { fields, cells }
}
