import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The acceptance analyse's per-day sums folded per month (issue 15 §1, decision 711): the same
 * key as acceptation_jour (migration 0880) with the Brussels month of envoye_le (its first day)
 * for the day. A period reads its whole months here and only its partial first and last months
 * from acceptation_jour (app/services/analyse/acceptation.ts): 12 months read about 12 rows per
 * key, not 365. The sums are exact (bigint, numeric of one scale per key: echelle is in the key),
 * so the figures are those of the days to the digit.
 *
 * Kept IN THE SAME TRANSACTION by the devis triggers of migration 0880: acceptation_jour_touch()
 * is replaced so the one statement that nets a write's contributions per day inserts them in
 * acceptation_jour and, netted per month, in acceptation_mois (deltas only, no shared row);
 * acceptation_jour_compact() and acceptation_jour_rebuild() do both tables; a TRUNCATE of devis
 * empties both.
 */
const DELAI = 'extract(epoch FROM r.accepte_le - r.envoye_le) / 86400'
const DELAI_LU = "r.statut = 'accepte' AND r.accepte_le IS NOT NULL"

// As migration 0880 (the frozen migration's text, repeated: the function is replaced here)
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

const CLE = 'commercial_id, apporteur_id, issue, tranche, echelle'
const NET = 'HAVING sum(n) <> 0 OR sum(ht) <> 0 OR sum(delai_somme) <> 0'
const MOIS = "date_trunc('month', jour)::date"

/** The contributions `source` (day rows) netted per day into acceptation_jour, per month into acceptation_mois. */
const INSERT_BOTH = (source: string) => `
  WITH c AS MATERIALIZED (
    SELECT jour, ${CLE}, sum(n) AS n, sum(ht) AS ht, sum(delai_somme) AS delai_somme
    FROM (${source}) x
    GROUP BY jour, ${CLE}
    ${NET}
  ),
  j AS (INSERT INTO acceptation_jour (jour, ${CLE}, n, ht, delai_somme) SELECT * FROM c)
  INSERT INTO acceptation_mois (mois, ${CLE}, n, ht, delai_somme)
  SELECT ${MOIS}, ${CLE}, sum(n), sum(ht), sum(delai_somme)
  FROM c
  GROUP BY ${MOIS}, ${CLE}
  ${NET}`

