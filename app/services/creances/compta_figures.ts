/*
 * The staff dashboard's money figures (issue 11 §6): turnover invoiced this month (HT of the
 * factures issued since the 1st, Brussels), what is due (RESTE_SQL over the open factures) and
 * the part of it overdue (due date before today), less the clients' credit (the créances page's
 * total solde). One query; notes de crédit will lower the turnover once they exist (their own
 * table).
 */
import db from '@adonisjs/lucid/services/db'
import { PAIEMENT_LIBRE_SQL, RESTE_SQL } from '#services/factures/reste'
import { OPEN_FACTURE_SQL } from '#services/creances/creance_list'

export type ComptaFigures = {
  /** yyyy-mm-01 … today */
  mois_du: string
  chiffre_affaires_mois: number
  du: number
  en_retard: number
}

export async function comptaFigures(today: string): Promise<ComptaFigures> {
  const moisDu = `${today.slice(0, 7)}-01`
  const result = await db.rawQuery(
    `SELECT
       COALESCE(sum(factures.total_ht) FILTER (WHERE factures.numero IS NOT NULL
         AND factures.date_facture BETWEEN ?::date AND ?::date), 0)::bigint AS ca,
       COALESCE(sum(${RESTE_SQL}) FILTER (WHERE ${OPEN_FACTURE_SQL}), 0)::bigint AS du,
       (SELECT COALESCE(sum(GREATEST(k.credit, 0)), 0) FROM (
          SELECT sum(${PAIEMENT_LIBRE_SQL}) AS credit FROM paiements
          GROUP BY paiements.client_id) AS k)::bigint AS credit,
       COALESCE(sum(${RESTE_SQL}) FILTER (WHERE ${OPEN_FACTURE_SQL}
         AND factures.echeance < ?::date), 0)::bigint AS en_retard
     FROM factures WHERE factures.numero IS NOT NULL`,
    [moisDu, today, today]
  )
  const row = result.rows[0] ?? {}
  return {
    mois_du: moisDu,
    chiffre_affaires_mois: Number(row.ca ?? 0),
    du: Number(row.du ?? 0) - Number(row.credit ?? 0),
    en_retard: Number(row.en_retard ?? 0),
  }
}
