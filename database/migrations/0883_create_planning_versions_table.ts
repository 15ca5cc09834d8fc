import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The planning's week kept while nothing it shows has changed (issue 15 §1, decisions 700–704).
 *
 * planning_versions: one counter per planning type and Brussels week (its Monday), bumped IN THE
 * TRANSACTION of any change of what the calendar shows for that week: a visit (created, moved,
 * resized, its fields, deleted), its persons, the name or phone of its client, the number of its
 * commande or devis. The server keeps the week's JSON under the counters of the weeks the range
 * meets (app/services/planning/semaine_gardee.ts): a new number is visible exactly when the
 * change is, in every process. The row ('*', -infinity) is bumped by a TRUNCATE (all weeks).
 *
 * Not a hot row held through the write: the statement triggers only NOTE the weeks touched in a
 * setting local to the transaction (esi.planning_semaines); a DEFERRED constraint trigger bumps
 * them, sorted (no deadlock between two transactions touching two weeks), at COMMIT. So a drag
 * holds its week's row only while it commits, not through its history, audit and notification.
 * A transaction that changed the planning is marked (esi.planning_ecrit) for its remaining
 * statements: what it reads is not kept, since its numbers may yet be rolled back and reused.
 */
const TZ = 'Europe/Brussels'
const NOTE = 'esi.planning_semaines'
/** Set for the rest of a transaction that changed the planning: its reads keep nothing. */
const WRITTEN = 'esi.planning_ecrit'

/**
 * « tec:2030-03-04 », one per week of [debut, fin) of each visit of `from` (the calendar's own
 * overlap, fin excluded); the weeks' function in FROM, where PostgreSQL inlines it.
 */
const KEYS = (from: string, alias: string) =>
  `SELECT ${alias}.type || ':' || s::text FROM ${from}, planning_semaines(${alias}.debut, ${alias}.fin) s`

/** Bumps the weeks `rows` gives (type, semaine), creating the rows not there yet. */
const BUMP = (rows: string) => `INSERT INTO planning_versions AS v (type, semaine) ${rows}
  ON CONFLICT (type, semaine) DO UPDATE SET version = v.version + 1`

// An UPDATE that changed none of the columns read returns at once
const RETURN_IF_UNCHANGED = (columns: string) => `IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT ${columns} FROM new_rows EXCEPT SELECT ${columns} FROM old_rows) THEN
      RETURN NULL;
    END IF;
  END IF;`

/** The planifications' columns the week's JSON reads (planification_reads.ts, dtoQuery). */
const SHOWN = `id, type, nature, statut, debut, fin, titre, client_id, commande_id, etape, devis_id,
  demande_id, adresse, latitude, longitude, notes, motif_annulation, lock_version`

