import { BaseSchema } from '@adonisjs/lucid/schema'
import { RETURN_IF_UNCHANGED, TRIGGER_REFERENCES, byOperation } from '#database/helpers/rentabilite'

/*
 * The rentabilité aggregates (migration 0877, decision 690) kept IN THE SAME TRANSACTION by
 * statement triggers with transition tables, as analyse_ca_jour (migration 0875):
 * - bdc_lignes: the lines written, in and out;
 * - bdcs: a bdc's statut, signing instant, global discount or commercial moves its lines (its
 *   INSERT and DELETE add nothing: a commande refers to its bdc, ON DELETE RESTRICT, so a bdc
 *   has no commande when inserted or deleted, and its lines' cascade finds no bdc);
 * - commandes: created (its bdc's lines come in), cancelled, renumbered, renamed, deleted.
 * An update that changes none of the columns read returns at once (decision 653). A TRUNCATE
 * recomputes everything.
 */
const TABLES = [
  {
    table: 'bdc_lignes',
    rows: 'lines',
    read: 'id, bdc_id, type, total_ht, quantite, produit_id',
    ops: ['insert', 'update', 'delete', 'truncate'],
  },
  {
    table: 'bdcs',
    rows: 'bdcs',
    read: 'id, statut, signe_le, remise_globale_pct, commercial_id',
    ops: ['update', 'truncate'],
  },
  {
    table: 'commandes',
    rows: 'commandes',
    read: "id, bdc_id, statut = 'annulee', numero, client_nom",
    ops: ['insert', 'update', 'delete', 'truncate'],
  },
] as const

export default class extends BaseSchema {
  async up() {
    for (const { table, rows, read, ops } of TABLES) {
      this.schema.raw(`CREATE OR REPLACE FUNCTION rentabilite_${table}_touch() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          ${RETURN_IF_UNCHANGED(read)}
          ${byOperation(rows)}
          RETURN NULL;
        END $$`)
      for (const op of ops) {
        this.schema.raw(`DROP TRIGGER IF EXISTS rentabilite_${op} ON ${table}`)
        this.schema.raw(`CREATE TRIGGER rentabilite_${op} AFTER ${op.toUpperCase()} ON ${table}
          ${TRIGGER_REFERENCES[op]} FOR EACH STATEMENT
          EXECUTE FUNCTION rentabilite_${table}_touch()`)
      }
    }
  }

  async down() {
    for (const { table, ops } of TABLES) {
      for (const op of ops) this.schema.raw(`DROP TRIGGER IF EXISTS rentabilite_${op} ON ${table}`)
      this.schema.raw(`DROP FUNCTION IF EXISTS rentabilite_${table}_touch()`)
    }
  }
}
