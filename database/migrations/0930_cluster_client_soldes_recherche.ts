import { BaseSchema } from '@adonisjs/lucid/schema'
import { SEARCH_ORDER_INDEX } from '#services/creances/creance_search_order'

/*
 * client_soldes_recherche kept in the order of the names (issue 15 §1, decision 832): a
 * créances search reads each matching row from the table, and in the order the rows were written
 * (a client's first facture) the 1 666 clients named « Dupont » of the bench sat on 1 666 pages
 * of 11 615; in the order of `tri_nom` they sit on 116 of 6 567. The index names the order
 * CLUSTER restores; the nightly pass puts the rows back in it when it has drifted
 * (keepSearchOrder). Figures' updates leave `tri_nom` as it is, so they stay HOT.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE INDEX IF NOT EXISTS ${SEARCH_ORDER_INDEX}
      ON client_soldes_recherche (tri_nom, client_id)`)
    this.schema.raw(`CLUSTER client_soldes_recherche USING ${SEARCH_ORDER_INDEX}`)
    this.schema.raw('ANALYZE client_soldes_recherche')
  }

  async down() {
    this.schema.raw(`DROP INDEX IF EXISTS ${SEARCH_ORDER_INDEX}`)
  }
}
