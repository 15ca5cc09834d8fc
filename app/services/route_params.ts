/*
 * The one id parser (issue 9): a database id taken from a URL, a form or a filter. Anything that
 * is not a positive integer the column can hold (text, decimals, exponents, numbers beyond the
 * column type) is null, and the caller answers 404 (or a field error) instead of letting
 * PostgreSQL fail with a 500 ("value out of range for type integer").
 *
 * The router checks the same thing first: `:id` and `:revision` of every route must match
 * ID_MATCHER (start/routes.ts), so `/esi/bdc/abc` or `/esi/bdc/99999999999` is a 404 before any
 * controller runs; the bigint tables (clients, notifications) use BIGINT_ID_MATCHER.
 */

/** Largest value of a PostgreSQL `integer` / `serial` column. */
export const INT4_MAX = 2_147_483_647
/** Largest id of a `bigint` column we accept: 15 digits stay exact in a JS number. */
export const INT8_ID_MAX = 999_999_999_999_999

export type IdColumn = 'integer' | 'bigint'

export function parseId(value: unknown, column: IdColumn = 'integer'): number | null {
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !/^[1-9]\d{0,14}$/.test(text)) return null
  const id = Number(text)
  return id <= (column === 'integer' ? INT4_MAX : INT8_ID_MAX) ? id : null
}

/** 1 … 2147483647, digit by digit (a route matcher is a regular expression). */
export const INT4_ID_PATTERN =
  /^(?:[1-9]\d{0,8}|1\d{9}|20\d{8}|21[0-3]\d{7}|214[0-6]\d{6}|2147[0-3]\d{5}|21474[0-7]\d{4}|214748[0-2]\d{3}|2147483[0-5]\d{2}|21474836[0-3]\d|214748364[0-7])$/

/** Route matcher of an `integer` id (the params stay strings; parseId reads them). */
export const ID_MATCHER = { match: INT4_ID_PATTERN }
/** Route matcher of a `bigint` id. */
export const BIGINT_ID_MATCHER = { match: /^[1-9]\d{0,14}$/ }
