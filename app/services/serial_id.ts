import { parseId } from '#services/route_params'

/**
 * An id of a table with a `serial` (int4) key, taken from a URL or a form: parseId's checks plus
 * the int4 range, so a huge number is a 404 or a field error, never PostgreSQL's out-of-range 500.
 */
export function parseSerialId(value: unknown): number | null {
  const id = parseId(value)
  return id !== null && id <= 2_147_483_647 ? id : null
}
