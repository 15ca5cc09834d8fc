/*
 * The staff dashboard's money figures (issue 11 §6): turnover invoiced this month (HT of the
 * factures issued since the 1st, Brussels), what is due (RESTE_SQL over the open factures) and
 * the part of it overdue (due date before today), less the clients' credit (what their payments
 * left unallocated, kept per client in client_soldes: the créances page's total solde). One
 * query; notes de crédit will lower the turnover once they exist (their own table).
 */
import db from '@adonisjs/lucid/services/db'
import { RESTE_SQL } from '#services/factures/reste'
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
  // Three index-only reads (migration 0820, decision 505) instead of a pass over every facture:
  // the issued factures by date, the open ones by due date, the clients with a credit
  const result = await db.rawQuery(
    `SELECT
       (SELECT COALESCE(sum(factures.total_ht), 0) FROM factures
         WHERE factures.numero IS NOT NULL
           AND factures.date_facture BETWEEN ?::date AND ?::date)::bigint AS ca,
       COALESCE(o.du, 0)::bigint AS du,
       COALESCE(o.en_retard, 0)::bigint AS en_retard,
       (SELECT COALESCE(sum(client_soldes.credit), 0) FROM client_soldes
         WHERE client_soldes.credit > 0)::bigint AS credit
     FROM (SELECT sum(${RESTE_SQL}) AS du,
             sum(${RESTE_SQL}) FILTER (WHERE factures.echeance < ?::date) AS en_retard
           FROM factures WHERE ${OPEN_FACTURE_SQL}) AS o`,
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
