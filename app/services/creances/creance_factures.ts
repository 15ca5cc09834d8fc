/*
 * One client's créances (esi/compta/creance/:id): its open factures on a day, oldest due date
 * first, each with its days late and its aging bucket (shared/creances.ts).
 */
import db from '@adonisjs/lucid/services/db'
import { RESTE_SQL } from '#services/factures/reste'
import { OPEN_FACTURE_SQL } from '#services/creances/creance_list'
import { agingBucket, joursRetard, type CreanceFactureItem } from '#shared/creances'

/**
 * A client's open factures on `today`, oldest due date first (the page of one client). The days
 * are read as text (to_char): the page's yyyy-mm-dd, no time zone to apply.
 */
export async function creanceFactures(
  clientId: number,
  today: string
): Promise<CreanceFactureItem[]> {
  const rows = await db
    .from('factures')
    .where('factures.client_id', clientId)
    .whereRaw(OPEN_FACTURE_SQL)
    .select(
      'factures.id',
      'factures.numero',
      db.raw(`to_char(factures.date_facture, 'YYYY-MM-DD') AS date_facture`),
      db.raw(`to_char(factures.echeance, 'YYYY-MM-DD') AS echeance`),
      'factures.total_ttc',
      db.raw(`${RESTE_SQL}::bigint AS reste`)
    )
    .orderBy('factures.echeance', 'asc')
    .orderBy('factures.id', 'asc')
  return rows.map((row) => {
    const echeance: string = row.echeance
    const days = joursRetard(echeance, today)
    return {
      id: row.id,
      numero: row.numero,
      date_facture: row.date_facture,
      echeance,
      total_ttc: Number(row.total_ttc),
      reste: Number(row.reste),
      jours_retard: days,
      bucket: agingBucket(days),
    }
  })
}
