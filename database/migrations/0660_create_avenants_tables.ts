import { BaseSchema } from '@adonisjs/lucid/schema'
import { ligneChecks, ligneColumns, totalColumns } from '#database/helpers/lignes'

/*
 * Avenants (issue 12 §2, decisions 390–399): a priced amendment of a signed bdc after the
 * measurement sheet flagged differences. Its lines are the WHOLE amended document (the lines in
 * force with changed quantities/prices plus added lines), so the facture de solde reads them as
 * it reads the bdc's. Numbered `<bdc numero>-A<rang>`, rang gapless per bdc under the bdc's
 * row lock (a cancelled avenant keeps its number). At most one open (brouillon / a_signer) per
 * commande. The signature is kept like the bdc's (stored file name, never a public path).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('avenants', (table) => {
      table.increments('id')
      table
        .integer('commande_id')
        .notNullable()
        .references('id')
        .inTable('commandes')
        .onDelete('RESTRICT')
      table.integer('bdc_id').notNullable().references('id').inTable('bdcs').onDelete('RESTRICT')
      table.smallint('rang').notNullable()
      table.string('numero', 60).notNullable().unique()
      table.string('statut', 20).notNullable().defaultTo('brouillon')
      table.text('motif').notNullable().defaultTo('')
      totalColumns(table)
      /** What the avenant amends (the bdc, or the last signed avenant), TTC, cents. */
      table.bigInteger('base_total_ttc').notNullable().defaultTo(0)
      table.bigInteger('difference_ht').notNullable().defaultTo(0)
      table.bigInteger('difference_tva').notNullable().defaultTo(0)
      table.bigInteger('difference_ttc').notNullable().defaultTo(0)
      table.decimal('acompte_pct', 5, 2).notNullable().defaultTo(0)
      /** acompte_pct of difference_ttc, rounded half away from zero (negative: nothing asked). */
      table.bigInteger('acompte_difference').notNullable().defaultTo(0)
      table.timestamp('signe_le', { useTz: true }).nullable()
      table.string('signataire', 160).nullable()
      table.string('signature_type', 10).nullable()
      table.string('signature_path').nullable()
      table.string('signature_mime', 40).nullable()
      table.integer('signe_par').nullable().references('id').inTable('users').onDelete('SET NULL')
      table
        .integer('demande_paiement_id')
        .nullable()
        .references('id')
        .inTable('demandes_paiement')
        .onDelete('SET NULL')
      table
        .bigInteger('fichier_id')
        .nullable()
        .references('id')
        .inTable('commande_fichiers')
        .onDelete('SET NULL')
      table.text('motif_annulation').nullable()
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.integer('lock_version').notNullable().defaultTo(1)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.unique(['bdc_id', 'rang'])
      table.index(['commande_id', 'id'])
    })
    this.schema.raw(`ALTER TABLE avenants
      ADD CONSTRAINT avenants_statut_check
        CHECK (statut IN ('brouillon','a_signer','signe','annule')),
      ADD CONSTRAINT avenants_signature_check
        CHECK (statut <> 'signe' OR (signe_le IS NOT NULL AND signature_path IS NOT NULL))`)
    this.schema.raw(`CREATE UNIQUE INDEX IF NOT EXISTS avenants_one_open
      ON avenants (commande_id) WHERE statut IN ('brouillon','a_signer')`)

    this.schema.createTable('avenant_lignes', (table) => {
      ligneColumns(table, 'avenant_id', 'avenants')
      /** The bdc line this line amends; null for a line added by the avenant. */
      table
        .bigInteger('bdc_ligne_id')
        .nullable()
        .references('id')
        .inTable('bdc_lignes')
        .onDelete('RESTRICT')
    })
    this.schema.raw(ligneChecks('avenant_lignes'))
  }

  async down() {
    this.schema.dropTable('avenant_lignes')
    this.schema.dropTable('avenants')
  }
}
