import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 12 §1: a commande is one timeline of steps (shared/commande_etapes.ts). Each commande gets
 * its seven steps from a trigger at insert, so no code path (signing, demo data, tests) can make a
 * commande without them; existing commandes are back-filled. The history of a step is insert-only.
 * Files (photos, attachments) of a commande and its steps live in commande_fichiers, stored through
 * app/services/storage/files.ts. The measurement sheet (§2) has its own tables here too because
 * the avenant and the supplier orders read them.
 */
const ETAPES = "'acompte','retractation','mesurage','approvisionnement','fourniture','pose','solde'"

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('commandes', (table) => {
      table.integer('lock_version').notNullable().defaultTo(1)
      table.text('motif_annulation').nullable()
      table.timestamp('annulee_le', { useTz: true }).nullable()
      table.timestamp('terminee_le', { useTz: true }).nullable()
    })

    this.schema.createTable('commande_etapes', (table) => {
      table.increments('id')
      table
        .integer('commande_id')
        .notNullable()
        .references('id')
        .inTable('commandes')
        .onDelete('CASCADE')
      table.string('etape', 20).notNullable()
      table.smallint('position').notNullable()
      table.string('statut', 20).notNullable().defaultTo('a_faire')
      table
        .integer('responsable_id')
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('prevue_debut', { useTz: true }).nullable()
      table.timestamp('prevue_fin', { useTz: true }).nullable()
      table.timestamp('debut_reel', { useTz: true }).nullable()
      table.timestamp('fin_reelle', { useTz: true }).nullable()
      table.text('notes').nullable()
      /** Why the step is bloquée (typed by staff), shown on the step. */
      table.text('motif_blocage').nullable()
      table.integer('lock_version').notNullable().defaultTo(1)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.unique(['commande_id', 'etape'])
      table.index(['etape', 'statut', 'prevue_fin'])
      table.index(['responsable_id', 'statut'])
    })
    this.schema.raw(`ALTER TABLE commande_etapes
      ADD CONSTRAINT commande_etapes_etape_check CHECK (etape IN (${ETAPES})),
      ADD CONSTRAINT commande_etapes_statut_check
        CHECK (statut IN ('a_faire','planifiee','en_cours','faite','bloquee','sans_objet'))`)

    this.schema.createTable('commande_etape_historique', (table) => {
      table.bigIncrements('id')
      table
        .integer('commande_id')
        .notNullable()
        .references('id')
        .inTable('commandes')
        .onDelete('CASCADE')
      table.string('etape', 20).nullable()
      table.integer('user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      /** « statut », « planification », « responsable », « note », « photo », « annulation »… */
      table.string('action', 40).notNullable()
      table.string('de', 20).nullable()
      table.string('vers', 20).nullable()
      table.text('detail').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['commande_id', 'id'])
    })

    this.schema.createTable('commande_fichiers', (table) => {
      table.bigIncrements('id')
      table
        .integer('commande_id')
        .notNullable()
        .references('id')
        .inTable('commandes')
        .onDelete('RESTRICT')
      table.string('etape', 20).nullable()
      /** photo (image, with a thumbnail) or document (PDF: measurement sheet, PV, attachment). */
      table.string('kind', 20).notNullable()
      /** For photos of the pose: avant / apres; null otherwise. */
      table.string('moment', 10).nullable()
      /** A row of the measurement sheet the photo shows (mesure_lignes.id). */
      table.bigInteger('mesure_ligne_id').nullable()
      table.string('nom_stocke', 80).notNullable()
      table.string('vignette', 80).nullable()
      table.string('mime', 60).notNullable()
      table.integer('taille').notNullable()
      table.integer('largeur').nullable()
      table.integer('hauteur').nullable()
      table.string('nom_original', 200).notNullable().defaultTo('')
      table.string('legende', 300).nullable()
      table.timestamp('prise_le', { useTz: true }).nullable()
      table.double('latitude').nullable()
      table.double('longitude').nullable()
      table.boolean('publique').notNullable().defaultTo(false)
      table.integer('auteur_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['commande_id', 'etape', 'id'])
      table.index(['mesure_ligne_id'])
    })
    this.schema.raw(`ALTER TABLE commande_fichiers
      ADD CONSTRAINT commande_fichiers_kind_check CHECK (kind IN ('photo','document')),
      ADD CONSTRAINT commande_fichiers_moment_check CHECK (moment IS NULL OR moment IN ('avant','apres')),
      ADD CONSTRAINT commande_fichiers_etape_check CHECK (etape IS NULL OR etape IN (${ETAPES}))`)

    // §2: the measurement sheet, one per commande, and its rows
    this.schema.createTable('mesures', (table) => {
      table.increments('id')
      table
        .integer('commande_id')
        .notNullable()
        .unique()
        .references('id')
        .inTable('commandes')
        .onDelete('CASCADE')
      table.string('statut', 20).notNullable().defaultTo('brouillon')
      /** The tolerance used at validation (setting MESURE_TOLERANCE_MM, kept as used). */
      table.smallint('tolerance_mm').nullable()
      table.timestamp('validee_le', { useTz: true }).nullable()
      table.integer('validee_par').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.text('remarques').nullable()
      table.integer('lock_version').notNullable().defaultTo(1)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.raw(`ALTER TABLE mesures ADD CONSTRAINT mesures_statut_check
      CHECK (statut IN ('brouillon','validee'))`)

    this.schema.createTable('mesure_lignes', (table) => {
      table.bigIncrements('id')
      table
        .integer('mesure_id')
        .notNullable()
        .references('id')
        .inTable('mesures')
        .onDelete('CASCADE')
      /** The quoted line this row measures; null for an item added on site. */
      table
        .bigInteger('bdc_ligne_id')
        .nullable()
        .references('id')
        .inTable('bdc_lignes')
        .onDelete('RESTRICT')
      /** Given by the browser when the row is created (offline): a re-sent row is not doubled. */
      table.uuid('client_uuid').notNullable().unique()
      table.smallint('position').notNullable()
      table.string('repere', 80).notNullable().defaultTo('')
      table.string('designation', 300).notNullable().defaultTo('')
      table.integer('largeur_mm').nullable()
      table.integer('hauteur_mm').nullable()
      table.string('sens_ouverture', 40).nullable()
      table.string('couleur', 80).nullable()
      table.string('vitrage', 80).nullable()
      table.decimal('quantite', 12, 3).notNullable().defaultTo(1)
      table.text('remarques').nullable()
      /** What the devis said (largeur_mm, hauteur_mm, couleur, vitrage, sens_ouverture, quantite). */
      table.jsonb('reference').notNullable().defaultTo('{}')
      /** The differences flagged at validation: [{ champ, devis, mesure, message }]. */
      table.jsonb('ecarts').notNullable().defaultTo('[]')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['mesure_id', 'position'])
    })
    this.schema.raw(`ALTER TABLE mesure_lignes
      ADD CONSTRAINT mesure_lignes_dims_check CHECK (
        (largeur_mm IS NULL OR largeur_mm BETWEEN 1 AND 100000) AND
        (hauteur_mm IS NULL OR hauteur_mm BETWEEN 1 AND 100000)),
      ADD CONSTRAINT mesure_lignes_quantite_check CHECK (quantite > 0)`)

    // Every commande has its seven steps, whoever inserts it
    this.schema.raw(`
      CREATE OR REPLACE FUNCTION commande_etapes_create() RETURNS trigger AS $$
      BEGIN
        INSERT INTO commande_etapes (commande_id, etape, position)
        SELECT NEW.id, e.etape, e.position
          FROM (VALUES ('acompte',1),('retractation',2),('mesurage',3),('approvisionnement',4),
                       ('fourniture',5),('pose',6),('solde',7)) AS e(etape, position)
        ON CONFLICT (commande_id, etape) DO NOTHING;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`)
    this.schema.raw(`DROP TRIGGER IF EXISTS commandes_etapes_create ON commandes`)
    this.schema.raw(`CREATE TRIGGER commandes_etapes_create AFTER INSERT ON commandes
      FOR EACH ROW EXECUTE FUNCTION commande_etapes_create()`)
    this.schema.raw(`
      INSERT INTO commande_etapes (commande_id, etape, position)
      SELECT c.id, e.etape, e.position FROM commandes c
        CROSS JOIN (VALUES ('acompte',1),('retractation',2),('mesurage',3),('approvisionnement',4),
                           ('fourniture',5),('pose',6),('solde',7)) AS e(etape, position)
      ON CONFLICT (commande_id, etape) DO NOTHING`)
  }

  async down() {
    this.schema.raw('DROP TRIGGER IF EXISTS commandes_etapes_create ON commandes')
    this.schema.dropTable('mesure_lignes')
    this.schema.dropTable('mesures')
    this.schema.dropTable('commande_fichiers')
    this.schema.dropTable('commande_etape_historique')
    this.schema.dropTable('commande_etapes')
    this.schema.alterTable('commandes', (table) => {
      table.dropColumn('lock_version')
      table.dropColumn('motif_annulation')
      table.dropColumn('annulee_le')
      table.dropColumn('terminee_le')
    })
  }
}
