/*
 * The aging buckets of shared/creances.ts written in SQL, for the créances list and its totals
 * (creance_list.ts): which bucket a number of days late falls in, and the sums of what is left
 * per bucket over a client's open factures, the ones a client_soldes_recherche row carries (and
 * keeps summed for a while, migration 0929), or any rows with an amount and a due date.
 */
import db from '@adonisjs/lucid/services/db'
import { dayLiteral } from '#services/sql_day'
import { AGING_BUCKETS, AGING_BUCKET_KEYS, type AgingBucket } from '#shared/creances'

/** The bucket columns every sum here gives, in this order: late, then each bucket. */
export const BUCKET_COLUMNS = ['en_retard', ...AGING_BUCKET_KEYS] as const
type BucketColumn = (typeof BUCKET_COLUMNS)[number]

/** The SQL of agingBucket() on a days-late expression, from the same boundaries. */
function bucketCondition(key: AgingBucket, retard: string): string {
  const index = AGING_BUCKETS.findIndex((b) => b.key === key)
  const upper = AGING_BUCKETS[index].maxDays
  const lower = index > 0 ? AGING_BUCKETS[index - 1].maxDays : null
  const parts = [
    lower === null ? null : `${retard} > ${lower}`,
    upper === null ? null : `${retard} <= ${upper}`,
  ].filter(Boolean)
  return parts.length ? parts.join(' AND ') : 'TRUE'
}

/**
 * The bucket columns (and late): `column(cond, col)` gives the value of `col`, the condition
 * being that the days from `echeance` to the day `daySql` (an SQL date) meet its bounds.
 */
function bucketColumnsOf(
  daySql: string,
  echeance: string,
  column: (cond: string, col: BucketColumn) => string
) {
  const retard = `(${daySql} - ${echeance})`
  return BUCKET_COLUMNS.map((col) =>
    column(col === 'en_retard' ? `${retard} > 0` : bucketCondition(col, retard), col)
  ).join(',\n      ')
}

/** The FILTERed sums of `amount` by the due date `echeance`; names start with `prefix`. */
const filteredSums = (daySql: string, amount: string, echeance: string, prefix = '') =>
  bucketColumnsOf(
    daySql,
    echeance,
    (cond, col) => `COALESCE(sum(${amount}) FILTER (WHERE ${cond}), 0)::bigint AS ${prefix}${col}`
  )

/** The bucket sums of `amount` by the due date `echeance`, both columns of the FROM. */
export function bucketSums(today: string, amount: string, echeance: string, prefix = '') {
  return filteredSums(dayLiteral(today), amount, echeance, prefix)
}

/** A client's open factures (alias `o`), by the partial index factures_client_ouvertes_idx. */
const openOfClient = (clientId: string) => `FROM factures o WHERE o.client_id = ${clientId}
  AND o.numero IS NOT NULL AND o.statut IN ('emise', 'partiellement_payee')
  AND o.total_ttc - o.montant_paye - o.montant_credite > 0`

/**
 * What the client `clientId` (a column) owes in each bucket (and late): one row of one read of
 * its open factures, to join LATERAL (six sub-queries read them six times and cost six plans).
 */
export function bucketsOfClient(today: string, clientId: string) {
  return `SELECT ${bucketSums(
    today,
    '(o.total_ttc - o.montant_paye - o.montant_credite)',
    'o.echeance'
  )} ${openOfClient(clientId)}`
}

/** Days late at which a facture enters each bucket after the first: 1, 31, 61, 91. */
const BUCKET_STARTS = AGING_BUCKETS.flatMap((b) => (b.maxDays === null ? [] : [b.maxDays + 1]))

/** The column of a client_soldes_recherche row keeping a bucket, e.g. `b_j0_30` (0929). */
export const keptBucketColumn = (col: BucketColumn) => `b_${col}`

/**
 * The SQL function `creance_buckets(echeances, restes, jour)` (migration 0929): the bucket sums
 * of the paired arrays on `jour`, and `jusqu_au`, the first day after `jour` on which one of
 * those factures enters another bucket (null: none will, each is past the last bound). Until
 * that day the sums hold: the database keeps them on each client_soldes_recherche row.
 */
export function bucketsFunctionSql(): string {
  const retard = '(jour - o.echeance)'
  const next = BUCKET_STARTS.map((days) => `WHEN ${retard} < ${days} THEN o.echeance + ${days}`)
  return `CREATE OR REPLACE FUNCTION creance_buckets(echeances date[], restes bigint[], jour date)
    RETURNS TABLE (${BUCKET_COLUMNS.map((col) => `${col} bigint`).join(', ')}, jusqu_au date)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT ${filteredSums('jour', 'o.reste', 'o.echeance')},
        min(CASE ${next.join(' ')} END)
      FROM unnest(echeances, restes) AS o(echeance, reste) $$`
}

/** Whether the buckets a client_soldes_recherche row (`alias`) keeps hold on the day `daySql`. */
export const keptBucketsHold = (alias: string, daySql: string) =>
  `(${alias}.b_jour <= ${daySql} AND (${alias}.b_jusqu_au IS NULL OR ${daySql} < ${alias}.b_jusqu_au))`

/**
 * The bucket columns (and late) of a client_soldes_recherche row (`alias`) on `today`: the sums
 * it keeps when they hold that day (migration 0929, decision 829), else summed from its open
 * factures' arrays with the same bounds (a day before they were kept, or past their end before
 * the nightly pass). No factures row is read either way.
 */
export function rowBucketColumns(today: string, alias: string) {
  const day = dayLiteral(today)
  const kept = keptBucketsHold(alias, day)
  return bucketColumnsOf(
    day,
    'o.echeance',
    (cond, col) => `CASE WHEN ${kept} THEN ${alias}.${keptBucketColumn(col)}
      ELSE COALESCE((SELECT sum(o.reste) FROM unnest(${alias}.echeances, ${alias}.restes)
        AS o(echeance, reste) WHERE ${cond}), 0)::bigint END AS ${col}`
  )
}

/**
 * The nightly pass (decision 829): the rows whose kept buckets no longer hold on `today` are
 * summed again for it; how many. The figures are right without it (rowBucketColumns sums such
 * a row from its arrays): it only keeps the reads short. Idempotent, so two processes may run it.
 */
export async function refreshKeptBuckets(today: string): Promise<number> {
  const result = await db.rawQuery(
    `SELECT client_soldes_recherche_buckets(${dayLiteral(today)}) AS n`
  )
  return Number(result.rows[0].n)
}
