import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 15 §1, the fixed cost of a page visit (decisions 540–554).
 *
 * cache_versions: one counter per table whose rows feed lists of options kept in the process
 * (the apporteurs, fournisseurs, commerciaux of the list filters). A statement-level trigger bumps
 * it in the transaction of the change, so the new number is visible exactly when the change is:
 * every server process reads the numbers with the session of each request and recomputes a list
 * whose number moved (app/services/cache/versioned_cache.ts).
 *
 * notifications_unread_idx: the header's unread count, read on every page visit, walks only the
 * unread rows of the user.
 */
const TABLES = ['societes', 'users']

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE TABLE cache_versions (
      name text PRIMARY KEY,
      version bigint NOT NULL DEFAULT 1
    )`)
    this.schema.raw(
      `INSERT INTO cache_versions (name) VALUES ${TABLES.map((t) => `('${t}')`).join(', ')}`
    )
    this.schema.raw(`CREATE OR REPLACE FUNCTION cache_versions_bump() RETURNS trigger AS $$
      BEGIN
        UPDATE cache_versions SET version = version + 1 WHERE name = TG_TABLE_NAME;
        RETURN NULL;
      END $$ LANGUAGE plpgsql`)
    for (const table of TABLES) {
      this.schema.raw(`CREATE TRIGGER ${table}_cache_version
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION cache_versions_bump()`)
    }
    this.schema.raw(`CREATE INDEX IF NOT EXISTS notifications_unread_idx
      ON notifications (user_id) WHERE lu_le IS NULL`)
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS notifications_unread_idx')
    for (const table of TABLES)
      this.schema.raw(`DROP TRIGGER IF EXISTS ${table}_cache_version ON ${table}`)
    this.schema.raw('DROP FUNCTION IF EXISTS cache_versions_bump()')
    this.schema.raw('DROP TABLE IF EXISTS cache_versions')
  }
}
