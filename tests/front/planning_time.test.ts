import { describe, expect, it } from 'vitest'
import {
  addMinutes,
  brusselsWallTime,
  minutesBetween,
  wallDateOf,
  wallTimeOf,
} from '~/lib/planning_time'

describe('planning_time: Brussels wall time for the calendar, whatever the browser zone', () => {
  it('reads an instant with its offset as the Brussels clock, winter and summer', () => {
    expect(brusselsWallTime('2026-12-01T09:00:00.000+01:00')).toBe('2026-12-01T09:00')
    expect(brusselsWallTime('2026-07-01T09:00:00.000+02:00')).toBe('2026-07-01T09:00')
    // the same instant written in UTC
    expect(brusselsWallTime('2026-07-01T07:00:00Z')).toBe('2026-07-01T09:00')
    expect(brusselsWallTime('2026-12-01T23:30:00Z')).toBe('2026-12-02T00:30')
  })

  it('crosses the DST changes (29/03/2026 and 25/10/2026)', () => {
    // 01:30 UTC on 29 March: after the jump (02:00 → 03:00), 03:30 in Brussels
    expect(brusselsWallTime('2026-03-29T01:30:00Z')).toBe('2026-03-29T03:30')
    expect(brusselsWallTime('2026-03-29T00:30:00Z')).toBe('2026-03-29T01:30')
    // 25 October: 00:30 UTC is 02:30 CEST, 01:30 UTC is 02:30 CET (the hour repeats)
    expect(brusselsWallTime('2026-10-25T00:30:00Z')).toBe('2026-10-25T02:30')
    expect(brusselsWallTime('2026-10-25T01:30:00Z')).toBe('2026-10-25T02:30')
  })

  it('reads back the wall time of a Date the calendar hands out (browser-local fields)', () => {
    // What @event-calendar's toLocalDate builds for 29/03/2026 09:15 on the calendar
    const d = new Date(2026, 2, 29, 9, 15)
    expect(wallTimeOf(d)).toBe('2026-03-29T09:15')
    expect(wallDateOf(d)).toBe('2026-03-29')
    expect(wallTimeOf(new Date(2026, 11, 31, 23, 45))).toBe('2026-12-31T23:45')
  })

  it('adds and measures minutes in clock arithmetic', () => {
    expect(addMinutes('2026-12-01T09:00', 90)).toBe('2026-12-01T10:30')
    expect(addMinutes('2026-12-31T23:30', 60)).toBe('2027-01-01T00:30')
    expect(minutesBetween('2026-12-01T09:00', '2026-12-01T17:00')).toBe(480)
    // The browser's own DST (New York: 08/03/2026) does not bend the Brussels clock
    expect(addMinutes('2026-03-08T01:30', 60)).toBe('2026-03-08T02:30')
    expect(minutesBetween('2026-03-29T01:00', '2026-03-29T04:00')).toBe(180)
  })
})
