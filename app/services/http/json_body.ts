/*
 * The JSON of every response body (config/app.ts `serializeJSON`, decision 680): V8's own
 * JSON.stringify, which is several times faster than the framework's default (@poppinss/utils'
 * safeStringify, a JavaScript serialiser with a replacer: 6–7 % of a list page's CPU, for its
 * 25 rows of props). The default is kept for what JSON.stringify refuses (a BigInt, a circular
 * structure), so every body is the same string as before: same key order (neither sorts), same
 * toJSON calls, same dropped undefined values. And the request bodies' strings trimmed and the
 * empty ones turned into null after a JSON.parse without a reviver (normaliseStrings, decisions
 * 737, 842).
 */
import { safeStringify } from '@poppinss/utils/json'

export function serializeJsonBody(value: unknown): string | undefined {
  try {
    return JSON.stringify(value)
  } catch {
    // TypeError: a BigInt (sent as its digits) or a cycle (the repeated reference dropped)
    return safeStringify(value)
  }
}

/**
 * The strings of a parsed JSON body trimmed and the empty ones turned into null, in place
 * (decisions 737, 842), as the body parser's default reviver did (`trimWhitespaces` with
 * `convertEmptyStringsToNull`: the form bodies' rule too): every string value at any depth, in
 * objects and arrays, except the value of a property whose own key is "" (the reviver returned
 * the value of key "" as it was: the root's key, and any property named ""). The parser now
 * calls JSON.parse without a reviver — a reviver, even one returning most values as they are,
 * makes V8 leave its fast path (0.17 against 0.03 ms for the 50-line devis) — and its
 * prototype-poisoning guard (`__proto__`, `constructor.prototype` removed) is unchanged.
 * Returns whether it changed anything, so the request's merged data is rebuilt only then.
 */
export function normaliseStrings(value: unknown, depth = 0): boolean {
  // The body parser's own depth cap (and no cycle in parsed JSON) keep this bounded
  if (value === null || typeof value !== 'object' || depth > 256) return false
  let changed = false
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = value[i]
      if (typeof item === 'string') {
        const normal = normalString(item)
        if (normal !== item) {
          value[i] = normal
          changed = true
        }
      } else if (item !== null && typeof item === 'object') {
        changed = normaliseStrings(item, depth + 1) || changed
      }
    }
    return changed
  }
  // Only what JSON.parse makes (plain objects); an uploaded file is left alone
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return false
  const record = value as Record<string, unknown>
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue
    const item = record[key]
    if (typeof item === 'string') {
      if (key === '') continue
      const normal = normalString(item)
      if (normal !== item) {
        record[key] = normal
        changed = true
      }
    } else if (item !== null && typeof item === 'object') {
      changed = normaliseStrings(item, depth + 1) || changed
    }
  }
  return changed
}

/** The reviver's rule for one string: trimmed, and null when nothing is left. */
function normalString(text: string): string | null {
  const trimmed = text.trim()
  return trimmed === '' ? null : trimmed
}
