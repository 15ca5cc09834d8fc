/*
 * Reading sociétés for a user: membership lookups, the scoped list (a user sees his sociétés,
 * staff all), and the definition of the list's sort keys, filters and search.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Societe from '#models/societe'
import User from '#models/user'
import type { Membership } from '#policies/societe_policy'
import type { SortColumns } from '#services/list/keyset'
import {
  filterParsers,
  parseListParams,
  whereWords,
  type ListParams,
  type ListSpec,
} from '#services/list/list_params'
import { parseId } from '#services/route_params'
import { NotFoundException } from '#exceptions/http_exceptions'
import { SOCIETE_TYPES } from '#shared/societes'

/** Same text as the trigram index of migration 0100, or PostgreSQL cannot use it. */
export const SOCIETE_SEARCH = `f_unaccent(lower(nom || ' ' || coalesce(numero_tva, '') || ' ' || coalesce(localite, '') || ' ' || coalesce(email, '')))`

const text = (sql: string) => ({ sql, cast: 'text' as const })

/** Sort keys of Company/Index (keyset: every expression non-null, the id last). */
export const SOCIETE_SORT_COLUMNS: SortColumns = {
  keys: {
    nom: [text('f_unaccent(lower(societes.nom))')],
    type: [text('societes.type')],
    localite: [text("f_unaccent(lower(coalesce(societes.localite, '')))")],
    numero_tva: [text("coalesce(societes.numero_tva, '')")],
    created_at: [{ sql: 'societes.created_at', cast: 'timestamptz' }],
  },
  tiebreak: { sql: 'societes.id', cast: 'integer' },
}

export const SOCIETE_LIST_SPEC: ListSpec = {
  sortKeys: Object.keys(SOCIETE_SORT_COLUMNS.keys),
  defaultSort: [{ key: 'nom', desc: false }],
  filters: { type: { label: 'Type', parse: filterParsers.oneOf(SOCIETE_TYPES) } },
}

export function parseSocieteListParams(qs: Record<string, unknown>): ListParams {
  return parseListParams(qs, SOCIETE_LIST_SPEC)
}

export async function membershipOf(
  userId: number,
  societeId: number,
  trx?: TransactionClientContract
): Promise<Membership> {
  const row = await (trx ?? db)
    .from('societe_user')
    .where({ user_id: userId, societe_id: societeId })
    .select('role')
    .first()
  return (row?.role as Membership) ?? null
}

/** Ids of the sociétés the user belongs to, as a subquery. */
export function memberSocieteIds(userId: number) {
  return db.from('societe_user').where('user_id', userId).select('societe_id')
}

/** The rows of Company/Index: scoped, searched, filtered (the order is keyset's); with the user's role. */
export function societesListQuery(user: User, params: ListParams, seesAll: boolean) {
  const query = Societe.query()
    .select('societes.*')
    .select(
      db.raw(
        '(select su.role from societe_user su where su.societe_id = societes.id and su.user_id = ?) as my_role',
        [user.id]
      )
    )
    .select(
      db.raw(
        '(select count(*) from societe_user su where su.societe_id = societes.id)::int as members_count'
      )
    )
  if (!seesAll) query.whereIn('societes.id', memberSocieteIds(user.id))
  if (params.filter.type) query.where('societes.type', params.filter.type)
  if (params.q) {
    // A VAT number typed with dots or spaces ("0811.223.371") still finds BE0811223371
    const compact = params.q.replace(/[\s.\-/]/g, '')
    if (/^(BE)?\d{4,10}$/i.test(compact) && compact !== params.q) {
      query.whereILike('societes.numero_tva', `%${compact.replace(/^be/i, '')}%`)
    } else {
      whereWords(query, SOCIETE_SEARCH, params.words)
    }
  }
  return query
}

/** Number of admins of a société, the row locked (no two admins demoting each other at once). */
export async function lockedAdminCount(societeId: number, trx: TransactionClientContract) {
  await trx.from('societes').where('id', societeId).forUpdate().select('id').first()
  const row = await trx
    .from('societe_user')
    .where({ societe_id: societeId, role: 'admin' })
    .count('* as total')
    .first()
  return Number(row?.total ?? 0)
}

/** The société of the URL with the user's membership; an unknown id is a 404. */
export async function findSocieteFor(
  user: User,
  rawId: unknown
): Promise<{ societe: Societe; membership: Membership }> {
  const id = parseId(rawId)
  const societe = id === null ? null : await Societe.find(id)
  if (!societe) throw new NotFoundException()
  return { societe, membership: await membershipOf(user.id, societe.id) }
}

/** The members of a société, admins first, with their membership row. */
export async function societeMembers(societeId: number) {
  return User.query()
    .join('societe_user', 'societe_user.user_id', 'users.id')
    .where('societe_user.societe_id', societeId)
    .select(
      'users.*',
      'societe_user.id as pivot_id',
      'societe_user.role as pivot_role',
      'societe_user.created_at as pivot_created_at'
    )
    .orderByRaw("societe_user.role = 'admin' desc, f_unaccent(lower(users.name)) asc, users.id asc")
}
