import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Rentabilité read with less work (issue 15 §1, decision 718): the page sums the product rows'
 * quantities as bigint thousandths (rentabilite_sum, migration 0888) rather than as numeric.
 * The quantities are bdc_lignes.quantite, numeric(12,3), and their sums keep three decimals, so
 * quantite × 1000 is an integer and the thousandths are exact; the page divides the sum by 1000
 * in JavaScript, which gives the very number the numeric sum's text gave (both the double
 * nearest the same decimal).
 * A STORED generated column: every row the triggers of migrations 0878–0879 or the compaction
 * insert computes it in the writing transaction, and adding it computes it for the existing
 * rows (the table is rewritten). The index the page reads (index-only) carries it instead of
 * the numeric quantity.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`ALTER TABLE rentabilite_produits ADD COLUMN IF NOT EXISTS quantite_milliemes
      bigint GENERATED ALWAYS AS ((quantite * 1000)::bigint) STORED`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS rentabilite_produits_lecture_idx
      ON rentabilite_produits (kind, jour) INCLUDE (commercial_id, produit_id, lignes,
      quantite_milliemes, vente_connue, cout, inconnu)`)
    this.schema.raw('DROP INDEX IF EXISTS rentabilite_produits_idx')
    this.schema.raw('ANALYZE rentabilite_produits')
  }

  async down() {
    this.schema.raw(`CREATE INDEX IF NOT EXISTS rentabilite_produits_idx ON rentabilite_produits
      (kind, jour) INCLUDE (commercial_id, produit_id, lignes, quantite, vente_connue, cout,
      inconnu)`)
    this.schema.raw('DROP INDEX IF EXISTS rentabilite_produits_lecture_idx')
    this.schema.raw('ALTER TABLE rentabilite_produits DROP COLUMN IF EXISTS quantite_milliemes')
  }
}
