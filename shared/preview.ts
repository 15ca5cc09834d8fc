/*
 * Issue 14 §5: the preview area's special pages (SPEC.md §1): template demonstrations with
 * sample data only, no business function. The server refuses any other name (404).
 */
export const SPECIALS = [
  'checkout',
  'coming-soon',
  'installation',
  'maintenance',
  'status',
] as const
export type Special = (typeof SPECIALS)[number]

export const SPECIAL_LABELS: Record<Special, string> = {
  checkout: 'Paiement',
  'coming-soon': 'Bientôt disponible',
  installation: 'Installation',
  maintenance: 'Maintenance',
  status: 'État des services',
}

export function isSpecial(value: unknown): value is Special {
  return typeof value === 'string' && (SPECIALS as readonly string[]).includes(value)
}
