/** A Luxon DateTime or a JS Date as the pages receive it: an ISO string, or null when absent. */
export function iso(value: Date | { toISO(): string | null } | null | undefined): string | null {
  if (value instanceof Date) return value.toISOString()
  return value?.toISO() ?? null
}
