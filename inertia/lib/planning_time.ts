/*
 * Issue 13: the calendar shows Brussels wall time whatever the browser's zone. @event-calendar
 * accepts only fixed offsets, not Europe/Brussels (its DST), so it runs in 'UTC' and is fed
 * « floating » Brussels wall times: a Date whose UTC fields are the Brussels clock. What goes
 * back to the server is that wall time without an offset, which the server reads as Brussels.
 */
const TIME_ZONE = 'Europe/Brussels'

const pad = (n: number) => String(n).padStart(2, '0')

const wallFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** An instant (ISO with offset, or a Date) as Brussels wall time « yyyy-mm-ddThh:mm ». */
export function brusselsWallTime(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant
  const parts = Object.fromEntries(
    wallFormat.formatToParts(date).map((p) => [p.type, p.value])
  ) as Record<string, string>
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

/** A calendar Date (UTC fields = Brussels clock) as « yyyy-mm-ddThh:mm » for the server. */
export function wallTimeOf(date: Date): string {
  return `${wallDateOf(date)}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`
}

/** The calendar day « yyyy-mm-dd » of a calendar Date. */
export function wallDateOf(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

/** « yyyy-mm-ddThh:mm » (Brussels) as the calendar's floating Date. */
export function calendarDateOf(wall: string): Date {
  const [d, t = '00:00'] = wall.split('T')
  return new Date(`${d}T${t.slice(0, 5)}:00Z`)
}

/** Adds minutes to a wall time (no DST jump: it is clock arithmetic, like the calendar's). */
export function addMinutes(wall: string, minutes: number): string {
  return wallTimeOf(new Date(calendarDateOf(wall).getTime() + minutes * 60_000))
}

/** Minutes between two wall times. */
export function minutesBetween(from: string, to: string): number {
  return Math.round((calendarDateOf(to).getTime() - calendarDateOf(from).getTime()) / 60_000)
}
