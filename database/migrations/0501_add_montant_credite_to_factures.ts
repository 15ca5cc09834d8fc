/*
 * What a facture still asks (issue 11): total TTC − paid − credited by notes de crédit. Both
 * amounts change after issue (payments allocated, NC issued), so the freeze trigger lets them
 * change too; everything else of an issued facture stays frozen.
 */
import { BaseSchema } from '@adonisjs/lucid/schema'
import { freezeFunctionSql } from '#database/helpers/freeze'

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('factures', (table) => {
      table.bigInteger('montant_credite').notNullable().defaultTo(0)
    })
    this.schema.raw(`ALTER TABLE factures
      ADD CONSTRAINT factures_montant_credite_check CHECK (montant_credite >= 0),
      ADD CONSTRAINT factures_reste_check CHECK (montant_paye + montant_credite <= total_ttc OR numero IS NULL)`)
    this.schema.raw(
      freezeFunctionSql({
        table: 'factures',
        label: 'La facture',
        mutable: ['statut', 'montant_paye', 'montant_credite', 'lock_version', 'updated_at'],
        lines: { table: 'facture_lignes', fk: 'facture_id' },
      })
    )
  }

  async down() {
    this.schema.raw(`ALTER TABLE factures DROP CONSTRAINT IF EXISTS factures_reste_check`)
    this.schema.alterTable('factures', (table) => {
      table.dropColumn('montant_credite')
    })
  }
}
