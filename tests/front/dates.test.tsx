/*
 * shared/dates.ts: "today" is Brussels' day, not UTC's (around midnight and across the clock
 * changes), calendar dates are never shifted, days are counted whole; and the withdrawal banner
 * of a commande counts its days left from that "today".
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { daysBetween, formatDate, formatDateTime, isoDateInBrussels, todayIso } from '@shared/dates'
import RetractationBanner, {
  joursRestantsText,
  retractationState,
} from '~/components/commande/RetractationBanner'
import { mountRoot } from './helpers/react_root'

describe('todayIso: the Brussels day', () => {
  it('23:30 UTC on the night of the spring clock change is already the next day', () => {
    // 29 March 2026: Brussels goes from UTC+1 to UTC+2 at 01:00 UTC
    expect(todayIso(new Date('2026-03-29T23:30:00Z'))).toBe('2026-03-30')
    expect(todayIso(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29')
    expect(todayIso(new Date('2026-03-29T21:59:00Z'))).toBe('2026-03-29')
    expect(todayIso(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30')
  })

  it('winter: one hour ahead of UTC; the autumn change', () => {
    expect(todayIso(new Date('2026-01-31T22:59:00Z'))).toBe('2026-01-31')
    expect(todayIso(new Date('2026-01-31T23:00:00Z'))).toBe('2026-02-01')
    // 25 October 2026: back to UTC+1 at 01:00 UTC
    expect(todayIso(new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25')
    expect(todayIso(new Date('2026-10-25T22:30:00Z'))).toBe('2026-10-25')
    expect(todayIso(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26')
  })

  it('isoDateInBrussels of an instant; empty for nothing', () => {
    expect(isoDateInBrussels('2026-12-31T23:15:00Z')).toBe('2027-01-01')
    expect(isoDateInBrussels(null)).toBe('')
    expect(isoDateInBrussels('pas une date')).toBe('')
  })
})

describe('formatDate / formatDateTime', () => {
  it('a calendar date is printed as is, an instant at its Brussels day and time', () => {
    expect(formatDate('2026-03-29')).toBe('29/03/2026')
    expect(formatDate('2026-03-29T23:30:00Z')).toBe('30/03/2026')
    expect(formatDateTime('2026-03-29T23:30:00Z')).toBe('30/03/2026 01:30')
    expect(formatDateTime('2026-03-28T23:30:00Z')).toBe('29/03/2026 00:30')
    expect(formatDate(null)).toBe('')
  })
})

describe('daysBetween', () => {
  it('whole calendar days, across the clock changes, negative backwards', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2)
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2)
    expect(daysBetween('2026-03-30', '2026-03-30')).toBe(0)
    expect(daysBetween('2026-03-30', '2026-03-29')).toBe(-1)
    expect(daysBetween('2026-12-31', '2027-01-14')).toBe(14)
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2)
  })

  it('refuses what is not a yyyy-mm-dd date', () => {
    expect(() => daysBetween('29/03/2026', '2026-03-30')).toThrow(/Date invalide/)
  })
})

describe('withdrawal banner', () => {
  // Registered before mountRoot(), so it runs after the root's teardown (vitest's stack order)
  afterEach(() => vi.useRealTimers())
  const dom = mountRoot()

  it('days left from the Brussels today, the last day included', () => {
    expect(retractationState('2026-04-12', '2026-03-29')).toEqual({
      enCours: true,
      joursRestants: 14,
    })
    expect(joursRestantsText(retractationState('2026-04-12', '2026-04-11'))).toBe('Encore 1 jour.')
    expect(joursRestantsText(retractationState('2026-04-12', '2026-04-12'))).toBe(
      'Dernier jour aujourd’hui.'
    )
    expect(joursRestantsText(retractationState('2026-04-12', '2026-04-13'))).toBe(
      'Ce délai est écoulé.'
    )
  })

  it('at 23:30 UTC on the last day, Brussels is past it: the banner says it is over', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-29T23:30:00Z'))
    dom.render(<RetractationBanner fin="2026-03-29" />)
    const banner = dom.container.querySelector('[data-testid="commande-retractation"]')!
    // In UTC it would still be the 29th, the last day: the old banner said "en cours"
    expect(banner.className).toContain('alert-secondary')
    expect(banner.textContent).toContain('jusqu’au 29/03/2026')
    expect(dom.container.querySelector('[data-testid="retractation-jours"]')!.textContent).toBe(
      'Ce délai est écoulé.'
    )

    vi.setSystemTime(new Date('2026-03-29T21:30:00Z'))
    dom.render(<RetractationBanner fin="2026-04-05" />)
    expect(banner.className).toContain('alert-warning')
    expect(dom.container.querySelector('[data-testid="retractation-jours"]')!.textContent).toBe(
      'Encore 7 jours.'
    )
  })
})