/** A referenced row whose shown columns changed notes the weeks of its visits. */
const REFERENCED = [
  {
    table: 'clients',
    fn: 'planning_versions_client',
    changed: `(OLD.nom, OLD.prenom, OLD.societe, OLD.gsm, OLD.telephone)
      IS DISTINCT FROM (NEW.nom, NEW.prenom, NEW.societe, NEW.gsm, NEW.telephone)`,
    visits: 'p.client_id = NEW.id_client',
  },
  {
    table: 'commandes',
    fn: 'planning_versions_commande',
    changed: 'OLD.numero IS DISTINCT FROM NEW.numero',
    visits: 'p.commande_id = NEW.id',
  },
  {
    table: 'devis',
    fn: 'planning_versions_devis',
    changed: 'OLD.numero IS DISTINCT FROM NEW.numero',
    visits: 'p.devis_id = NEW.id',
  },
]

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE TABLE IF NOT EXISTS planning_versions (
      type varchar(3) NOT NULL,
      semaine date NOT NULL,
      version bigint NOT NULL DEFAULT 1,
      PRIMARY KEY (type, semaine)
    )`)
    // A devis's number shown by its visits: found without reading every visit
    this.schema
      .raw(`CREATE INDEX IF NOT EXISTS planifications_devis_idx ON planifications (devis_id)
      WHERE devis_id IS NOT NULL`)

    // The Brussels weeks (Mondays) that [debut, fin) meets: the writers' and the reader's
    this.schema
      .raw(`CREATE OR REPLACE FUNCTION planning_semaines(debut timestamptz, fin timestamptz)
      RETURNS SETOF date LANGUAGE sql STABLE AS $$
        SELECT g::date FROM generate_series(
          date_trunc('week', debut AT TIME ZONE '${TZ}'),
          date_trunc('week', (fin AT TIME ZONE '${TZ}') - interval '1 microsecond'),
          interval '1 week') g
      $$`)
    // Adds weeks to the transaction's note (sorted, once each)
    this.schema.raw(`CREATE OR REPLACE FUNCTION planning_versions_note(cles text[]) RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE
        avant text := coalesce(current_setting('${NOTE}', true), '');
      BEGIN
        IF cles IS NULL OR cardinality(cles) = 0 THEN RETURN; END IF;
        PERFORM set_config('${WRITTEN}', '1', true);
        PERFORM set_config('${NOTE}', (
          SELECT string_agg(DISTINCT k, ',' ORDER BY k)
          FROM unnest(string_to_array(nullif(avant, ''), ',') || cles) k), true);
      END $$`)
    // At COMMIT (deferred): bumps the noted weeks in one statement, in key order, and forgets them
    this.schema.raw(`CREATE OR REPLACE FUNCTION planning_versions_flush() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE
        cles text := current_setting('${NOTE}', true);
      BEGIN
        IF cles IS NULL OR cles = '' THEN RETURN NULL; END IF;
        PERFORM set_config('${NOTE}', '', true);
        ${BUMP(`SELECT split_part(k, ':', 1), split_part(k, ':', 2)::date
          FROM unnest(string_to_array(cles, ',')) k ORDER BY 1, 2`)};
        RETURN NULL;
      END $$`)
    // A TRUNCATE: every week at once (rare: bumped at once)
    this.schema.raw(`CREATE OR REPLACE FUNCTION planning_versions_truncate() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM set_config('${WRITTEN}', '1', true);
        ${BUMP(`VALUES ('*', '-infinity'::date)`)};
        RETURN NULL;
      END $$`)

    // A visit: its old and new weeks
    this.schema.raw(`CREATE OR REPLACE FUNCTION planning_versions_planifications() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        ${RETURN_IF_UNCHANGED(SHOWN)}
        IF TG_OP = 'INSERT' THEN
          PERFORM planning_versions_note(ARRAY(${KEYS('new_rows n', 'n')}));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM planning_versions_note(ARRAY(${KEYS('old_rows o', 'o')}));
        ELSE
          PERFORM planning_versions_note(ARRAY(${KEYS('new_rows n', 'n')}
            UNION ${KEYS('old_rows o', 'o')}));
        END IF;
        RETURN NULL;
      END $$`)
    // Its persons (the ids the DTO lists): the weeks of their visit; one deleted with its visit
    // is noted by the visit's own DELETE
    this.schema.raw(`CREATE OR REPLACE FUNCTION planning_versions_personnes() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        ${RETURN_IF_UNCHANGED('planification_id, user_id')}
        IF TG_OP = 'INSERT' THEN
          PERFORM planning_versions_note(ARRAY(${KEYS('planifications p', 'p')}
            WHERE p.id IN (SELECT planification_id FROM new_rows)));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM planning_versions_note(ARRAY(${KEYS('planifications p', 'p')}
            WHERE p.id IN (SELECT planification_id FROM old_rows)));
        ELSE
          PERFORM planning_versions_note(ARRAY(${KEYS('planifications p', 'p')}
            WHERE p.id IN (SELECT planification_id FROM new_rows
              UNION SELECT planification_id FROM old_rows)));
        END IF;
        RETURN NULL;
      END $$`)
    for (const r of REFERENCED) {
      this.schema.raw(`CREATE OR REPLACE FUNCTION ${r.fn}() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM planning_versions_note(ARRAY(${KEYS('planifications p', 'p')} WHERE ${r.visits}));
          RETURN NULL;
        END $$`)
    }

    for (const [table, fn] of [
      ['planifications', 'planning_versions_planifications'],
      ['planification_personnes', 'planning_versions_personnes'],
    ] as const) {
      for (const op of ['insert', 'update', 'delete']) {
        const ref =
          op === 'insert'
            ? 'REFERENCING NEW TABLE AS new_rows'
            : op === 'update'
              ? 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'
              : 'REFERENCING OLD TABLE AS old_rows'
        this.schema.raw(`DROP TRIGGER IF EXISTS planning_versions_${op} ON ${table}`)
        this.schema.raw(`CREATE TRIGGER planning_versions_${op} AFTER ${op.toUpperCase()}
          ON ${table} ${ref} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`)
      }
      this.schema.raw(`DROP TRIGGER IF EXISTS planning_versions_truncate ON ${table}`)
      this.schema.raw(`CREATE TRIGGER planning_versions_truncate AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION planning_versions_truncate()`)
      this.schema.raw(`DROP TRIGGER IF EXISTS planning_versions_flush ON ${table}`)
      this.schema.raw(`CREATE CONSTRAINT TRIGGER planning_versions_flush
        AFTER INSERT OR UPDATE OR DELETE ON ${table} DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION planning_versions_flush()`)
    }
    for (const r of REFERENCED) {
      this.schema.raw(`DROP TRIGGER IF EXISTS planning_versions_note ON ${r.table}`)
      this.schema.raw(`CREATE TRIGGER planning_versions_note AFTER UPDATE ON ${r.table}
        FOR EACH ROW WHEN (${r.changed}) EXECUTE FUNCTION ${r.fn}()`)
      this.schema.raw(`DROP TRIGGER IF EXISTS planning_versions_flush ON ${r.table}`)
      this.schema.raw(`CREATE CONSTRAINT TRIGGER planning_versions_flush
        AFTER UPDATE ON ${r.table} DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW WHEN (${r.changed}) EXECUTE FUNCTION planning_versions_flush()`)
    }
  }

  async down() {
    for (const table of ['planifications', 'planification_personnes']) {
      for (const op of ['insert', 'update', 'delete', 'truncate', 'flush']) {
        this.schema.raw(`DROP TRIGGER IF EXISTS planning_versions_${op} ON ${table}`)
      }
    }
    for (const r of REFERENCED) {
      this.schema.raw(`DROP TRIGGER IF EXISTS planning_versions_note ON ${r.table}`)
      this.schema.raw(`DROP TRIGGER IF EXISTS planning_versions_flush ON ${r.table}`)
      this.schema.raw(`DROP FUNCTION IF EXISTS ${r.fn}()`)
    }
    for (const fn of [
      'planning_versions_planifications()',
      'planning_versions_personnes()',
      'planning_versions_truncate()',
      'planning_versions_flush()',
      'planning_versions_note(text[])',
      'planning_semaines(timestamptz, timestamptz)',
    ]) {
      this.schema.raw(`DROP FUNCTION IF EXISTS ${fn}`)
    }
    this.schema.raw('DROP INDEX IF EXISTS planifications_devis_idx')
    this.schema.raw('DROP TABLE IF EXISTS planning_versions')
  }
}
