/*
 * What every request needs from the database before its own work, read in ONE statement
 * (issue 15 §1, decision 540): the session row, the user it is tagged with, the numbers of
 * cache_versions and, for a page visit, the header's notifications. Before, these were five
 * statements per visit (session, user, the notifications' rows and count, the options of the
 * filters). The session store reads the bundle (app/services/http/session_store.ts), the auth
 * provider takes the user from it (app/services/http/bundled_user_provider.ts), the Inertia
 * middleware the notifications: each falls back to its own query when the bundle has nothing
 * (another session store, a session not tagged, a request that was not a page visit).
 */
import { localIso } from '#services/list/row_values'
import { preparedQuery } from '#services/prepared_query'
import { HttpContext } from '@adonisjs/core/http'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import { LATEST_NOTIFICATIONS, notificationSummary } from '#services/notifications'
import { ECRITURES_ROWS, FOLD_AFTER, foldAnalyseEcritures } from '#services/analyse/ecritures'

/** As notificationSummary gives it (the id is the bigint's text, as the pg driver returns it). */
export type HeaderNotifications = Awaited<ReturnType<typeof notificationSummary>>

export interface RequestBundle {
  /** The users row the session is tagged with, as the pg driver returns it. */
  userRow: Record<string, unknown> | null
  versions: Record<string, number> | null
  notifications: HeaderNotifications | null
}

const bundles = new WeakMap<HttpContext, RequestBundle>()

export function bundleOf(ctx: HttpContext | null | undefined): RequestBundle | undefined {
  return ctx ? bundles.get(ctx) : undefined
}

/**
 * A page visit shows the header: a GET that is not a JSON call, and, for an Inertia partial
 * reload, one that asks for the notifications. Only then are they read with the session.
 */
export function wantsHeader(ctx: HttpContext): boolean {
  const request = ctx.request
  if (request.method() !== 'GET') return false
  const partial = request.header('x-inertia-partial-data')
  if (partial !== undefined) return partial.split(',').includes('notifications')
  if (request.header('x-inertia')) return true
  return !/application\/json/.test(request.header('accept') ?? '')
}

const SESSION_COLUMNS = ['id', 'data', 'expires_at']

/** The extra columns of the bundle, beside the users row `u`. */
function extraColumns(withNotifications: boolean): string {
  // The tables' numbers, and the analyses' numbers of writes summed from an insert-only table
  // (VersionedSum, migration 0926). Those count a transaction once, at its first write: one that
  // has written (the tests' global one) sees its later writes move nothing, so it gets none.
  // With them, how many rows were summed: past FOLD_AFTER the request folds them (decision 823)
  const versions = `(WITH a AS (SELECT nom, sum(n) AS n, count(*) AS lignes FROM analyse_ecritures
        WHERE pg_current_xact_id_if_assigned() IS NULL GROUP BY nom)
      SELECT json_object_agg(v.name, v.version) FROM (
        SELECT name, version FROM cache_versions
        UNION ALL SELECT nom, n FROM a
        UNION ALL SELECT '${ECRITURES_ROWS}', sum(lignes) FROM a
      ) v) AS "__b_versions"`
  if (!withNotifications) return versions
  return `${versions},
      (SELECT count(*)::int FROM notifications n
        WHERE n.user_id = u.id AND n.lu_le IS NULL) AS "__b_unread",
      (SELECT coalesce(json_agg(x), '[]'::json) FROM (
        SELECT n.id::text AS id, n.titre, n.lien, n.icon, n.lu_le IS NOT NULL AS lu, n.created_at
        FROM notifications n WHERE n.user_id = u.id
        ORDER BY n.created_at DESC, n.id DESC LIMIT ${LATEST_NOTIFICATIONS}) x) AS "__b_items"`
}

/** By session id: the session row, the user it is tagged with (if any) and the extras. */
function sessionBundleSql(withNotifications: boolean): string {
  return `SELECT ${SESSION_COLUMNS.map((c) => `s.${c} AS "__s_${c}"`).join(', ')}, u.*,
      ${extraColumns(withNotifications)}
    FROM (SELECT ?::text AS sid) k
    LEFT JOIN sessions s ON s.id = k.sid
    LEFT JOIN users u ON u.id = CASE WHEN s.user_id ~ '^[0-9]{1,9}$' THEN s.user_id::int END`
}

/** By user id (another session store, or a session not tagged): the user and the extras. */
function userBundleSql(withNotifications: boolean): string {
  return `SELECT u.*, ${extraColumns(withNotifications)} FROM users u WHERE u.id = ?`
}

