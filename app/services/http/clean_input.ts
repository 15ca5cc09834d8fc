/*
 * Hostile characters removed once, at the edge (issue 10): every route's query string, body
 * (JSON or form, recursively, keys too) and route params go through cleanInput before any
 * validator or controller sees them (app/middleware/clean_input_middleware.ts).
 *
 * - NUL and the other C0 control characters (and DEL) are removed, except tab, line feed and
 *   carriage return that a textarea sends: PostgreSQL refuses "\u0000" in text and jsonb (a 500),
 *   and the others have no business in a name or an address.
 * - A lone UTF-16 surrogate ("\ud800") is replaced by U+FFFD: it cannot be encoded in UTF-8, so
 *   PostgreSQL would refuse it too. Replacing (rather than refusing the request) keeps the rest
 *   of the form, and the replacement character is visible where it lands.
 */

// U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+007F
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

export function cleanString(value: string): string {
  const stripped = CONTROL_CHARS.test(value) ? value.replace(CONTROL_CHARS, '') : value
  CONTROL_CHARS.lastIndex = 0
  return stripped.isWellFormed() ? stripped : stripped.toWellFormed()
}

/** A copy of the value with every string (and object key) cleaned; other values unchanged. */
export function cleanInput<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return cleanString(value) as T
  // The body parser already caps nesting; this only guards against a cycle
  if (depth > 64 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((v) => cleanInput(v, depth + 1)) as T
  // Uploaded files (multipart) and other class instances are left as they are
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) out[cleanString(key)] = cleanInput(v, depth + 1)
  return out as T
}

/** True when cleanInput would change something (so the request is only rewritten then). */
export function needsCleaning(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') {
    const bad = CONTROL_CHARS.test(value) || !value.isWellFormed()
    CONTROL_CHARS.lastIndex = 0
    return bad
  }
  if (depth > 64 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((v) => needsCleaning(v, depth + 1))
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return false
  return Object.entries(value).some(
    ([key, v]) => needsCleaning(key, depth) || needsCleaning(v, depth + 1)
  )
}
