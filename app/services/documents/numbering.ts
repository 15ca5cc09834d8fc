/*
 * Gapless legal numbers (DESIGN.md §3, reference B1): DEV-2026-00001, BDC-, CMD-, DP-, OFF-.
 * The counter row of (serie, year) is incremented by an upsert inside the caller's transaction:
 * the UPDATE takes the row lock until that transaction ends, so concurrent issuers queue, a
 * rollback gives the number back, and no two documents share one. Never call it outside the
 * transaction that issues the document.
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { formatNumero } from '#shared/devis'
import { TIME_ZONE } from '#shared/app'

/** Today's date in Brussels (a document's default date). */
export function today(): DateTime {
  return DateTime.now().setZone(TIME_ZONE).startOf('day')
}

export function currentYear(): number {
  return DateTime.now().setZone(TIME_ZONE).year
}

/**
 * @param prefix shown in the number (DEV, BDC, CMD, DP, OFF)
 * @param scope  a series key when one prefix has several series (OFF:<societe id>)
 */
export async function nextNumero(
  trx: TransactionClientContract,
  prefix: string,
  scope: string = prefix,
  annee: number = currentYear()
): Promise<string> {
  const result = await trx.rawQuery(
    `INSERT INTO document_counters (serie, annee, dernier) VALUES (?, ?, 1)
     ON CONFLICT (serie, annee) DO UPDATE SET dernier = document_counters.dernier + 1
     RETURNING dernier`,
    [scope, annee]
  )
  return formatNumero(prefix, annee, Number(result.rows[0].dernier))
}
