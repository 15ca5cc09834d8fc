/*
 * The factures' word search reads a stored column (like the devis' `recherche`) instead of an
 * expression index: the trigram index finds the rows, and the recheck reads the stored text
 * instead of computing f_unaccent again for each of them (measured by `npm run bench`:
 * « Factures, recherche »). A generated column is NULL in NEW inside a BEFORE trigger, so the
 * freeze trigger lists it among the columns it does not compare (it only follows frozen ones).
 */
import { BaseSchema } from '@adonisjs/lucid/schema'
import { freezeFunctionSql } from '#database/helpers/freeze'

const FREEZE = {
  table: 'factures',
  label: 'La facture',
  lines: { table: 'facture_lignes', fk: 'facture_id' },
}
const MUTABLE = ['statut', 'montant_paye', 'montant_credite', 'lock_version', 'updated_at']

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`ALTER TABLE factures ADD COLUMN recherche text GENERATED ALWAYS AS (
      f_unaccent(lower(COALESCE(numero, '') || ' ' || client_nom || ' ' || objet))) STORED`)
    this.schema.raw('DROP INDEX IF EXISTS factures_recherche_trgm')
    this.schema.raw(
      'CREATE INDEX factures_recherche_trgm ON factures USING gin (recherche gin_trgm_ops)'
    )
    this.schema.raw(freezeFunctionSql({ ...FREEZE, mutable: [...MUTABLE, 'recherche'] }))
  }

  async down() {
    this.schema.raw(freezeFunctionSql({ ...FREEZE, mutable: MUTABLE }))
    this.schema.raw('DROP INDEX IF EXISTS factures_recherche_trgm')
    this.schema.raw('ALTER TABLE factures DROP COLUMN recherche')
  }
}
