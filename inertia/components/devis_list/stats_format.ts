/** Formatting of the devis statistics, shared by the charts and the tables. */

const MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
]

/** "2026-03" → "mars 2026" */
export function monthLabel(mois: string): string {
  const [y, m] = mois.split('-').map(Number)
  return `${MONTHS[m - 1]} ${y}`
}

const percent = new Intl.NumberFormat('fr-BE', { style: 'percent', maximumFractionDigits: 1 })
const decimal = new Intl.NumberFormat('fr-BE', { maximumFractionDigits: 1 })

/** 0.425 → "42,5 %"; null → "—" */
export function formatRate(value: number | null): string {
  return value === null ? '—' : percent.format(value).replace(/\u202f/g, '\u00a0')
}

/** 3.46 → "3,5 j"; null → "—" */
export function formatDays(value: number | null): string {
  return value === null ? '—' : `${decimal.format(value)}\u00a0j`
}
