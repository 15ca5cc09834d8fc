/**
 * A database id taken from the URL: a positive integer the database can hold. Anything else
 * (text, decimals, exponents, out-of-range numbers) is null, so the caller answers 404 instead of
 * letting PostgreSQL fail with a 500.
 */
export function parseId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !/^[1-9]\d{0,14}$/.test(text)) return null
  return Number(text)
}
