import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 12 §3–4: supplier orders and their receipts. A commande fournisseur is prepared from the
 * validated measurement sheet (one draft per supplier and commande: a partial unique index makes
 * « Préparer » idempotent even under a double click), numbered CF-YYYY-NNNNN when sent (gapless,
 * document_counters), confirmed with the supplier's delivery date, then received line by line
 * (livraisons, livraison_lignes). What was received can never exceed what was ordered, checked
 * here; a damaged or missing line keeps its quantity expected (decision 353).
 */
const STATUTS = `'brouillon','envoyee','confirmee','recue_partiellement','recue','annulee'`

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('commandes_fournisseur', (table) => {
      table.increments('id')
      table.string('numero', 40).nullable().unique()
      table
        .integer('commande_id')
        .notNullable()
        .references('id')
        .inTable('commandes')
        .onDelete('RESTRICT')
      table
        .integer('fournisseur_id')
        .notNullable()
        .references('id')
        .inTable('societes')
        .onDelete('RESTRICT')
      table.string('statut', 24).notNullable().defaultTo('brouillon')
      /** The chantier's address at preparation (where the goods are delivered). */
      table.string('adresse_livraison', 300).nullable()
      table.text('remarques').nullable()
      /** Sum of the lines' totals: purchase prices, HT, in cents. */
      table.bigInteger('total_ht').notNullable().defaultTo(0)
      table.date('date_livraison_confirmee').nullable()
      table.timestamp('envoyee_le', { useTz: true }).nullable()
      table.integer('envoyee_par').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('envoyee_a', 254).nullable()
      table.timestamp('confirmee_le', { useTz: true }).nullable()
      table.timestamp('recue_le', { useTz: true }).nullable()
      table.timestamp('annulee_le', { useTz: true }).nullable()
      table.text('motif_annulation').nullable()
      table.integer('lock_version').notNullable().defaultTo(1)
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['commande_id', 'id'])
      table.index(['fournisseur_id', 'statut'])
      table.index(['statut', 'date_livraison_confirmee'])
    })
    this.schema.raw(`ALTER TABLE commandes_fournisseur
      ADD CONSTRAINT commandes_fournisseur_statut_check CHECK (statut IN (${STATUTS})),
      ADD CONSTRAINT commandes_fournisseur_numero_check CHECK (
        (statut = 'brouillon' AND numero IS NULL) OR statut = 'annulee' OR numero IS NOT NULL),
      ADD CONSTRAINT commandes_fournisseur_envoi_check CHECK (
        statut IN ('brouillon','annulee') OR envoyee_le IS NOT NULL),
      ADD CONSTRAINT commandes_fournisseur_confirmee_check CHECK (
        statut <> 'confirmee' OR date_livraison_confirmee IS NOT NULL),
      ADD CONSTRAINT commandes_fournisseur_total_check CHECK (total_ht >= 0)`)
    // « Préparer » twice (or two tabs): one draft per commande and supplier
    this.schema.raw(`CREATE UNIQUE INDEX IF NOT EXISTS commandes_fournisseur_brouillon_unique
      ON commandes_fournisseur (commande_id, fournisseur_id) WHERE statut = 'brouillon'`)
    // The step lists: what is expected, late first
    this.schema.raw(`CREATE INDEX IF NOT EXISTS commandes_fournisseur_attendues_idx
      ON commandes_fournisseur (date_livraison_confirmee, id)
      WHERE statut IN ('envoyee','confirmee','recue_partiellement')`)

    this.schema.createTable('commande_fournisseur_lignes', (table) => {
      table.bigIncrements('id')
      table
        .integer('commande_fournisseur_id')
        .notNullable()
        .references('id')
        .inTable('commandes_fournisseur')
        .onDelete('CASCADE')
      table.smallint('position').notNullable()
      table
        .bigInteger('mesure_ligne_id')
        .nullable()
        .references('id')
        .inTable('mesure_lignes')
        .onDelete('RESTRICT')
      table
        .integer('produit_id')
        .nullable()
        .references('id')
        .inTable('produits')
        .onDelete('SET NULL')
      table.string('reference', 40).nullable()
      /** « Châssis PVC — 1195 × 1402 mm, blanc, oscillo-battant gauche » (measured, not quoted). */
      table.text('designation').notNullable()
      table.string('unite', 20).nullable()
      table.decimal('quantite', 12, 3).notNullable()
      table.decimal('quantite_recue', 12, 3).notNullable().defaultTo(0)
      /** Purchase price per unit, HT, cents. */
      table.integer('prix_achat').notNullable().defaultTo(0)
      table.bigInteger('total').notNullable().defaultTo(0)
      table.unique(['commande_fournisseur_id', 'position'])
      table.index(['mesure_ligne_id'])
    })
    this.schema.raw(`ALTER TABLE commande_fournisseur_lignes
      ADD CONSTRAINT cf_lignes_quantite_check CHECK (quantite > 0 AND quantite <= 100000),
      ADD CONSTRAINT cf_lignes_recue_check CHECK (quantite_recue >= 0 AND quantite_recue <= quantite),
      ADD CONSTRAINT cf_lignes_prix_check CHECK (prix_achat >= 0 AND total >= 0)`)

    this.schema.createTable('livraisons', (table) => {
      table.increments('id')
      table
        .integer('commande_fournisseur_id')
        .notNullable()
        .references('id')
        .inTable('commandes_fournisseur')
        .onDelete('RESTRICT')
      table
        .integer('commande_id')
        .notNullable()
        .references('id')
        .inTable('commandes')
        .onDelete('RESTRICT')
      table.date('date_livraison').notNullable()
      /** The supplier's delivery note number. */
      table.string('bon_livraison', 60).nullable()
      table.text('remarques').nullable()
      table.integer('recue_par').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['commande_fournisseur_id', 'id'])
      table.index(['commande_id', 'id'])
    })

    this.schema.createTable('livraison_lignes', (table) => {
      table.bigIncrements('id')
      table
        .integer('livraison_id')
        .notNullable()
        .references('id')
        .inTable('livraisons')
        .onDelete('CASCADE')
      table
        .bigInteger('commande_fournisseur_ligne_id')
        .notNullable()
        .references('id')
        .inTable('commande_fournisseur_lignes')
        .onDelete('RESTRICT')
      table.decimal('quantite', 12, 3).notNullable()
      table.string('etat', 12).notNullable().defaultTo('ok')
      table.text('remarque').nullable()
      /** The photo of the damage (commande_fichiers, uploaded first through the files route). */
      table
        .bigInteger('fichier_id')
        .nullable()
        .references('id')
        .inTable('commande_fichiers')
        .onDelete('SET NULL')
      table.index(['commande_fournisseur_ligne_id'])
    })
    this.schema.raw(`ALTER TABLE livraison_lignes
      ADD CONSTRAINT livraison_lignes_etat_check CHECK (etat IN ('ok','endommage','manquant')),
      ADD CONSTRAINT livraison_lignes_quantite_check CHECK (quantite > 0 AND quantite <= 100000)`)

    // The supplier order's e-mail has its own Texte category. Added to whatever list the
    // constraint holds now (other parts of issue 12 add theirs in their own migrations).
    this.schema.raw(`DO $$
      DECLARE def text;
      BEGIN
        SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
          WHERE conname = 'textes_categorie_check' AND conrelid = 'textes'::regclass;
        IF def IS NOT NULL AND position('email_commande_fournisseur' in def) = 0 THEN
          EXECUTE 'ALTER TABLE textes DROP CONSTRAINT textes_categorie_check';
          EXECUTE 'ALTER TABLE textes ADD CONSTRAINT textes_categorie_check '
            || regexp_replace(def, 'ARRAY\\[', 'ARRAY[''email_commande_fournisseur''::character varying, ');
        END IF;
      END $$`)
  }

  async down() {
    this.schema.raw(`DELETE FROM textes WHERE categorie = 'email_commande_fournisseur'`)
    this.schema.raw(`DO $$
      DECLARE def text;
      BEGIN
        SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
          WHERE conname = 'textes_categorie_check' AND conrelid = 'textes'::regclass;
        IF def IS NOT NULL AND position('email_commande_fournisseur' in def) > 0 THEN
          EXECUTE 'ALTER TABLE textes DROP CONSTRAINT textes_categorie_check';
          EXECUTE 'ALTER TABLE textes ADD CONSTRAINT textes_categorie_check '
            || replace(def, '''email_commande_fournisseur''::character varying, ', '');
        END IF;
      END $$`)
    this.schema.dropTable('livraison_lignes')
    this.schema.dropTable('livraisons')
    this.schema.dropTable('commande_fournisseur_lignes')
    this.schema.dropTable('commandes_fournisseur')
  }
}
