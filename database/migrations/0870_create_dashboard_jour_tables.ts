import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The staff dashboard pre-aggregated (issue 15 §1, decision 640): its figures grew with the
 * volume (signed bdcs of the year and last year's, the month's turnover, read row by row).
 * - bdcs_signes_jour: the signed bdcs per Brussels day of signature (n, TTC);
 * - factures_emises_jour: the issued factures per date_facture (n, HT).
 * Kept IN THE SAME TRANSACTION by statement triggers with transition tables, as
 * devis_stats_jour is (migration 0865): deltas only, no shared row to wait on, a write that
 * changes no counted figure (a payment on a facture) adds nothing; `dashboard_jour_compact()`
 * folds them at night with the other aggregates.
 *
 * Also the indexes that make the dashboards' other figures small reads (decisions 641–642):
 * index-only once the table is vacuumed.
 */
type Aggregate = {
  table: string
  source: string
  columns: [string, string]
  /** The day and amount a row contributes, and the rows that contribute. */
  jour: string
  montant: string
  where: string
}

const AGGREGATES: Aggregate[] = [
  {
    table: 'bdcs_signes_jour',
    source: 'bdcs',
    columns: ['n', 'ttc'],
    jour: `(r.signe_le AT TIME ZONE 'Europe/Brussels')::date`,
    montant: 'r.total_ttc',
    where: `r.statut = 'signe' AND r.signe_le IS NOT NULL`,
  },
  {
    table: 'factures_emises_jour',
    source: 'factures',
    columns: ['n', 'ht'],
    jour: 'r.date_facture',
    montant: 'r.total_ht',
    where: 'r.numero IS NOT NULL AND r.date_facture IS NOT NULL',
  },
]

const CONTRIBUTIONS = (a: Aggregate, rows: string, sign: string) => `
  SELECT ${a.jour} AS jour, ${sign} AS n, ${sign} * ${a.montant} AS montant
  FROM ${rows} r WHERE ${a.where}`

const INSERT_NET = (a: Aggregate, source: string) => `
  INSERT INTO ${a.table} (jour, ${a.columns.join(', ')})
  SELECT jour, sum(n), sum(montant) FROM (${source}) x
  GROUP BY jour HAVING sum(n) <> 0 OR sum(montant) <> 0`

