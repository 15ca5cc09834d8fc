import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The acceptance analyse pre-aggregated by day (issue 15 §1, decision 695): what each sent devis
 * contributes to /esi/analyse/acceptation, summed per (Brussels day of envoye_le, commercial,
 * apporteur, issue, tranche, echelle):
 * - issue: 'a' accepted, 'r' refused, 'x' any other statut; n devis, ht their total HT;
 * - for the accepted ones with accepte_le, the delay accepte_le − envoye_le in days computed as
 *   the analyse computes it (numeric: the sums are exact): tranche its whole days (floor), the
 *   histogram that finds which tranche holds a median, whose exact values are then read from
 *   devis_acceptes_delai_idx (migration 0881); echelle the delay's numeric scale (12 to 24
 *   decimals by its size), so the read gives the mean the digits avg() gave, not only its value.
 *
 * Kept IN THE SAME TRANSACTION by statement triggers with transition tables on devis, as
 * devis_stats_jour (migration 0865): deltas only, folded by `acceptation_jour_compact()` at
 * night; an update that moves none of the columns read adds nothing; a TRUNCATE empties it.
 */
const DELAI = 'extract(epoch FROM r.accepte_le - r.envoye_le) / 86400'
const DELAI_LU = "r.statut = 'accepte' AND r.accepte_le IS NOT NULL"

const CONTRIBUTIONS = (rows: string, sign: string) => `
  SELECT (r.envoye_le AT TIME ZONE 'Europe/Brussels')::date AS jour, r.commercial_id,
    r.apporteur_id,
    (CASE r.statut WHEN 'accepte' THEN 'a' WHEN 'refuse' THEN 'r' ELSE 'x' END)::char AS issue,
    CASE WHEN ${DELAI_LU} THEN floor(${DELAI})::int END AS tranche,
    CASE WHEN ${DELAI_LU} THEN scale(${DELAI})::smallint END AS echelle,
    ${sign} AS n,
    CASE WHEN r.statut = 'accepte' THEN ${sign} * r.total_ht ELSE 0 END AS ht,
    CASE WHEN ${DELAI_LU} THEN ${sign} * (${DELAI}) ELSE 0 END AS delai_somme
  FROM ${rows} r WHERE r.envoye_le IS NOT NULL`

const KEY = 'jour, commercial_id, apporteur_id, issue, tranche, echelle'
const INSERT_NET = (source: string) => `
  INSERT INTO acceptation_jour (${KEY}, n, ht, delai_somme)
  SELECT ${KEY}, sum(n), sum(ht), sum(delai_somme)
  FROM (${source}) x
  GROUP BY ${KEY}
  HAVING sum(n) <> 0 OR sum(ht) <> 0 OR sum(delai_somme) <> 0`

const READ = 'envoye_le, accepte_le, statut, commercial_id, apporteur_id, total_ht'

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE TABLE IF NOT EXISTS acceptation_jour (
      jour date NOT NULL,
      commercial_id integer,
      apporteur_id integer,
      issue char(1) NOT NULL CHECK (issue IN ('a', 'r', 'x')),
      tranche integer,
      echelle smallint,
      n bigint NOT NULL,
      ht bigint NOT NULL,
      delai_somme numeric NOT NULL
    )`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS acceptation_jour_idx ON acceptation_jour (jour)
      INCLUDE (commercial_id, apporteur_id, issue, tranche, echelle, n, ht, delai_somme)`)

    this.schema.raw(`CREATE OR REPLACE FUNCTION acceptation_jour_touch() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          IF NOT EXISTS (SELECT ${READ} FROM new_rows EXCEPT ALL SELECT ${READ} FROM old_rows) THEN
            RETURN NULL;
          END IF;
          ${INSERT_NET(`${CONTRIBUTIONS('new_rows', '1')} UNION ALL ${CONTRIBUTIONS('old_rows', '-1')}`)};
        ELSIF TG_OP = 'INSERT' THEN
          ${INSERT_NET(CONTRIBUTIONS('new_rows', '1'))};
        ELSIF TG_OP = 'DELETE' THEN
          ${INSERT_NET(CONTRIBUTIONS('old_rows', '-1'))};
        ELSE
          DELETE FROM acceptation_jour;
        END IF;
        RETURN NULL;
      END $$`)
    for (const [op, ref] of [
      ['insert', 'REFERENCING NEW TABLE AS new_rows'],
      ['update', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
      ['delete', 'REFERENCING OLD TABLE AS old_rows'],
      ['truncate', ''],
    ]) {
      this.schema.raw(`DROP TRIGGER IF EXISTS acceptation_jour_${op} ON devis`)
      this.schema.raw(`CREATE TRIGGER acceptation_jour_${op} AFTER ${op.toUpperCase()} ON devis
        ${ref} FOR EACH STATEMENT EXECUTE FUNCTION acceptation_jour_touch()`)
    }

    // Folds the deltas to one row per key (the figures are the same), as devis_stats_compact()
    this.schema.raw(`CREATE OR REPLACE FUNCTION acceptation_jour_compact() RETURNS void
      LANGUAGE sql AS $$
        LOCK TABLE acceptation_jour IN SHARE UPDATE EXCLUSIVE MODE;
        WITH gone AS (DELETE FROM acceptation_jour RETURNING *)
        ${INSERT_NET('SELECT * FROM gone')};
      $$`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION acceptation_jour_rebuild() RETURNS void
      LANGUAGE sql AS $$
        DELETE FROM acceptation_jour;
        ${INSERT_NET(CONTRIBUTIONS('devis', '1'))};
      $$`)

    // What the devis already hold
    this.schema.raw('SELECT acceptation_jour_rebuild()')
  }

  async down() {
    for (const op of ['insert', 'update', 'delete', 'truncate']) {
      this.schema.raw(`DROP TRIGGER IF EXISTS acceptation_jour_${op} ON devis`)
    }
    for (const fn of ['touch', 'compact', 'rebuild']) {
      this.schema.raw(`DROP FUNCTION IF EXISTS acceptation_jour_${fn}()`)
    }
    this.schema.raw('DROP TABLE IF EXISTS acceptation_jour')
  }
}
