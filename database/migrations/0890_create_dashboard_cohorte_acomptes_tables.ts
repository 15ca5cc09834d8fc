import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The dashboards' last live reads pre-aggregated (issue 15 §1, decisions 721–722):
 * - offres_cohorte_jour: DashboardPro's cohort per (société, Brussels day of transmise_le):
 *   offres transmitted, turned into a devis, whose devis's bdc is signed, and that bdc's HT.
 *   It was an index-only scan of the period's offres plus one bdc probe per converted offre
 *   (~2 500 at the bench volume). Its figures depend on two tables: the offres' trigger reads the
 *   bdc of each changed offre, the bdcs' trigger the offres of each changed bdc;
 * - commandes_acomptes: the staff dashboard's « acomptes attendus », the running commandes at
 *   the acompte step and their bdc's acompte (n, montant): one bdc probe per such commande
 *   (2 551 at the bench volume). The commandes' trigger reads each changed commande's bdc, the
 *   bdcs' trigger (only when an acompte changes) the commandes of each changed bdc.
 * Both kept IN THE SAME TRANSACTION by statement triggers with transition tables, as
 * bdcs_signes_jour is (migration 0870): deltas only, no shared row to wait on; an update that
 * changes none of the columns a figure reads adds nothing and reads nothing.
 *
 * Concurrency: a figure that joins two tables could miss a change made at the same moment to
 * the other table (each trigger would read the other row as it was before the other
 * transaction). The trigger on bdcs therefore takes FOR SHARE on the rows it joins (the offres
 * of the bdc's devis, the commandes of the bdc) before reading them: it waits for a transaction
 * changing one of them, then reads it as committed; a transaction changing one of those rows
 * after it waits for it and its own trigger reads the bdc as committed. The lock is taken only
 * for bdcs whose counted columns change (a signature, a total, an acompte): the app never
 * changes an offre and then its bdc in one transaction, so no new wait cycle is possible from
 * the app. Left: an offre given (by hand) the devis of another offre while that devis's bdc
 * is signed at the same instant.
 *
 * `dashboard_jour_compact()` (the nightly pass, compactStats) now folds these two as well.
 */
const TZ = 'Europe/Brussels'

// --- offres_cohorte_jour ---------------------------------------------------------------------

/** The contribution of offre rows (with their signed bdc as it is now). */
const COHORTE_OFFRES = (rows: string, sign: string) => `
  SELECT r.societe_id, (r.transmise_le AT TIME ZONE '${TZ}')::date AS jour,
    ${sign} AS transmises,
    ${sign} * (r.devis_id IS NOT NULL)::int AS converties,
    ${sign} * (b.total_ht IS NOT NULL)::int AS signees,
    ${sign} * coalesce(b.total_ht, 0) AS ca_ht
  FROM ${rows} r
  LEFT JOIN bdcs b ON b.devis_id = r.devis_id AND b.statut = 'signe'
  WHERE r.transmise_le IS NOT NULL`

/** The contribution of signed bdc rows to the offres of their devis (as they are now). */
const COHORTE_BDCS = (rows: string, sign: string) => `
  SELECT o.societe_id, (o.transmise_le AT TIME ZONE '${TZ}')::date AS jour,
    0 AS transmises, 0 AS converties, ${sign} AS signees, ${sign} * r.total_ht AS ca_ht
  FROM ${rows} r
  JOIN offres o ON o.devis_id = r.devis_id AND o.transmise_le IS NOT NULL
  WHERE r.statut = 'signe'`

const COHORTE_INSERT = (source: string) => `
  INSERT INTO offres_cohorte_jour (societe_id, jour, transmises, converties, signees, ca_ht)
  SELECT societe_id, jour, sum(transmises), sum(converties), sum(signees), sum(ca_ht)
  FROM (${source}) x GROUP BY societe_id, jour
  HAVING sum(transmises) <> 0 OR sum(converties) <> 0 OR sum(signees) <> 0 OR sum(ca_ht) <> 0`

const COHORTE_ALL = COHORTE_OFFRES('offres', '1')

/** The rows of `a` whose counted columns differ from their pair in `b` (or have none). */
const CHANGED = (a: string, b: string, columns: string[]) => `
  (SELECT x.* FROM ${a} x LEFT JOIN ${b} y ON y.id = x.id
   WHERE y.id IS NULL OR (${columns.map((c) => `x.${c}`).join(', ')})
     IS DISTINCT FROM (${columns.map((c) => `y.${c}`).join(', ')}))`

const OFFRE_COLUMNS = ['societe_id', 'transmise_le', 'devis_id']
const BDC_COHORTE_COLUMNS = ['devis_id', 'statut', 'total_ht']

// --- commandes_acomptes ----------------------------------------------------------------------

const ACOMPTE_COMMANDES = (rows: string, sign: string) => `
  SELECT ${sign} AS n, ${sign} * b.acompte AS montant
  FROM ${rows} r LEFT JOIN bdcs b ON b.id = r.bdc_id
  WHERE r.statut IN ('en_attente', 'en_cours') AND r.etape_courante = 'acompte'`

const ACOMPTE_BDCS = (rows: string, sign: string) => `
  SELECT 0 AS n, ${sign} * r.acompte AS montant
  FROM ${rows} r JOIN commandes c ON c.bdc_id = r.id
  WHERE c.statut IN ('en_attente', 'en_cours') AND c.etape_courante = 'acompte'`

const ACOMPTE_INSERT = (source: string) => `
  INSERT INTO commandes_acomptes (n, montant)
  SELECT n, montant FROM (SELECT sum(n) AS n, coalesce(sum(montant), 0) AS montant
    FROM (${source}) x) t
  WHERE n <> 0 OR montant <> 0`

const COMMANDE_COLUMNS = ['bdc_id', 'statut', 'etape_courante']

const TRIGGER_OPS: [string, string][] = [
  ['insert', 'REFERENCING NEW TABLE AS new_rows'],
  ['update', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['delete', 'REFERENCING OLD TABLE AS old_rows'],
  ['truncate', ''],
]

/** The former nightly fold (migration 0870), and the two new tables'. */
const COMPACT_0870 = ['bdcs_signes_jour', 'factures_emises_jour']
  .map(
    (t) => `
        LOCK TABLE ${t} IN SHARE UPDATE EXCLUSIVE MODE;
        WITH gone AS (DELETE FROM ${t} RETURNING *)
        INSERT INTO ${t} (jour, ${t === 'bdcs_signes_jour' ? 'n, ttc' : 'n, ht'})
        SELECT jour, sum(n), sum(${t === 'bdcs_signes_jour' ? 'ttc' : 'ht'}) FROM gone
        GROUP BY jour HAVING sum(n) <> 0 OR sum(${t === 'bdcs_signes_jour' ? 'ttc' : 'ht'}) <> 0;`
  )
  .join('')

const COMPACT_0890 = `
        LOCK TABLE offres_cohorte_jour IN SHARE UPDATE EXCLUSIVE MODE;
        WITH gone AS (DELETE FROM offres_cohorte_jour RETURNING *)
        ${COHORTE_INSERT('SELECT * FROM gone')};
        LOCK TABLE commandes_acomptes IN SHARE UPDATE EXCLUSIVE MODE;
        WITH gone AS (DELETE FROM commandes_acomptes RETURNING *)
        ${ACOMPTE_INSERT('SELECT * FROM gone')};`

export default class extends BaseSchema {
  async up() {
    // --- offres_cohorte_jour
    this.schema.raw(`CREATE TABLE IF NOT EXISTS offres_cohorte_jour (
      societe_id integer NOT NULL,
      jour date NOT NULL,
      transmises bigint NOT NULL,
      converties bigint NOT NULL,
      signees bigint NOT NULL,
      ca_ht bigint NOT NULL
    )`)
    // Every société over a period (DashboardPro), one société over a period (Pro)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS offres_cohorte_jour_idx ON offres_cohorte_jour
      (jour) INCLUDE (societe_id, transmises, converties, signees, ca_ht)`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS offres_cohorte_jour_societe_idx
      ON offres_cohorte_jour (societe_id, jour) INCLUDE (transmises, converties, signees, ca_ht)`)

    this.schema.raw(`CREATE OR REPLACE FUNCTION offres_cohorte_jour_offres() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${COHORTE_INSERT(COHORTE_OFFRES('new_rows', '1'))};
        ELSIF TG_OP = 'DELETE' THEN
          ${COHORTE_INSERT(COHORTE_OFFRES('old_rows', '-1'))};
        ELSIF TG_OP = 'UPDATE' THEN
          ${COHORTE_INSERT(
            `${COHORTE_OFFRES(CHANGED('new_rows', 'old_rows', OFFRE_COLUMNS), '1')} UNION ALL
             ${COHORTE_OFFRES(CHANGED('old_rows', 'new_rows', OFFRE_COLUMNS), '-1')}`
          )};
        ELSE
          DELETE FROM offres_cohorte_jour;
        END IF;
        RETURN NULL;
      END $$`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION offres_cohorte_jour_bdcs() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM 1 FROM offres o WHERE o.devis_id IN (
            SELECT r.devis_id FROM new_rows r WHERE r.statut = 'signe') FOR SHARE;
          ${COHORTE_INSERT(COHORTE_BDCS('new_rows', '1'))};
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM 1 FROM offres o WHERE o.devis_id IN (
            SELECT r.devis_id FROM old_rows r WHERE r.statut = 'signe') FOR SHARE;
          ${COHORTE_INSERT(COHORTE_BDCS('old_rows', '-1'))};
        ELSIF TG_OP = 'UPDATE' THEN
          PERFORM 1 FROM offres o WHERE o.devis_id IN (
            SELECT r.devis_id FROM ${CHANGED('new_rows', 'old_rows', BDC_COHORTE_COLUMNS)} r
            WHERE r.statut = 'signe'
            UNION ALL
            SELECT r.devis_id FROM ${CHANGED('old_rows', 'new_rows', BDC_COHORTE_COLUMNS)} r
            WHERE r.statut = 'signe') FOR SHARE;
          ${COHORTE_INSERT(
            `${COHORTE_BDCS(CHANGED('new_rows', 'old_rows', BDC_COHORTE_COLUMNS), '1')} UNION ALL
             ${COHORTE_BDCS(CHANGED('old_rows', 'new_rows', BDC_COHORTE_COLUMNS), '-1')}`
          )};
        ELSE
          -- No bdc left: what the offres bring without any signed bdc
          DELETE FROM offres_cohorte_jour;
          ${COHORTE_INSERT(COHORTE_ALL)};
        END IF;
        RETURN NULL;
      END $$`)
    for (const [source, fn] of [
      ['offres', 'offres_cohorte_jour_offres'],
      ['bdcs', 'offres_cohorte_jour_bdcs'],
    ]) {
      for (const [op, ref] of TRIGGER_OPS) {
        this.schema.raw(`DROP TRIGGER IF EXISTS offres_cohorte_jour_${op} ON ${source}`)
        this.schema.raw(`CREATE TRIGGER offres_cohorte_jour_${op} AFTER ${op.toUpperCase()}
          ON ${source} ${ref} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`)
      }
    }
    this.schema.raw('DELETE FROM offres_cohorte_jour')
    this.schema.raw(COHORTE_INSERT(COHORTE_ALL))

    // --- commandes_acomptes
    this.schema.raw(`CREATE TABLE IF NOT EXISTS commandes_acomptes (
      n bigint NOT NULL,
      montant bigint NOT NULL
    )`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION commandes_acomptes_commandes() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${ACOMPTE_INSERT(ACOMPTE_COMMANDES('new_rows', '1'))};
        ELSIF TG_OP = 'DELETE' THEN
          ${ACOMPTE_INSERT(ACOMPTE_COMMANDES('old_rows', '-1'))};
        ELSIF TG_OP = 'UPDATE' THEN
          ${ACOMPTE_INSERT(
            `${ACOMPTE_COMMANDES(CHANGED('new_rows', 'old_rows', COMMANDE_COLUMNS), '1')} UNION ALL
             ${ACOMPTE_COMMANDES(CHANGED('old_rows', 'new_rows', COMMANDE_COLUMNS), '-1')}`
          )};
        ELSE
          DELETE FROM commandes_acomptes;
        END IF;
        RETURN NULL;
      END $$`)
    // A bdc row counts only through its commandes (which forbid its deletion): an update of its
    // acompte is all that changes the figure
    this.schema.raw(`CREATE OR REPLACE FUNCTION commandes_acomptes_bdcs() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM 1 FROM commandes c WHERE c.bdc_id IN (
          SELECT r.id FROM ${CHANGED('new_rows', 'old_rows', ['acompte'])} r) FOR SHARE;
        ${ACOMPTE_INSERT(
          `${ACOMPTE_BDCS(CHANGED('new_rows', 'old_rows', ['acompte']), '1')} UNION ALL
           ${ACOMPTE_BDCS(CHANGED('old_rows', 'new_rows', ['acompte']), '-1')}`
        )};
        RETURN NULL;
      END $$`)
    for (const [op, ref] of TRIGGER_OPS) {
      this.schema.raw(`DROP TRIGGER IF EXISTS commandes_acomptes_${op} ON commandes`)
      this.schema.raw(`CREATE TRIGGER commandes_acomptes_${op} AFTER ${op.toUpperCase()}
        ON commandes ${ref} FOR EACH STATEMENT EXECUTE FUNCTION commandes_acomptes_commandes()`)
    }
    this.schema.raw('DROP TRIGGER IF EXISTS commandes_acomptes_update ON bdcs')
    this.schema.raw(`CREATE TRIGGER commandes_acomptes_update AFTER UPDATE ON bdcs
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION commandes_acomptes_bdcs()`)
    this.schema.raw('DELETE FROM commandes_acomptes')
    this.schema.raw(ACOMPTE_INSERT(ACOMPTE_COMMANDES('commandes', '1')))

    // The nightly fold: migration 0870's two tables, then these two
    this.schema.raw(`CREATE OR REPLACE FUNCTION dashboard_jour_compact() RETURNS void
      LANGUAGE sql AS $$${COMPACT_0870}${COMPACT_0890}
      $$`)
  }

  async down() {
    this.schema.raw(`CREATE OR REPLACE FUNCTION dashboard_jour_compact() RETURNS void
      LANGUAGE sql AS $$${COMPACT_0870}
      $$`)
    for (const [op] of TRIGGER_OPS) {
      this.schema.raw(`DROP TRIGGER IF EXISTS offres_cohorte_jour_${op} ON offres`)
      this.schema.raw(`DROP TRIGGER IF EXISTS offres_cohorte_jour_${op} ON bdcs`)
      this.schema.raw(`DROP TRIGGER IF EXISTS commandes_acomptes_${op} ON commandes`)
    }
    this.schema.raw('DROP TRIGGER IF EXISTS commandes_acomptes_update ON bdcs')
    this.schema.raw('DROP FUNCTION IF EXISTS offres_cohorte_jour_offres()')
    this.schema.raw('DROP FUNCTION IF EXISTS offres_cohorte_jour_bdcs()')
    this.schema.raw('DROP FUNCTION IF EXISTS commandes_acomptes_commandes()')
    this.schema.raw('DROP FUNCTION IF EXISTS commandes_acomptes_bdcs()')
    this.schema.raw('DROP TABLE IF EXISTS offres_cohorte_jour')
    this.schema.raw('DROP TABLE IF EXISTS commandes_acomptes')
  }
}
