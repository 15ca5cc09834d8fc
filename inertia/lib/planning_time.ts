/*
 * Issue 13: the calendar shows Brussels wall time whatever the browser's zone. @event-calendar
 * accepts only fixed offsets, not Europe/Brussels (its DST), so it runs in 'UTC' and is fed
 * « floating » Brussels wall times (« 2026-12-01T09:00:00 »); what it hands back is that clock as
 * a browser-local Date. What goes to the server is the wall time without an offset, which the
 * server reads as Brussels.
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

/**
 * A Date the calendar hands out (select, drop, datesSet, dateFromPoint) as « yyyy-mm-ddThh:mm ».
 * @event-calendar gives its wall time as a browser-local Date (its toLocalDate: the local fields
 * are the calendar's clock), so the local getters read the Brussels wall time back.
 */
export function wallTimeOf(date: Date): string {
  return `${wallDateOf(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** The calendar day « yyyy-mm-dd » of a Date the calendar handed out. */
export function wallDateOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** A wall time as a UTC instant: clock arithmetic that no zone's DST can bend. */
function clock(wall: string): number {
  const [d, t = '00:00'] = wall.split('T')
  return Date.parse(`${d}T${t.slice(0, 5)}:00Z`)
}

/** Adds minutes to a wall time (clock arithmetic, like the calendar's own). */
export function addMinutes(wall: string, minutes: number): string {
  if (Number.isNaN(clock(wall))) return wall
  return new Date(clock(wall) + minutes * 60_000).toISOString().slice(0, 16)
}

/** Minutes between two wall times. */
export function minutesBetween(from: string, to: string): number {
  return Math.round((clock(to) - clock(from)) / 60_000)
}
