import { BaseSchema } from '@adonisjs/lucid/schema'
import { countWritesSql, dropWritesSql } from '#database/helpers/ecritures'

/*
 * The créances' totals kept between visits (issue 15 §1, decision 824), as the analyses are
 * (migration 0926): the totals of the unfiltered page and of « en retard » read only the sums
 * the database keeps per due date (creance_echeances) and per oldest due date
 * (client_soldes_jour); their number `creances_totaux` moves with every committed write to
 * either (the triggers of the factures, paiements and allocations write them).
 */
export const CREANCES_TOTAUX_ECRIT = ['creance_echeances', 'client_soldes_jour']

export default class extends BaseSchema {
  async up() {
    for (const sql of countWritesSql('creances_totaux', CREANCES_TOTAUX_ECRIT)) this.schema.raw(sql)
  }

  async down() {
    for (const sql of dropWritesSql('creances_totaux', CREANCES_TOTAUX_ECRIT)) this.schema.raw(sql)
  }
}
