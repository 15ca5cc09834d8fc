import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Paiements (issue 11 §3): money received (montant > 0) or refunded (montant < 0) from a client,
 * and its allocations to that client's factures. What a receipt does not allocate is the
 * client's credit. The idempotency key of the form makes a double submit one payment. The last
 * walls: an allocation is positive, once per (paiement, facture), and a constraint trigger
 * refuses allocating more than the payment (a facture's side is its reste CHECK, migration 0501).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('paiements', (table) => {
      table.increments('id')
      table
        .bigInteger('client_id')
        .notNullable()
        .references('id_client')
        .inTable('clients')
        .onDelete('RESTRICT')
      table.date('date_paiement').notNullable()
      table.bigInteger('montant').notNullable()
      table.enum('mode', ['virement', 'bancontact', 'carte', 'especes', 'cheque']).notNullable()
      table.string('reference', 140).nullable()
      table.string('compte', 34).nullable()
      table.uuid('idempotency_key').notNullable().unique()
      table
        .integer('demande_paiement_id')
        .nullable()
        .references('id')
        .inTable('demandes_paiement')
        .onDelete('RESTRICT')
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['client_id', 'id'])
      table.index(['date_paiement', 'id'])
      table.index(['created_at', 'id'])
    })
    this.schema.raw(`ALTER TABLE paiements
      ADD CONSTRAINT paiements_montant_check CHECK (montant <> 0)`)
    // One payment per demande « marquée payée »
    this.schema.raw(`CREATE UNIQUE INDEX paiements_demande_unique ON paiements (demande_paiement_id)
      WHERE demande_paiement_id IS NOT NULL`)

    this.schema.createTable('paiement_allocations', (table) => {
      table.increments('id')
      table
        .integer('paiement_id')
        .notNullable()
        .references('id')
        .inTable('paiements')
        .onDelete('RESTRICT')
      table
        .integer('facture_id')
        .notNullable()
        .references('id')
        .inTable('factures')
        .onDelete('RESTRICT')
      table.bigInteger('montant').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['paiement_id', 'facture_id'])
      table.index(['facture_id'])
    })
    this.schema.raw(`ALTER TABLE paiement_allocations
      ADD CONSTRAINT paiement_allocations_montant_check CHECK (montant > 0)`)

    // Checked after each statement (not deferred: a savepoint must see it too)
    this.schema.raw(`
      CREATE OR REPLACE FUNCTION paiement_allocations_within_montant() RETURNS trigger AS $$
      DECLARE
        recu bigint;
        alloue bigint;
      BEGIN
        SELECT montant INTO recu FROM paiements WHERE id = NEW.paiement_id;
        SELECT COALESCE(sum(montant), 0) INTO alloue FROM paiement_allocations
          WHERE paiement_id = NEW.paiement_id;
        IF alloue > recu THEN
          RAISE EXCEPTION 'Le paiement % serait alloué au-delà de son montant.', NEW.paiement_id
            USING ERRCODE = '23514';
        END IF;
        RETURN NULL;
      END $$ LANGUAGE plpgsql`)
    this.schema.raw(`CREATE CONSTRAINT TRIGGER paiement_allocations_within_montant
      AFTER INSERT OR UPDATE ON paiement_allocations
      FOR EACH ROW EXECUTE FUNCTION paiement_allocations_within_montant()`)
  }

  async down() {
    this.schema.dropTable('paiement_allocations')
    this.schema.dropTable('paiements')
    this.schema.raw('DROP FUNCTION IF EXISTS paiement_allocations_within_montant()')
  }
}
