/*
 * A period of the accountant's exports (issue 11 §5): two calendar days « du » and « au »,
 * both included, at most a few years apart. Checked here for the page and the server alike.
 */
import { addDays, daysBetween } from './dates.js'

export type Periode = { du: string; au: string }

/** Longest period one export covers (a file of a few years of sales, not of decades). */
export const PERIODE_MAX_JOURS = 3 * 366

const ISO = /^\d{4}-\d{2}-\d{2}$/

function realDay(value: string): boolean {
  if (!ISO.test(value)) return false
  // addDays round-trips only a real calendar day ("2026-02-30" comes back as "2026-03-02")
  return addDays(value, 0) === value
}

/** The period of the query string, or the French reason it is refused. */
export function parsePeriode(
  du: unknown,
  au: unknown
): { periode: Periode; error: null } | { periode: null; error: string } {
  if (typeof du !== 'string' || !realDay(du) || typeof au !== 'string' || !realDay(au)) {
    return { periode: null, error: 'Indiquez une période valide (dates « du » et « au »).' }
  }
  if (daysBetween(du, au) < 0) {
    return { periode: null, error: 'La date « au » doit suivre la date « du ».' }
  }
  if (daysBetween(du, au) > PERIODE_MAX_JOURS) {
    return { periode: null, error: 'Période trop longue : trois ans au plus par export.' }
  }
  return { periode: { du, au }, error: null }
}

/** The previous calendar month of `today`: what the accountant asks for most often. */
export function moisPrecedent(today: string): Periode {
  const firstOfMonth = `${today.slice(0, 7)}-01`
  const au = addDays(firstOfMonth, -1)
  return { du: `${au.slice(0, 7)}-01`, au }
}
