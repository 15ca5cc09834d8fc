import { BaseSchema } from '@adonisjs/lucid/schema'
import { compactSql } from '#database/helpers/rentabilite'

/*
 * The rentabilité page kept between visits (issue 15 §1, decision 817): a number that moves
 * with every committed write to the three tables its statement reads (the two pre-aggregates
 * and produits). Read with the session of each request (app/services/http/request_bundle.ts)
 * as `sum(n)` of rentabilite_ecritures, to which a statement-level trigger adds one row per
 * writing transaction (a transaction-local setting remembers it did).
 * - Transactional, so a number is seen exactly when its write is (a sequence is seen before its
 *   writer commits: a visit then would keep a page without the write under the new number);
 * - insert-only, so no writer waits for another (a counter row would be locked by each writer
 *   until its commit: decision 812's objection);
 * - folded into one row by rentabilite_compact() at night and after db:volume; the sum is kept,
 *   so the number never goes back.
 */
const TABLES = ['rentabilite_commandes', 'rentabilite_produits', 'produits']

export default class extends BaseSchema {
  async up() {
    this.schema.raw('CREATE TABLE IF NOT EXISTS rentabilite_ecritures (n bigint NOT NULL)')
    this.schema.raw('INSERT INTO rentabilite_ecritures VALUES (1)')
    this.schema.raw(`CREATE OR REPLACE FUNCTION rentabilite_ecriture() RETURNS trigger AS $$
      BEGIN
        IF current_setting('esi.rentabilite_ecrite', true) IS DISTINCT FROM '1' THEN
          INSERT INTO rentabilite_ecritures VALUES (1);
          PERFORM set_config('esi.rentabilite_ecrite', '1', true);
        END IF;
        RETURN NULL;
      END $$ LANGUAGE plpgsql`)
    for (const table of TABLES) {
      this.schema.raw(`CREATE TRIGGER ${table}_rentabilite_ecriture
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION rentabilite_ecriture()`)
    }
    this.schema.raw(`CREATE OR REPLACE FUNCTION rentabilite_compact() RETURNS void
      LANGUAGE sql AS $$ ${compactSql()}
        WITH d AS (DELETE FROM rentabilite_ecritures RETURNING n)
        INSERT INTO rentabilite_ecritures SELECT sum(n) FROM d HAVING count(*) > 0 $$`)
  }

  async down() {
    this.schema.raw(`CREATE OR REPLACE FUNCTION rentabilite_compact() RETURNS void
      LANGUAGE sql AS $$ ${compactSql()} $$`)
    for (const table of TABLES) {
      this.schema.raw(`DROP TRIGGER IF EXISTS ${table}_rentabilite_ecriture ON ${table}`)
    }
    this.schema.raw('DROP FUNCTION IF EXISTS rentabilite_ecriture()')
    this.schema.raw('DROP TABLE IF EXISTS rentabilite_ecritures')
  }
}
