import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatMoney, formatRelative, formatTime } from '~/lib/format'

// Intl's fr-BE spaces: U+202F between thousands, U+00A0 before the unit
const NNBSP = '\u202f'
const NBSP = '\u00a0'

describe('formatDate: dd/mm/yyyy in Europe/Brussels', () => {
  it('prints a calendar date as is', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026')
  })

  it('prints an instant in Brussels time, summer and winter', () => {
    // 23:30 UTC on 5 March is already 6 March in Brussels (UTC+1)
    expect(formatDate('2026-03-05T23:30:00Z')).toBe('06/03/2026')
    // 22:30 UTC on 30 June is 00:30 on 1 July in Brussels (UTC+2)
    expect(formatDate(new Date('2026-06-30T22:30:00Z'))).toBe('01/07/2026')
    expect(formatDate('2026-06-30T21:59:00Z')).toBe('30/06/2026')
  })

  it('gives an empty string for nothing or garbage', () => {
    expect(formatDate(null)).toBe('')
    expect(formatDate(undefined)).toBe('')
    expect(formatDate('')).toBe('')
    expect(formatDate('pas une date')).toBe('')
  })
})

describe('formatTime / formatDateTime', () => {
  it('24-hour Brussels time', () => {
    expect(formatTime('2026-07-01T07:05:00Z')).toBe('09:05')
    expect(formatTime('2026-01-01T23:05:00Z')).toBe('00:05')
    expect(formatDateTime('2026-01-01T23:05:00Z')).toBe('02/01/2026 00:05')
    expect(formatDateTime(null)).toBe('')
  })
})

describe('formatMoney: integer cents → fr-BE euros', () => {
  it('groups thousands and puts € after', () => {
    expect(formatMoney(123456)).toBe(`1${NNBSP}234,56${NBSP}€`)
    expect(formatMoney(123456789)).toBe(`1${NNBSP}234${NNBSP}567,89${NBSP}€`)
    expect(formatMoney(50)).toBe(`0,50${NBSP}€`)
    expect(formatMoney(0)).toBe(`0,00${NBSP}€`)
    expect(formatMoney(-500)).toBe(`-5,00${NBSP}€`)
  })

  it('reads the same as "1 234,56 €" once spaces are normalised', () => {
    expect(formatMoney(123456).replace(/[\u202f\u00a0]/g, ' ')).toBe('1 234,56 €')
  })

  it('empty for null, undefined and non-finite values', () => {
    expect(formatMoney(null)).toBe('')
    expect(formatMoney(undefined)).toBe('')
    expect(formatMoney(Number.NaN)).toBe('')
  })
})

describe('formatRelative: French, for notifications', () => {
  const now = new Date('2026-03-10T12:00:00Z')
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString()

  it('under a minute, and the future, is "à l\'instant"', () => {
    expect(formatRelative(ago(30_000), now)).toBe("à l'instant")
    expect(formatRelative(ago(-120_000), now)).toBe("à l'instant")
  })

  it('minutes, hours, days', () => {
    expect(formatRelative(ago(5 * 60_000), now)).toBe(`il y a 5${NBSP}min`)
    expect(formatRelative(ago(59 * 60_000 + 59_000), now)).toBe(`il y a 59${NBSP}min`)
    expect(formatRelative(ago(3 * 3_600_000), now)).toBe(`il y a 3${NBSP}h`)
    expect(formatRelative(ago(2 * 86_400_000), now)).toBe(`il y a 2${NBSP}j`)
  })

  it('from a week on, the date', () => {
    expect(formatRelative(ago(7 * 86_400_000), now)).toBe('03/03/2026')
  })

  it('empty for nothing', () => {
    expect(formatRelative(null, now)).toBe('')
  })
})
