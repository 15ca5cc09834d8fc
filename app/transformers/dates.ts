/** A Luxon DateTime or a JS Date as the pages receive it: an ISO string, or null when absent. */
type ToIso = Date | { toISO(): string | null }

/** (A required column gives a string.) */
export function iso(value: ToIso): string
export function iso(value: ToIso | null | undefined): string | null
export function iso(value: ToIso | null | undefined): string | null {
  if (value instanceof Date) return value.toISOString()
  return value?.toISO() ?? null
}

/** A date column (no time) as the pages receive it: `2026-03-16`, or null when absent. */
export function isoDate(value: { toISODate(): string | null } | null | undefined): string | null {
  return value?.toISODate() ?? null
}
