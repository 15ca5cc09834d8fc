import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The devis statistics pre-aggregated by day (issue 15 §1, decision 556): what each devis
 * contributes to /esi/devis/stats, summed per (axe, Brussels day, commercial, statut): 'c' the
 * day it is dated, 'e' the day it was sent, 'a' the day it was accepted; n, HT, TTC, and for the
 * sent ones the acceptance delay (days, numeric: sums are exact). The statistics then read a few
 * thousand rows instead of scanning the devis of the period (200 000 devis: 470 ms → a few ms).
 *
 * Kept current IN THE SAME TRANSACTION by statement triggers on devis with transition tables: a
 * write adds its rows' new contributions and subtracts the old ones. Only deltas are ever
 * INSERTED (no row is updated), so two editors saving at once never wait on a shared
 * aggregate row; `devis_stats_compact()` (run by the nightly pass and after a bulk load) folds
 * them back to one row per key. A write that changes no counted figure (the lines of a draft
 * with the same totals) adds nothing. Truncating devis empties it.
 */
const CONTRIBUTIONS = (rows: string, sign: string) => `
  SELECT 'c'::char AS axe, r.date_devis AS jour, r.commercial_id, r.statut,
    ${sign} AS n, ${sign} * r.total_ht AS ht, ${sign} * r.total_ttc AS ttc,
    0::numeric AS delai_somme, 0 AS delai_n
  FROM ${rows} r
  UNION ALL
  SELECT 'e', (r.envoye_le AT TIME ZONE 'Europe/Brussels')::date, r.commercial_id, r.statut,
    ${sign}, ${sign} * r.total_ht, ${sign} * r.total_ttc,
    ${sign} * coalesce(extract(epoch FROM r.accepte_le - r.envoye_le) / 86400, 0),
    CASE WHEN r.accepte_le IS NULL THEN 0 ELSE ${sign} END
  FROM ${rows} r WHERE r.envoye_le IS NOT NULL
  UNION ALL
  SELECT 'a', (r.accepte_le AT TIME ZONE 'Europe/Brussels')::date, r.commercial_id, r.statut,
    ${sign}, ${sign} * r.total_ht, ${sign} * r.total_ttc, 0, 0
  FROM ${rows} r WHERE r.accepte_le IS NOT NULL`

const INSERT_NET = (source: string) => `
  INSERT INTO devis_stats_jour (axe, jour, commercial_id, statut, n, ht, ttc, delai_somme, delai_n)
  SELECT axe, jour, commercial_id, statut, sum(n), sum(ht), sum(ttc), sum(delai_somme), sum(delai_n)
  FROM (${source}) x
  GROUP BY axe, jour, commercial_id, statut
  HAVING sum(n) <> 0 OR sum(ht) <> 0 OR sum(ttc) <> 0 OR sum(delai_somme) <> 0
    OR sum(delai_n) <> 0`

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE TABLE IF NOT EXISTS devis_stats_jour (
      axe char(1) NOT NULL CHECK (axe IN ('c', 'e', 'a')),
      jour date NOT NULL,
      commercial_id integer,
      statut text NOT NULL,
      n bigint NOT NULL,
      ht bigint NOT NULL,
      ttc bigint NOT NULL,
      delai_somme numeric NOT NULL,
      delai_n bigint NOT NULL
    )`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS devis_stats_jour_idx
      ON devis_stats_jour (axe, jour) INCLUDE (commercial_id, statut, n, ht, ttc, delai_somme, delai_n)`)

    this.schema.raw(`CREATE OR REPLACE FUNCTION devis_stats_touch() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${INSERT_NET(CONTRIBUTIONS('new_rows', '1'))};
        ELSIF TG_OP = 'DELETE' THEN
          ${INSERT_NET(CONTRIBUTIONS('old_rows', '-1'))};
        ELSIF TG_OP = 'UPDATE' THEN
          ${INSERT_NET(`${CONTRIBUTIONS('new_rows', '1')} UNION ALL ${CONTRIBUTIONS('old_rows', '-1')}`)};
        ELSE
          DELETE FROM devis_stats_jour;
        END IF;
        RETURN NULL;
      END $$`)
    for (const [op, ref] of [
      ['insert', 'REFERENCING NEW TABLE AS new_rows'],
      ['update', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
      ['delete', 'REFERENCING OLD TABLE AS old_rows'],
      ['truncate', ''],
    ]) {
      this.schema.raw(`DROP TRIGGER IF EXISTS devis_stats_${op} ON devis`)
      this.schema.raw(`CREATE TRIGGER devis_stats_${op} AFTER ${op.toUpperCase()} ON devis
        ${ref} FOR EACH STATEMENT EXECUTE FUNCTION devis_stats_touch()`)
    }

    // Folds the deltas to one row per key (the figures are the same before and after): under a
    // lock that lets writers go on adding deltas while it runs (SHARE UPDATE EXCLUSIVE does not
    // conflict with ROW EXCLUSIVE) but keeps two compactions apart
    this.schema.raw(`CREATE OR REPLACE FUNCTION devis_stats_compact() RETURNS void
      LANGUAGE sql AS $$
        LOCK TABLE devis_stats_jour IN SHARE UPDATE EXCLUSIVE MODE;
        WITH gone AS (DELETE FROM devis_stats_jour RETURNING *)
        ${INSERT_NET('SELECT * FROM gone')};
      $$`)

    // What the devis already hold
    this.schema.raw(`DELETE FROM devis_stats_jour`)
    this.schema.raw(
      INSERT_NET(
        CONTRIBUTIONS(
          '(SELECT statut, commercial_id, date_devis, envoye_le, accepte_le, total_ht, total_ttc FROM devis)',
          '1'
        )
      )
    )
  }

  async down() {
    for (const op of ['insert', 'update', 'delete', 'truncate']) {
      this.schema.raw(`DROP TRIGGER IF EXISTS devis_stats_${op} ON devis`)
    }
    this.schema.raw('DROP FUNCTION IF EXISTS devis_stats_touch()')
    this.schema.raw('DROP FUNCTION IF EXISTS devis_stats_compact()')
    this.schema.raw('DROP TABLE IF EXISTS devis_stats_jour')
  }
}
