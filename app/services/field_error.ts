import { errors } from '@vinejs/vine'

/**
 * Refuses a form with a French message next to one field, exactly like a VineJS failure
 * (flashed and shown by the page; 422 JSON for API calls). For rules that need the database or
 * the user's rights, checked after the validator.
 */
export function fieldError(field: string, message: string, rule = 'custom'): never {
  throw new errors.E_VALIDATION_ERROR([{ field, message, rule }])
}

/** The fields whose value changed, before and after (audit rows). */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {}
  const a: Record<string, unknown> = {}
  for (const key of Object.keys(after)) {
    if ((before[key] ?? null) !== (after[key] ?? null)) {
      b[key] = before[key] ?? null
      a[key] = after[key] ?? null
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null
}
