import { BaseSchema } from '@adonisjs/lucid/schema'
import { countWritesSql, dropWritesSql } from '#database/helpers/ecritures'

/*
 * The staff dashboard kept between visits (issue 15 §1, decision 822), as the analyses are
 * (migration 0926): its number `tableau_bord` in analyse_ecritures moves with every committed
 * write to a table its two statements read (staffFigures and comptaFigures: the per-day sums
 * of the signed bdcs, of the devis and of the issued factures, the devis themselves for the
 * day's share of those to follow up, the acomptes awaited, the commandes and their steps for
 * the late ones, the visits, the open factures' due amounts and the clients' credit).
 */
export const TABLEAU_BORD_ECRIT = [
  'bdcs_signes_jour',
  'devis_stats_jour',
  'devis',
  'commandes_acomptes',
  'commandes',
  'commande_etapes',
  'planifications',
  'factures_emises_jour',
  'creance_echeances',
  'client_soldes_jour',
]

export default class extends BaseSchema {
  async up() {
    for (const sql of countWritesSql('tableau_bord', TABLEAU_BORD_ECRIT)) this.schema.raw(sql)
  }

  async down() {
    for (const sql of dropWritesSql('tableau_bord', TABLEAU_BORD_ECRIT)) this.schema.raw(sql)
  }
}
