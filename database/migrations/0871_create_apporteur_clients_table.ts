import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * DashboardPro's « clients apportés » pre-aggregated (issue 15 §1, decision 642): the number of
 * clients each société brought (clients.apporteur_id) was one count per société, 220 counts
 * of ~65 clients each read from the clients' rows (70–240 ms at 100 000 clients). Kept IN THE
 * SAME TRANSACTION by statement triggers with transition tables on clients, as
 * devis_stats_jour is (migration 0865): deltas only, a client's edit that keeps its apporteur
 * adds nothing; `apporteur_clients_compact()` folds them at night with the other aggregates.
 */
const CONTRIBUTIONS = (rows: string, sign: string) => `
  SELECT r.apporteur_id, ${sign} AS n FROM ${rows} r WHERE r.apporteur_id IS NOT NULL`

const INSERT_NET = (source: string) => `
  INSERT INTO apporteur_clients (apporteur_id, n)
  SELECT apporteur_id, sum(n) FROM (${source}) x GROUP BY apporteur_id HAVING sum(n) <> 0`

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE TABLE IF NOT EXISTS apporteur_clients (
      apporteur_id integer NOT NULL,
      n bigint NOT NULL
    )`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS apporteur_clients_idx
      ON apporteur_clients (apporteur_id) INCLUDE (n)`)

    this.schema.raw(`CREATE OR REPLACE FUNCTION apporteur_clients_touch() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${INSERT_NET(CONTRIBUTIONS('new_rows', '1'))};
        ELSIF TG_OP = 'DELETE' THEN
          ${INSERT_NET(CONTRIBUTIONS('old_rows', '-1'))};
        ELSIF TG_OP = 'UPDATE' THEN
          ${INSERT_NET(`${CONTRIBUTIONS('new_rows', '1')} UNION ALL ${CONTRIBUTIONS('old_rows', '-1')}`)};
        ELSE
          DELETE FROM apporteur_clients;
        END IF;
        RETURN NULL;
      END $$`)
    for (const [op, ref] of [
      ['insert', 'REFERENCING NEW TABLE AS new_rows'],
      ['update', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
      ['delete', 'REFERENCING OLD TABLE AS old_rows'],
      ['truncate', ''],
    ]) {
      this.schema.raw(`DROP TRIGGER IF EXISTS apporteur_clients_${op} ON clients`)
      this.schema.raw(`CREATE TRIGGER apporteur_clients_${op} AFTER ${op.toUpperCase()}
        ON clients ${ref} FOR EACH STATEMENT EXECUTE FUNCTION apporteur_clients_touch()`)
    }

    // Folds the deltas to one row per société, as devis_stats_compact() does (same lock)
    this.schema.raw(`CREATE OR REPLACE FUNCTION apporteur_clients_compact() RETURNS void
      LANGUAGE sql AS $$
        LOCK TABLE apporteur_clients IN SHARE UPDATE EXCLUSIVE MODE;
        WITH gone AS (DELETE FROM apporteur_clients RETURNING *)
        ${INSERT_NET('SELECT * FROM gone')};
      $$`)

    // What exists already
    this.schema.raw('DELETE FROM apporteur_clients')
    this.schema.raw(INSERT_NET(CONTRIBUTIONS('clients', '1')))
  }

  async down() {
    for (const op of ['insert', 'update', 'delete', 'truncate']) {
      this.schema.raw(`DROP TRIGGER IF EXISTS apporteur_clients_${op} ON clients`)
    }
    this.schema.raw('DROP FUNCTION IF EXISTS apporteur_clients_touch()')
    this.schema.raw('DROP FUNCTION IF EXISTS apporteur_clients_compact()')
    this.schema.raw('DROP TABLE IF EXISTS apporteur_clients')
  }
}
