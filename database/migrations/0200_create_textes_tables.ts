import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Textes modèles (DESIGN.md §2): the company's base texts, and each user's own version of some
 * of them. A base text outlives whoever last edited it (updated_by → SET NULL); a user's
 * versions die with his account (CASCADE).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('textes', (table) => {
      table.increments('id')
      table.string('code', 60).notNullable().unique()
      table.string('titre', 160).notNullable()
      table.string('categorie', 40).notNullable()
      table.text('contenu').notNullable().defaultTo('')
      // Optimistic lock: an edit based on an older version is refused (DESIGN.md §3)
      table.integer('version').notNullable().defaultTo(1)
      table.integer('updated_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['categorie'])
    })
    this.schema.raw(
      `ALTER TABLE textes ADD CONSTRAINT textes_categorie_check CHECK (categorie IN ('devis_intro','devis_conditions','email_devis','email_relance','bdc_conditions','facture_mentions','email_demande_paiement'))`
    )
    this.schema.raw(
      `ALTER TABLE textes ADD CONSTRAINT textes_code_check CHECK (code ~ '^[a-z][a-z0-9_]*$')`
    )

    this.schema.createTable('user_textes', (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('texte_id').notNullable().references('id').inTable('textes').onDelete('CASCADE')
      table.text('contenu').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['user_id', 'texte_id'])
      table.index(['texte_id'])
    })
  }

  async down() {
    this.schema.dropTable('user_textes')
    this.schema.dropTable('textes')
  }
}
