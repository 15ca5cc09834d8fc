import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 12 §5: the procès-verbal de réception of a commande's pose, signed by the customer on the
 * technician's device (decisions 370–375). A PV row exists only once signed (the draft lives on
 * the device); a signed PV is never edited, only its reserves are lifted one by one. One active
 * PV per commande (partial unique index: a future annulment would free the slot). The signature
 * is a stored file name (FILE_KINDS.signature), the PDF a commande_fichiers document.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('receptions', (table) => {
      table.increments('id')
      table
        .integer('commande_id')
        .notNullable()
        .references('id')
        .inTable('commandes')
        .onDelete('RESTRICT')
      /** The day of the réception (Brussels), as written on the PV. */
      table.date('date_reception').notNullable()
      table.string('signataire', 120).notNullable()
      /** Where it was signed (free text, « Namur » by default from the chantier). */
      table.string('lieu', 120).nullable()
      /** Stored name of the drawn signature (PNG) under FILE_KINDS.signature. */
      table.string('signature_path', 80).notNullable()
      /** The technician who had it signed (the logged-in user). */
      table
        .integer('technicien_id')
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.text('observations').nullable()
      table.boolean('avec_reserves').notNullable().defaultTo(false)
      table.timestamp('signee_le', { useTz: true }).notNullable()
      /** The PDF of the PV (commande_fichiers, kind document, etape pose). */
      table
        .bigInteger('fichier_id')
        .nullable()
        .references('id')
        .inTable('commande_fichiers')
        .onDelete('SET NULL')
      table.timestamp('annulee_le', { useTz: true }).nullable()
      table.text('motif_annulation').nullable()
      table.integer('lock_version').notNullable().defaultTo(1)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['commande_id'])
    })
    this.schema.raw(`CREATE UNIQUE INDEX IF NOT EXISTS receptions_commande_active_unique
      ON receptions (commande_id) WHERE annulee_le IS NULL`)

    this.schema.createTable('reception_reserves', (table) => {
      table.increments('id')
      table
        .integer('reception_id')
        .notNullable()
        .references('id')
        .inTable('receptions')
        .onDelete('CASCADE')
      table.smallint('position').notNullable()
      table.string('description', 500).notNullable()
      /** An optional photo of the defect (commande_fichiers photo of the pose step). */
      table
        .bigInteger('photo_fichier_id')
        .nullable()
        .references('id')
        .inTable('commande_fichiers')
        .onDelete('SET NULL')
      table.timestamp('levee_le', { useTz: true }).nullable()
      table.integer('levee_par').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('commentaire', 500).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['reception_id', 'position'])
    })
  }

  async down() {
    this.schema.dropTableIfExists('reception_reserves')
    this.schema.dropTableIfExists('receptions')
  }
}