export default class extends BaseSchema {
  async up() {
    for (const a of AGGREGATES) {
      const [n, montant] = a.columns
      this.schema.raw(`CREATE TABLE IF NOT EXISTS ${a.table} (
        jour date NOT NULL,
        ${n} bigint NOT NULL,
        ${montant} bigint NOT NULL
      )`)
      this.schema.raw(`CREATE INDEX IF NOT EXISTS ${a.table}_idx
        ON ${a.table} (jour) INCLUDE (${n}, ${montant})`)

      this.schema.raw(`CREATE OR REPLACE FUNCTION ${a.table}_touch() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            ${INSERT_NET(a, CONTRIBUTIONS(a, 'new_rows', '1'))};
          ELSIF TG_OP = 'DELETE' THEN
            ${INSERT_NET(a, CONTRIBUTIONS(a, 'old_rows', '-1'))};
          ELSIF TG_OP = 'UPDATE' THEN
            ${INSERT_NET(a, `${CONTRIBUTIONS(a, 'new_rows', '1')} UNION ALL ${CONTRIBUTIONS(a, 'old_rows', '-1')}`)};
          ELSE
            DELETE FROM ${a.table};
          END IF;
          RETURN NULL;
        END $$`)
      for (const [op, ref] of [
        ['insert', 'REFERENCING NEW TABLE AS new_rows'],
        ['update', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
        ['delete', 'REFERENCING OLD TABLE AS old_rows'],
        ['truncate', ''],
      ]) {
        this.schema.raw(`DROP TRIGGER IF EXISTS ${a.table}_${op} ON ${a.source}`)
        this.schema.raw(`CREATE TRIGGER ${a.table}_${op} AFTER ${op.toUpperCase()}
          ON ${a.source} ${ref} FOR EACH STATEMENT EXECUTE FUNCTION ${a.table}_touch()`)
      }

      // What exists already
      this.schema.raw(`DELETE FROM ${a.table}`)
      this.schema.raw(INSERT_NET(a, CONTRIBUTIONS(a, a.source, '1')))
    }

    // Folds the deltas to one row per day, as devis_stats_compact() does (same lock)
    this.schema.raw(`CREATE OR REPLACE FUNCTION dashboard_jour_compact() RETURNS void
      LANGUAGE sql AS $$
        ${AGGREGATES.map(
          (a) => `
        LOCK TABLE ${a.table} IN SHARE UPDATE EXCLUSIVE MODE;
        WITH gone AS (DELETE FROM ${a.table} RETURNING *)
        INSERT INTO ${a.table} (jour, ${a.columns.join(', ')})
        SELECT jour, sum(${a.columns[0]}), sum(${a.columns[1]}) FROM gone
        GROUP BY jour HAVING sum(${a.columns[0]}) <> 0 OR sum(${a.columns[1]}) <> 0;`
        ).join('')}
      $$`)

    // Devis à relancer: the sent devis still « envoyé » of devis_stats_jour, without the rows
    // of the other statuts and axes in between (decision 641)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS devis_stats_jour_envoyes_idx
      ON devis_stats_jour (jour) INCLUDE (n, ttc) WHERE axe = 'e' AND statut = 'envoye'`)
    // Acomptes attendus: the running commandes at a step, with their bdc (decision 641)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS commandes_etape_courante_idx
      ON commandes (etape_courante) INCLUDE (bdc_id) WHERE statut IN ('en_attente', 'en_cours')`)
    // The acompte of each such commande's bdc without its row (an index-only probe)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS bdcs_acompte_idx ON bdcs (id) INCLUDE (acompte)`)
    // DashboardPro's cohort: the offres transmitted in the period with their société and devis,
    // without their rows (replaces migration 0820's index of transmise_le alone)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS offres_transmises_cohorte_idx
      ON offres (transmise_le) INCLUDE (societe_id, devis_id) WHERE transmise_le IS NOT NULL`)
    this.schema.raw('DROP INDEX IF EXISTS offres_transmises_idx')
    // DashboardPro's last activity: the latest offre staff may see, one probe per société
    // (OFFRE_VISIBLE_BY_ESI, decision 642)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS offres_societe_visible_idx
      ON offres (societe_id, updated_at) WHERE statut IN ('transmise', 'acceptee', 'refusee')`)
  }

  async down() {
    this.schema.raw(`CREATE INDEX IF NOT EXISTS offres_transmises_idx
      ON offres (transmise_le) WHERE transmise_le IS NOT NULL`)
    this.schema.raw('DROP INDEX IF EXISTS offres_transmises_cohorte_idx')
    this.schema.raw('DROP INDEX IF EXISTS bdcs_acompte_idx')
    this.schema.raw('DROP INDEX IF EXISTS offres_societe_visible_idx')
    this.schema.raw('DROP INDEX IF EXISTS commandes_etape_courante_idx')
    this.schema.raw('DROP INDEX IF EXISTS devis_stats_jour_envoyes_idx')
    this.schema.raw('DROP FUNCTION IF EXISTS dashboard_jour_compact()')
    for (const a of AGGREGATES) {
      for (const op of ['insert', 'update', 'delete', 'truncate']) {
        this.schema.raw(`DROP TRIGGER IF EXISTS ${a.table}_${op} ON ${a.source}`)
      }
      this.schema.raw(`DROP FUNCTION IF EXISTS ${a.table}_touch()`)
      this.schema.raw(`DROP TABLE IF EXISTS ${a.table}`)
    }
  }
}
