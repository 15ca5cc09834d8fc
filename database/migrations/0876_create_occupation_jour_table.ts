import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The technicians' occupation pre-aggregated by Brussels day (issue 15 §1, decision 652): what
 * each person of a technical visit (not cancelled, active) contributes to
 * /esi/analyse/techniciens, summed per (user, réalisée, kind, day, a, b):
 * - kind 'h': the seconds of his slot (creneau) inside each Brussels day it meets;
 * - kind 'n': one visit, on day a.
 * a and b say for which periods the visit counts at all: the analyse keeps a person's visit when
 * both his slot and the visit's own range meet the period, i.e. a ≤ au and b ≥ du with a = the
 * later of their first days and b = the earlier of their last days (the slot runs past the visit
 * by the travel time). A period is whole days, so the seconds of the days inside it are the
 * slot's seconds inside it, exactly.
 *
 * Kept IN THE SAME TRANSACTION by statement triggers on planification_personnes and
 * planifications (deltas only, folded by `occupation_jour_compact()` at night), as
 * devis_stats_jour (migration 0865). A visit's persons are cascade-deleted after it, when they
 * can no longer be joined to it: a BEFORE DELETE row trigger takes them off first. A TRUNCATE
 * recomputes everything. The slots are bounded (a CHECK, as the app writes them).
 */
const TZ = 'Europe/Brussels'
const DAY = (d: string) =>
  `tstzrange((${d})::timestamp AT TIME ZONE '${TZ}', ((${d}) + 1)::timestamp AT TIME ZONE '${TZ}')`
// The Brussels days a range meets
const DAYS = (range: string) => `(SELECT g::date AS jour
  FROM generate_series((lower(${range}) AT TIME ZONE '${TZ}')::date,
    (upper(${range}) AT TIME ZONE '${TZ}')::date, interval '1 day') g
  WHERE ${range} && ${DAY('g::date')})`

/** The contributions of persons `pp` of visits `pl` (tables or transition tables), sign ±1. */
function contributions(pp: string, pl: string, sign: string, where = 'TRUE'): string {
  return `WITH r AS (
      SELECT pp.user_id, pl.statut = 'realisee' AS realisee, pp.creneau AS c,
        tstzrange(pl.debut, pl.fin) AS l
      FROM ${pp} pp JOIN ${pl} pl ON pl.id = pp.planification_id
      WHERE pl.type = 'tec' AND pl.statut <> 'annulee' AND pp.actif
        AND NOT isempty(pp.creneau) AND pl.debut < pl.fin AND ${where}
    ),
    s AS (
      SELECT r.*, greatest(c.premier, l.premier) AS a, least(c.dernier, l.dernier) AS b
      FROM r
        CROSS JOIN LATERAL (SELECT min(jour) AS premier, max(jour) AS dernier FROM ${DAYS('r.c')} x) c
        CROSS JOIN LATERAL (SELECT min(jour) AS premier, max(jour) AS dernier FROM ${DAYS('r.l')} y) l
    )
    SELECT s.user_id, s.realisee, 'h'::char AS kind, d.jour, s.a, s.b,
      ${sign} * coalesce(extract(epoch FROM upper(s.c * ${DAY('d.jour')})
        - lower(s.c * ${DAY('d.jour')})), 0) AS secondes,
      0 AS n
    FROM s CROSS JOIN LATERAL ${DAYS('s.c')} d
    UNION ALL
    SELECT s.user_id, s.realisee, 'n'::char, s.a, s.a, s.b, 0, ${sign} FROM s`
}

const COLUMNS = 'user_id, realisee, kind, jour, a, b, secondes, n'
const INSERT_NET = (source: string) => `
  INSERT INTO occupation_jour (${COLUMNS})
  SELECT user_id, realisee, kind, jour, a, b, sum(secondes), sum(n)
  FROM (${source}) x
  GROUP BY user_id, realisee, kind, jour, a, b
  HAVING sum(secondes) <> 0 OR sum(n) <> 0`

