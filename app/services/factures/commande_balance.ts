/*
 * One balance per commande (issue 11): what was ordered, invoiced across acompte, intermédiaires
 * and solde, credited by notes de crédit, paid (allocations) and what is still due — summed from
 * the commande's issued factures, so « reste dû » is RESTE_SQL's, the créances' figure.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { RESTE_SQL } from '#services/factures/reste'
import type { CommandeBalance } from '#shared/factures'

/**
 * The balance of the commande of bdc `bdcId`. Every issued facture counts, cancelled ones too
 * (their notes de crédit are in « crédité »), so facturé − crédité − payé = reste dû holds.
 */
export async function commandeBalance(
  bdcId: number,
  client?: TransactionClientContract
): Promise<CommandeBalance> {
  const { rows } = await (client ?? db).rawQuery(
    `SELECT COALESCE((SELECT c.total_ttc FROM commandes c WHERE c.bdc_id = bdcs.id), bdcs.total_ttc)
         AS commande_ttc,
       COALESCE(sum(factures.total_ttc), 0)::bigint AS facture,
       COALESCE(sum(factures.montant_credite), 0)::bigint AS credite,
       COALESCE(sum(factures.montant_paye), 0)::bigint AS paye,
       COALESCE(sum(${RESTE_SQL}), 0)::bigint AS reste_du
     FROM bdcs
     LEFT JOIN factures ON factures.bdc_id = bdcs.id AND factures.numero IS NOT NULL
     WHERE bdcs.id = ?
     GROUP BY bdcs.id`,
    [bdcId]
  )
  const row = rows[0] ?? {}
  return {
    commande_ttc: Number(row.commande_ttc ?? 0),
    facture: Number(row.facture ?? 0),
    credite: Number(row.credite ?? 0),
    paye: Number(row.paye ?? 0),
    reste_du: Number(row.reste_du ?? 0),
  }
}
