import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 13 §5: the secret of each person's ICS feed (decision 461). Only the SHA-256 of the
 * token is kept: a leaked database does not give the feeds. One row per person; regenerating
 * replaces the hash (the old URL stops at once), revoking sets revoked_at.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE TABLE IF NOT EXISTS planning_ics_jetons (
      id serial PRIMARY KEY,
      user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      token_hash char(64) NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      last_used_at timestamptz
    )`)
  }

  async down() {
    this.schema.raw('DROP TABLE IF EXISTS planning_ics_jetons')
  }
}
