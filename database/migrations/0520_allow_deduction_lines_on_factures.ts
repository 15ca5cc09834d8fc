/*
 * A facture de solde deducts the earlier factures as lines of quantity −1 (decision 230: the
 * unit price stays positive, EN 16931 BR-27), so facture_lignes accept a negative quantity
 * (the other documents' lines keep theirs ≥ 0). One solde per bdc, not cancelled: the service
 * checks under the bdc's row lock; this index is the last wall.
 */
import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`ALTER TABLE facture_lignes
      DROP CONSTRAINT facture_lignes_quantite_check,
      ADD CONSTRAINT facture_lignes_quantite_check CHECK (quantite IS NULL OR quantite >= -1000000)`)
    this.schema.raw(`CREATE UNIQUE INDEX factures_solde_bdc_unique ON factures (bdc_id)
      WHERE type = 'solde' AND statut <> 'annulee'`)
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS factures_solde_bdc_unique')
    this.schema.raw(`ALTER TABLE facture_lignes
      DROP CONSTRAINT facture_lignes_quantite_check,
      ADD CONSTRAINT facture_lignes_quantite_check CHECK (quantite IS NULL OR quantite >= 0)`)
  }
}