/** The four texts, written once: a prepared statement is looked up by its text. */
const SESSION_SQL = { true: sessionBundleSql(true), false: sessionBundleSql(false) }
const USER_SQL = { true: userBundleSql(true), false: userBundleSql(false) }

function keep(ctx: HttpContext, row: Record<string, any> | undefined, withNotifications: boolean) {
  let userRow: Record<string, unknown> | null = null
  if (row && row.id !== null && row.id !== undefined) {
    userRow = {}
    for (const [key, value] of Object.entries(row)) {
      if (!key.startsWith('__')) userRow[key] = value
    }
  }
  const versions: Record<string, number> | null = row?.__b_versions ?? null
  if (Number(versions?.[ECRITURES_ROWS] ?? 0) > FOLD_AFTER) {
    // Not waited for; a failure leaves the rows for the next request or the night
    foldAnalyseEcritures().catch(() => {})
  }
  const bundle: RequestBundle = {
    userRow,
    versions,
    notifications: row && userRow && withNotifications ? toNotifications(row) : null,
  }
  bundles.set(ctx, bundle)
  return bundle
}

function toNotifications(row: Record<string, any>): HeaderNotifications {
  const items = (row.__b_items ?? []) as Record<string, any>[]
  return {
    unread: Number(row.__b_unread ?? 0),
    items: items.map((n) => ({
      id: n.id,
      titre: n.titre,
      lien: n.lien ?? null,
      icon: n.icon ?? null,
      lu: Boolean(n.lu),
      // The same text as the model's DateTime would give (the process's zone, milliseconds),
      // without Luxon: six of them were 4 % of a page visit's CPU (decision 746)
      created_at: n.created_at ? localIso(n.created_at) : null,
    })),
  }
}

/**
 * Reads the session row of `sessionId` with the rest of the bundle, keeps the bundle for the
 * request and returns the session columns (null when there is no such session).
 */
export async function readBundle(
  client: QueryClientContract,
  ctx: HttpContext | null,
  sessionId: string
): Promise<{ id: string; data: string; expires_at: Date } | null> {
  const withNotifications = ctx ? wantsHeader(ctx) : false
  // Every request sends it: its plan is kept per connection (decision 813)
  const result = await preparedQuery(client, SESSION_SQL[`${withNotifications}`], [sessionId])
  const row = result.rows[0] as Record<string, any>
  if (ctx) keep(ctx, row, withNotifications)
  if (row.__s_id === null || row.__s_id === undefined) return null
  return { id: row.__s_id, data: row.__s_data, expires_at: row.__s_expires_at }
}

/**
 * The users row of `userId` with the rest of the bundle (the session came from elsewhere),
 * kept for the request; null when there is no such user.
 */
export async function readUserBundle(
  client: QueryClientContract,
  ctx: HttpContext,
  userId: number
): Promise<Record<string, unknown> | null> {
  const withNotifications = wantsHeader(ctx)
  const result = await preparedQuery(client, USER_SQL[`${withNotifications}`], [userId])
  return keep(ctx, result.rows[0], withNotifications).userRow
}

/** The header's notifications: those read with the session, else their own two queries. */
export function headerNotifications(ctx: HttpContext, user: User): Promise<HeaderNotifications> {
  const bundle = bundleOf(ctx)
  if (bundle?.notifications && bundle.userRow && String(bundle.userRow.id) === String(user.id)) {
    return Promise.resolve(bundle.notifications)
  }
  return notificationSummary(user)
}

/** The tables counted in cache_versions (migration 0860). */
export type VersionedTable = 'societes' | 'users'

/**
 * The analyses' numbers summed from an insert-only table of writes (migration 0926): moved by a
 * write when it commits, as cache_versions' are, but no writer waits for another (no row to
 * lock). The tables each one counts are ANALYSES_ECRITES of that migration, and those of 0927
 * and 0928.
 */
export type VersionedSum =
  | 'rentabilite'
  | 'acceptation'
  | 'occupation'
  | 'partenaires'
  | 'devis_stats'
  | 'chiffre_affaires'
  // The staff dashboard's figures (migration 0927)
  | 'tableau_bord'
  // The créances' totals, unfiltered or late (migration 0928)
  | 'creances_totaux'

/**
 * The number of `table` read with the session of the current request (HttpContext through
 * async local storage), or null: no request, not a GET (it may change the table itself before
 * it reads the options), or no bundle.
 */
export function requestVersion(table: VersionedTable | VersionedSum): number | null {
  const ctx = HttpContext.get()
  if (!ctx || ctx.request.method() !== 'GET') return null
  const version = bundleOf(ctx)?.versions?.[table]
  return typeof version === 'number' ? version : null
}
