/*
 * The row trigger keeping client_soldes_recherche (migration 0893, decision 731), and from
 * migration 0929 (decision 829) the aging buckets each row keeps for a while: one SQL for both
 * migrations (0929's down puts 0893's back).
 */
import {
  BUCKET_COLUMNS,
  keptBucketColumn,
  keptBucketsHold,
} from '#services/creances/creance_buckets'
import { TIME_ZONE } from '#shared/app'

const OPEN = `o.numero IS NOT NULL AND o.statut IN ('emise', 'partiellement_payee')
  AND o.total_ttc - o.montant_paye - o.montant_credite > 0`

/**
 * The open factures of client `cid` as two arrays paired by position (both aggregates read one
 * ordered stream), each NULL when there is none.
 */
export const OUVERTES = (cid: string) => `SELECT array_agg(x.echeance) AS echeances,
    array_agg(x.reste) AS restes
  FROM (SELECT o.echeance, (o.total_ttc - o.montant_paye - o.montant_credite)::bigint AS reste
    FROM factures o WHERE o.client_id = ${cid} AND ${OPEN}
    ORDER BY o.echeance, 2) x`

/** The kept buckets' columns: the sums, the day they were summed on, the day they end. */
export const KEPT_SUMS = BUCKET_COLUMNS.map(keptBucketColumn)
export const KEPT_COLUMNS = [...KEPT_SUMS, 'b_jour', 'b_jusqu_au']

/** What creance_buckets (alias `b`) gives for the kept columns, summed on the day `jour`. */
const keptValues = (jour: string) => [
  ...BUCKET_COLUMNS.map((col) => `b.${col}`),
  jour,
  'b.jusqu_au',
]

/**
 * The kept columns set to what creance_buckets gives for the arrays `e`, `r` on the day `jour`
 * (SQL expressions): a sub-select, evaluated only for the rows the UPDATE writes.
 */
const setKept = (e: string, r: string, jour: string) =>
  `(${KEPT_COLUMNS.join(', ')}) = (SELECT ${keptValues(jour).join(', ')}
    FROM creance_buckets(${e}, ${r}, ${jour}) b)`

/** Today in Brussels, the day the trigger sums the buckets on (as todayIso() does in the app). */
export const TODAY_SQL = `(now() AT TIME ZONE '${TIME_ZONE}')::date`

/**
 * The function of the row trigger on client_soldes: a client_soldes row written copies its
 * figures and the client's open factures (then, for a new row or a missing one, the client's
 * shown columns); `buckets`: with the buckets of today (creance_buckets, migration 0929), also
 * written when those kept no longer hold.
 */
export function touchFunctionSql(buckets: boolean): string {
  const b = (sql: string) => (buckets ? sql : '')
  return `CREATE OR REPLACE FUNCTION client_soldes_recherche_touch() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE e date[]; r bigint[];${b(` jour date := ${TODAY_SQL};`)}
    BEGIN
      IF TG_OP = 'DELETE' THEN
        DELETE FROM client_soldes_recherche WHERE client_id = OLD.client_id;
        RETURN NULL;
      END IF;
      SELECT COALESCE(a.echeances, '{}'), COALESCE(a.restes, '{}') INTO e, r
        FROM (${OUVERTES('NEW.client_id')}) a;
      UPDATE client_soldes_recherche t SET du = NEW.du, credit = NEW.credit,
          nb_factures = NEW.nb_factures, premiere_echeance = NEW.premiere_echeance,
          echeances = e, restes = r${b(`, ${setKept('e', 'r', 'jour')}`)}
        WHERE t.client_id = NEW.client_id
          AND ((t.du, t.credit, t.nb_factures, t.premiere_echeance, t.echeances, t.restes)
            IS DISTINCT FROM (NEW.du, NEW.credit, NEW.nb_factures, NEW.premiere_echeance, e, r)${b(`
            OR ${keptBucketsHold('t', 'jour')} IS NOT TRUE`)});
      IF NOT FOUND THEN
        INSERT INTO client_soldes_recherche (client_id, type, civilite, nom, prenom, societe,
            numero_tva, recherche, du, credit, nb_factures, premiere_echeance, echeances, restes${b(`,
            ${KEPT_COLUMNS.join(', ')}`)})
          SELECT c.id_client, c.type, c.civilite, c.nom, c.prenom, c.societe, c.numero_tva,
            c.recherche, NEW.du, NEW.credit, NEW.nb_factures, NEW.premiere_echeance, e, r${b(`,
            ${keptValues('jour').join(', ')}`)}
          FROM clients c${b(' CROSS JOIN creance_buckets(e, r, jour) b')} WHERE c.id_client = NEW.client_id
        ON CONFLICT (client_id) DO NOTHING;
      END IF;
      RETURN NULL;
    END $$`
}

/**
 * `client_soldes_recherche_buckets(jour)`: the rows whose kept buckets do not hold on `jour`
 * summed again for it from their arrays (the nightly pass, the migration); how many were.
 */
export const REFRESH_FUNCTION_SQL = `CREATE OR REPLACE FUNCTION
  client_soldes_recherche_buckets(jour date) RETURNS integer LANGUAGE sql AS $$
    WITH u AS (
      UPDATE client_soldes_recherche t SET ${setKept('t.echeances', 't.restes', 'jour')}
      WHERE ${keptBucketsHold('t', 'jour')} IS NOT TRUE
      RETURNING 1)
    SELECT count(*)::int FROM u $$`
