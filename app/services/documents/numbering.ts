/*
 * Gapless legal numbers (DESIGN.md §3, reference B1), every document type in one place:
 * DEV-2026-00001, BDC-, CMD-, DP-, OFF- (one series per pro société), FAC-, NC-, and CF- (supplier
 * orders, numbered when sent).
 * The counter row of (serie, year) is incremented by an upsert inside the caller's transaction:
 * the UPDATE takes the row lock until that transaction ends, so concurrent issuers wait (in
 * their order of arrival, behind an advisory lock: decision 853), a rollback gives the number
 * back, and no two documents share one. Never call it outside the
 * transaction that issues the document.
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { TIME_ZONE } from '#shared/app'

/** Today's date in Brussels (a document's default date). */
export function today(): DateTime {
  return DateTime.now().setZone(TIME_ZONE).startOf('day')
}

export function currentYear(): number {
  return DateTime.now().setZone(TIME_ZONE).year
}

/** The prefix of each document type's numbers. */
export const SERIES = {
  devis: 'DEV',
  bdc: 'BDC',
  commande: 'CMD',
  offre: 'OFF',
  demande_paiement: 'DP',
  facture: 'FAC',
  note_credit: 'NC',
  commande_fournisseur: 'CF',
} as const
export type Serie = keyof typeof SERIES

/** The first key of the numbering's advisory locks (the two-key space, apart from our others). */
const NUMBERING_LOCK_CLASS = 15_853

/** Types numbered per owner (an offre per pro société: OFF:<societe id>). */
const SCOPED: Partial<Record<Serie, true>> = { offre: true }

/** DEV-2026-00001 */
export function formatNumero(serie: Serie, annee: number, n: number): string {
  return `${SERIES[serie]}-${annee}-${String(n).padStart(5, '0')}`
}

/** The counter row's key: the prefix, with the owner for a scoped series. */
export function counterKey(serie: Serie, scope?: number): string {
  if (SCOPED[serie] && scope === undefined) throw new RangeError(`${serie}: owner required`)
  return SCOPED[serie] ? `${SERIES[serie]}:${scope}` : SERIES[serie]
}

/**
 * @param options.scope the owner of a scoped series (the offre's société)
 * @param options.annee the year of the number (the demo data backdates; else this year)
 */
export async function nextNumero(
  trx: TransactionClientContract,
  serie: Serie,
  options: { scope?: number; annee?: number } = {}
): Promise<string> {
  const annee = options.annee ?? currentYear()
  const scope = counterKey(serie, options.scope)
  // Issuers queue on an advisory lock first, in the same statement (a round trip between the
  // two would be spent holding it): the lock manager grants it in order of arrival, whereas the
  // waiters on the counter row retry the upsert and race each time it is released, so some lost
  // many rounds (decision 853). ON CONFLICT then updates the latest committed row.
  const result = await trx.rawQuery(
    `WITH queued AS (SELECT pg_advisory_xact_lock(?, hashtext(?)))
     INSERT INTO document_counters (serie, annee, dernier) SELECT ?, ?, 1 FROM queued
     ON CONFLICT (serie, annee) DO UPDATE SET dernier = document_counters.dernier + 1
     RETURNING dernier`,
    [NUMBERING_LOCK_CLASS, `${scope}:${annee}`, scope, annee]
  )
  return formatNumero(serie, annee, Number(result.rows[0].dernier))
}
