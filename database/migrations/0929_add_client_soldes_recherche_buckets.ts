import { BaseSchema } from '@adonisjs/lucid/schema'
import {
  KEPT_COLUMNS,
  KEPT_SUMS,
  REFRESH_FUNCTION_SQL,
  TODAY_SQL,
  touchFunctionSql,
} from '#database/helpers/client_soldes_recherche'
import { bucketsFunctionSql } from '#services/creances/creance_buckets'

/*
 * The aging buckets kept on each client_soldes_recherche row (issue 15 §1, decision 829): the
 * sums of its open factures per bucket on the day `b_jour`, and `b_jusqu_au`, the first day on
 * which one of them enters another bucket (null: never). Until then a créances search reads six
 * numbers per matching client instead of summing its arrays (the search's totals summed every
 * match's). Kept IN THE SAME TRANSACTION by the row trigger of migration 0893, which
 * now also sums them for today; the nightly pass (and this migration) sums again the rows whose
 * sums no longer hold. A row read on a day its sums do not hold is summed from its arrays, so
 * the figures are right whether that pass ran or not.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`ALTER TABLE client_soldes_recherche
      ${KEPT_SUMS.map((col) => `ADD COLUMN IF NOT EXISTS ${col} bigint NOT NULL DEFAULT 0`).join(', ')},
      ADD COLUMN IF NOT EXISTS b_jour date, ADD COLUMN IF NOT EXISTS b_jusqu_au date`)
    this.schema.raw(bucketsFunctionSql())
    this.schema.raw(touchFunctionSql(true))
    this.schema.raw(REFRESH_FUNCTION_SQL)
    this.schema.raw(`SELECT client_soldes_recherche_buckets(${TODAY_SQL})`)
    this.schema.raw(`ANALYZE client_soldes_recherche`)
  }

  async down() {
    this.schema.raw(touchFunctionSql(false))
    this.schema.raw('DROP FUNCTION IF EXISTS client_soldes_recherche_buckets(date)')
    this.schema.raw('DROP FUNCTION IF EXISTS creance_buckets(date[], bigint[], date)')
    this.schema.raw(`ALTER TABLE client_soldes_recherche
      ${KEPT_COLUMNS.map((col) => `DROP COLUMN IF EXISTS ${col}`).join(', ')}`)
  }
}