const READ = 'envoye_le, accepte_le, statut, commercial_id, apporteur_id, total_ht'

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE TABLE IF NOT EXISTS acceptation_mois (
      mois date NOT NULL,
      commercial_id integer,
      apporteur_id integer,
      issue char(1) NOT NULL CHECK (issue IN ('a', 'r', 'x')),
      tranche integer,
      echelle smallint,
      n bigint NOT NULL,
      ht bigint NOT NULL,
      delai_somme numeric NOT NULL
    )`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS acceptation_mois_idx ON acceptation_mois (mois)
      INCLUDE (${CLE}, n, ht, delai_somme)`)

    this.schema.raw(`CREATE OR REPLACE FUNCTION acceptation_jour_touch() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          IF NOT EXISTS (SELECT ${READ} FROM new_rows EXCEPT ALL SELECT ${READ} FROM old_rows) THEN
            RETURN NULL;
          END IF;
          ${INSERT_BOTH(`${CONTRIBUTIONS('new_rows', '1')} UNION ALL ${CONTRIBUTIONS('old_rows', '-1')}`)};
        ELSIF TG_OP = 'INSERT' THEN
          ${INSERT_BOTH(CONTRIBUTIONS('new_rows', '1'))};
        ELSIF TG_OP = 'DELETE' THEN
          ${INSERT_BOTH(CONTRIBUTIONS('old_rows', '-1'))};
        ELSE
          DELETE FROM acceptation_jour;
          DELETE FROM acceptation_mois;
        END IF;
        RETURN NULL;
      END $$`)

    // Folds the deltas of both tables to one row per key (the figures are the same)
    this.schema.raw(`CREATE OR REPLACE FUNCTION acceptation_jour_compact() RETURNS void
      LANGUAGE sql AS $$
        LOCK TABLE acceptation_jour, acceptation_mois IN SHARE UPDATE EXCLUSIVE MODE;
        WITH gone AS (DELETE FROM acceptation_jour RETURNING *)
        INSERT INTO acceptation_jour (jour, ${CLE}, n, ht, delai_somme)
        SELECT jour, ${CLE}, sum(n), sum(ht), sum(delai_somme) FROM gone
        GROUP BY jour, ${CLE} ${NET};
        WITH gone AS (DELETE FROM acceptation_mois RETURNING *)
        INSERT INTO acceptation_mois (mois, ${CLE}, n, ht, delai_somme)
        SELECT mois, ${CLE}, sum(n), sum(ht), sum(delai_somme) FROM gone
        GROUP BY mois, ${CLE} ${NET};
      $$`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION acceptation_jour_rebuild() RETURNS void
      LANGUAGE sql AS $$
        DELETE FROM acceptation_jour;
        DELETE FROM acceptation_mois;
        ${INSERT_BOTH(CONTRIBUTIONS('devis', '1'))};
      $$`)

    // What the days already hold (the same sums, folded per month)
    this.schema.raw(`DELETE FROM acceptation_mois`)
    this.schema.raw(`INSERT INTO acceptation_mois (mois, ${CLE}, n, ht, delai_somme)
      SELECT ${MOIS}, ${CLE}, sum(n), sum(ht), sum(delai_somme) FROM acceptation_jour
      GROUP BY ${MOIS}, ${CLE} ${NET}`)
  }

  async down() {
    // Back to migration 0880's functions (days only)
    this.schema.raw(`CREATE OR REPLACE FUNCTION acceptation_jour_touch() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          IF NOT EXISTS (SELECT ${READ} FROM new_rows EXCEPT ALL SELECT ${READ} FROM old_rows) THEN
            RETURN NULL;
          END IF;
          INSERT INTO acceptation_jour (jour, ${CLE}, n, ht, delai_somme)
          SELECT jour, ${CLE}, sum(n), sum(ht), sum(delai_somme)
          FROM (${CONTRIBUTIONS('new_rows', '1')} UNION ALL ${CONTRIBUTIONS('old_rows', '-1')}) x
          GROUP BY jour, ${CLE} ${NET};
        ELSIF TG_OP = 'INSERT' THEN
          INSERT INTO acceptation_jour (jour, ${CLE}, n, ht, delai_somme)
          SELECT jour, ${CLE}, sum(n), sum(ht), sum(delai_somme)
          FROM (${CONTRIBUTIONS('new_rows', '1')}) x GROUP BY jour, ${CLE} ${NET};
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO acceptation_jour (jour, ${CLE}, n, ht, delai_somme)
          SELECT jour, ${CLE}, sum(n), sum(ht), sum(delai_somme)
          FROM (${CONTRIBUTIONS('old_rows', '-1')}) x GROUP BY jour, ${CLE} ${NET};
        ELSE
          DELETE FROM acceptation_jour;
        END IF;
        RETURN NULL;
      END $$`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION acceptation_jour_compact() RETURNS void
      LANGUAGE sql AS $$
        LOCK TABLE acceptation_jour IN SHARE UPDATE EXCLUSIVE MODE;
        WITH gone AS (DELETE FROM acceptation_jour RETURNING *)
        INSERT INTO acceptation_jour (jour, ${CLE}, n, ht, delai_somme)
        SELECT jour, ${CLE}, sum(n), sum(ht), sum(delai_somme) FROM gone
        GROUP BY jour, ${CLE} ${NET};
      $$`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION acceptation_jour_rebuild() RETURNS void
      LANGUAGE sql AS $$
        DELETE FROM acceptation_jour;
        INSERT INTO acceptation_jour (jour, ${CLE}, n, ht, delai_somme)
        SELECT jour, ${CLE}, sum(n), sum(ht), sum(delai_somme)
        FROM (${CONTRIBUTIONS('devis', '1')}) x GROUP BY jour, ${CLE} ${NET};
      $$`)
    this.schema.raw('DROP TABLE IF EXISTS acceptation_mois')
  }
}