// An UPDATE that changed none of the columns read returns at once
const RETURN_IF_UNCHANGED = (columns: string) => `IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT ${columns} FROM new_rows EXCEPT SELECT ${columns} FROM old_rows) THEN
      RETURN NULL;
    END IF;
  END IF;`

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`ALTER TABLE planification_personnes
      DROP CONSTRAINT IF EXISTS planification_personnes_creneau_borne`)
    this.schema.raw(`ALTER TABLE planification_personnes
      ADD CONSTRAINT planification_personnes_creneau_borne
      CHECK (NOT lower_inf(creneau) AND NOT upper_inf(creneau))`)
    this.schema.raw(`CREATE TABLE IF NOT EXISTS occupation_jour (
      user_id integer NOT NULL,
      realisee boolean NOT NULL,
      kind char(1) NOT NULL CHECK (kind IN ('h', 'n')),
      jour date NOT NULL,
      a date NOT NULL,
      b date NOT NULL,
      secondes numeric NOT NULL,
      n bigint NOT NULL
    )`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS occupation_jour_idx ON occupation_jour
      (kind, jour) INCLUDE (user_id, realisee, a, b, secondes, n)`)
    // The visits begun before a period and still running in it (a < du ≤ b: a < b)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS occupation_jour_en_cours_idx ON occupation_jour
      (b) INCLUDE (user_id, a, n) WHERE kind = 'n' AND a < b`)

    this.schema.raw(`CREATE OR REPLACE FUNCTION occupation_jour_rebuild() RETURNS void
      LANGUAGE sql AS $$
        DELETE FROM occupation_jour;
        ${INSERT_NET(contributions('planification_personnes', 'planifications', '1'))};
      $$`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION occupation_jour_compact() RETURNS void
      LANGUAGE sql AS $$
        LOCK TABLE occupation_jour IN SHARE UPDATE EXCLUSIVE MODE;
        WITH gone AS (DELETE FROM occupation_jour RETURNING *)
        ${INSERT_NET(`SELECT ${COLUMNS} FROM gone`)};
      $$`)

    this.schema.raw(`CREATE OR REPLACE FUNCTION occupation_personnes_touch() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        ${RETURN_IF_UNCHANGED('planification_id, user_id, creneau, actif')}
        IF TG_OP = 'INSERT' THEN
          ${INSERT_NET(contributions('new_rows', 'planifications', '1'))};
        ELSIF TG_OP = 'DELETE' THEN
          ${INSERT_NET(contributions('old_rows', 'planifications', '-1'))};
        ELSIF TG_OP = 'UPDATE' THEN
          ${INSERT_NET(
            `SELECT * FROM (${contributions('new_rows', 'planifications', '1')}) p
             UNION ALL SELECT * FROM (${contributions('old_rows', 'planifications', '-1')}) m`
          )};
        ELSE
          PERFORM occupation_jour_rebuild();
        END IF;
        RETURN NULL;
      END $$`)
    // A visit's own columns: its persons' contributions with the old and the new visit
    this.schema.raw(`CREATE OR REPLACE FUNCTION occupation_planifications_touch() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        ${RETURN_IF_UNCHANGED('id, type, statut, debut, fin')}
        IF TG_OP = 'UPDATE' THEN
          ${INSERT_NET(
            `SELECT * FROM (${contributions('planification_personnes', 'new_rows', '1')}) p
             UNION ALL SELECT * FROM (${contributions('planification_personnes', 'old_rows', '-1')}) m`
          )};
        ELSIF TG_OP = 'TRUNCATE' THEN
          PERFORM occupation_jour_rebuild();
        END IF;
        RETURN NULL;
      END $$`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION occupation_planifications_before_delete()
      RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${INSERT_NET(contributions('planification_personnes', 'planifications', '-1', 'pl.id = OLD.id'))};
        RETURN OLD;
      END $$`)

    for (const [table, fn, ops] of [
      ['planification_personnes', 'occupation_personnes_touch', ['insert', 'update', 'delete']],
      ['planifications', 'occupation_planifications_touch', ['update']],
    ] as const) {
      for (const op of [...ops, 'truncate']) {
        const ref =
          op === 'insert'
            ? 'REFERENCING NEW TABLE AS new_rows'
            : op === 'update'
              ? 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'
              : op === 'delete'
                ? 'REFERENCING OLD TABLE AS old_rows'
                : ''
        this.schema.raw(`DROP TRIGGER IF EXISTS occupation_${op} ON ${table}`)
        this.schema.raw(`CREATE TRIGGER occupation_${op} AFTER ${op.toUpperCase()} ON ${table}
          ${ref} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`)
      }
    }
    this.schema.raw(`DROP TRIGGER IF EXISTS occupation_before_delete ON planifications`)
    this.schema.raw(`CREATE TRIGGER occupation_before_delete BEFORE DELETE ON planifications
      FOR EACH ROW EXECUTE FUNCTION occupation_planifications_before_delete()`)

    // What the visits already hold
    this.schema.raw('SELECT occupation_jour_rebuild()')
  }

  async down() {
    for (const table of ['planification_personnes', 'planifications']) {
      for (const op of ['insert', 'update', 'delete', 'truncate']) {
        this.schema.raw(`DROP TRIGGER IF EXISTS occupation_${op} ON ${table}`)
      }
    }
    this.schema.raw('DROP TRIGGER IF EXISTS occupation_before_delete ON planifications')
    for (const fn of [
      'occupation_personnes_touch',
      'occupation_planifications_touch',
      'occupation_planifications_before_delete',
      'occupation_jour_rebuild',
      'occupation_jour_compact',
    ]) {
      this.schema.raw(`DROP FUNCTION IF EXISTS ${fn}()`)
    }
    this.schema.raw('DROP TABLE IF EXISTS occupation_jour')
    this.schema.raw(`ALTER TABLE planification_personnes
      DROP CONSTRAINT IF EXISTS planification_personnes_creneau_borne`)
  }
}
