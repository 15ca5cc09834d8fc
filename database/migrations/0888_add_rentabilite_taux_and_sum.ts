import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Rentabilité read with less work (issue 15 §1, decisions 716–717):
 * - rentabilite_commandes.taux, the margin rate the page ranks the commandes by, as the page
 *   computed it at each read (NULL when no sale at known cost), a STORED generated column: every
 *   write of a row (the triggers' upserts of migrations 0878–0879, a purchase price change
 *   included) recomputes it in the writing transaction, and adding it computes it for the
 *   existing rows (the table is rewritten). Its index (taux, numero), carrying what the page
 *   filters and shows, gives the 100 least profitable commandes of a period by reading the index
 *   in order until 100 of the period are found, not by sorting every commande of the period;
 * - rentabilite_sum(bigint): a sum of bigint that stays bigint (int8pl: an error on overflow,
 *   never a wrong figure), where sum(bigint) accumulates in 128 bits and hands back a numeric
 *   per group. The page sums the product rows' cents and line counts with it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`ALTER TABLE rentabilite_commandes ADD COLUMN IF NOT EXISTS taux numeric
      GENERATED ALWAYS AS (CASE WHEN vente_connue > 0
        THEN (vente_connue - cout)::numeric / vente_connue END) STORED`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS rentabilite_commandes_taux_idx
      ON rentabilite_commandes (taux, numero) INCLUDE (signe_le, commercial_id, lignes,
      commande_id, client_nom, vente_connue, cout, inconnu)`)
    this.schema.raw(`CREATE OR REPLACE AGGREGATE rentabilite_sum(bigint) (
      SFUNC = int8pl, STYPE = bigint, COMBINEFUNC = int8pl, PARALLEL = SAFE)`)
    this.schema.raw('ANALYZE rentabilite_commandes')
  }

  async down() {
    this.schema.raw('DROP AGGREGATE IF EXISTS rentabilite_sum(bigint)')
    this.schema.raw('DROP INDEX IF EXISTS rentabilite_commandes_taux_idx')
    this.schema.raw('ALTER TABLE rentabilite_commandes DROP COLUMN IF EXISTS taux')
  }
}
