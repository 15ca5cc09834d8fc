/*
 * The aging buckets of shared/creances.ts written in SQL, for the créances list and its totals
 * (creance_list.ts): which bucket a number of days late falls in, and the sums of what is left
 * per bucket over a client's open factures, the ones a client_soldes_recherche row carries, or
 * any rows with an amount and a due date.
 */
import { dayLiteral } from '#services/sql_day'
import { AGING_BUCKETS, AGING_BUCKET_KEYS, type AgingBucket } from '#shared/creances'

/** The bucket columns every sum here gives, in this order: late, then each bucket. */
export const BUCKET_COLUMNS = ['en_retard', ...AGING_BUCKET_KEYS] as const

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
 * The bucket columns (and late), each `sum` of what is left where the days from `echeance` to
 * `today` meet its bounds; the column names start with `prefix`.
 */
function bucketColumnsOf(
  today: string,
  echeance: string,
  sum: (cond: string) => string,
  prefix = ''
) {
  const retard = `(${dayLiteral(today)} - ${echeance})`
  return [
    `${sum(`${retard} > 0`)} AS ${prefix}en_retard`,
    ...AGING_BUCKET_KEYS.map((key) => `${sum(bucketCondition(key, retard))} AS ${prefix}${key}`),
  ].join(',\n      ')
}

/** The bucket sums of `amount` by the due date `echeance`, both columns of the FROM. */
export function bucketSums(today: string, amount: string, echeance: string, prefix = '') {
  return bucketColumnsOf(
    today,
    echeance,
    (cond) => `COALESCE(sum(${amount}) FILTER (WHERE ${cond}), 0)::bigint`,
    prefix
  )
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

/** The open factures of a client_soldes_recherche row (`alias`) as rows `o(echeance, reste)`. */
export const openOfRow = (alias: string) =>
  `unnest(${alias}.echeances, ${alias}.restes) AS o(echeance, reste)`

/**
 * The same from the open factures a client_soldes_recherche row carries (migration 0893,
 * decision 731): the same factures and amounts, no read of the factures.
 */
export function rowBucketColumns(today: string, alias: string) {
  return bucketColumnsOf(
    today,
    'o.echeance',
    (cond) => `COALESCE((SELECT sum(o.reste) FROM ${openOfRow(alias)} WHERE ${cond}), 0)::bigint`
  )
}
