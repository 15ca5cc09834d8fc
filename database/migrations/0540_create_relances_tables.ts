/*
 * Relances of unpaid factures (issue 11 §4, decisions 245–254): the Texte category of the three
 * levels, the history per facture (one row per level: a double click or two users record and
 * send one), the morning proposals (one row per day: a restart or a second process never
 * notifies twice) and the factures already announced « en retard » (once each).
 */
import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Rebuilds the textes' category CHECK from the values it holds now, plus or minus ours: other
 * migrations of the same issue add their own categories, the order they run in does not matter.
 */
function categories(change: 'add' | 'remove') {
  const keep =
    change === 'add'
      ? `array_append(array_remove(vals, 'relance_facture'), 'relance_facture')`
      : `array_remove(vals, 'relance_facture')`
  return `DO $$
DECLARE vals text[];
BEGIN
  SELECT array_agg(DISTINCT m[1]) INTO vals
    FROM pg_constraint c,
         regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') AS m
   WHERE c.conname = 'textes_categorie_check';
  vals := ${keep};
  ALTER TABLE textes DROP CONSTRAINT textes_categorie_check;
  EXECUTE 'ALTER TABLE textes ADD CONSTRAINT textes_categorie_check CHECK (categorie IN ('
    || (SELECT string_agg(quote_literal(v), ',') FROM unnest(vals) AS v) || '))';
END $$`
}

export default class extends BaseSchema {
  async up() {
    this.schema.raw(categories('add'))

    this.schema.createTable('relances', (table) => {
      table.increments('id')
      table
        .integer('facture_id')
        .notNullable()
        .references('id')
        .inTable('factures')
        .onDelete('RESTRICT')
      table.smallint('niveau').notNullable()
      table.date('date_relance').notNullable()
      table.enum('canal', ['email', 'courrier']).notNullable()
      table.integer('envoye_par').nullable().references('id').inTable('users').onDelete('SET NULL')
      /** Null while the mail is being sent (after the commit), then whether it left. */
      table.boolean('mail_envoye').nullable()
      table.string('destinataire', 254).nullable()
      table.integer('jours_retard').notNullable()
      table.bigInteger('reste').notNullable()
      table.bigInteger('interets').notNullable().defaultTo(0)
      table.bigInteger('indemnite').notNullable().defaultTo(0)
      table.decimal('taux_interet', 5, 2).nullable()
      /** The text and the legal paragraph as sent or printed: the letter reprints them. */
      table.string('objet', 250).notNullable()
      table.text('texte').notNullable()
      table.text('mention_legale').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['facture_id', 'niveau'])
    })
    this.schema.raw(`ALTER TABLE relances
      ADD CONSTRAINT relances_niveau_check CHECK (niveau BETWEEN 1 AND 3),
      ADD CONSTRAINT relances_montants_check CHECK (reste >= 0 AND interets >= 0 AND indemnite >= 0)`)

    this.schema.createTable('relance_propositions', (table) => {
      table.date('jour').primary()
      table.integer('nombre').notNullable()
      table.jsonb('propositions').notNullable()
      table.integer('factures_en_retard').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable()
    })

    this.schema.createTable('factures_retard_notifiees', (table) => {
      table.integer('facture_id').primary().references('id').inTable('factures').onDelete('CASCADE')
      table.timestamp('notifiee_le', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable('factures_retard_notifiees')
    this.schema.dropTable('relance_propositions')
    this.schema.dropTable('relances')
    this.schema.raw(`DELETE FROM textes WHERE categorie = 'relance_facture'`)
    this.schema.raw(categories('remove'))
  }
}
