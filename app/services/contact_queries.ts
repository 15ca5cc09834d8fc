/*
 * Reading contacts for a user: staff see all; anybody else only the contacts of his sociétés,
 * by the query itself (scoping by relation) — the policy then says yes or no on top.
 */
import db from '@adonisjs/lucid/services/db'
import Contact from '#models/contact'
import Societe from '#models/societe'
import type User from '#models/user'
import ContactPolicy from '#policies/contact_policy'
import { authorize, hasStaffPowers } from '#policies/base_policy'
import type { SortColumns } from '#services/list/keyset'
import {
  filterParsers,
  parseListParams,
  whereWords,
  type ListParams,
  type ListSpec,
} from '#services/list/list_params'
import { memberSocieteIds } from '#services/societe_queries'
import { parseId } from '#services/route_params'
import { NotFoundException } from '#exceptions/http_exceptions'

const text = (sql: string) => ({ sql, cast: 'text' as const })

/** Sort keys of Contacts/Index (keyset: every expression non-null, the id last). */
export const CONTACT_SORT_COLUMNS: SortColumns = {
  keys: {
    nom: [
      text('f_unaccent(lower(contacts.nom))'),
      text("f_unaccent(lower(coalesce(contacts.prenom, '')))"),
    ],
    prenom: [text("f_unaccent(lower(coalesce(contacts.prenom, '')))")],
    email: [text("lower(coalesce(contacts.email, ''))")],
    localite: [text("f_unaccent(lower(coalesce(contacts.localite, '')))")],
    societe: [text('f_unaccent(lower(societes.nom))')],
    created_at: [{ sql: 'contacts.created_at', cast: 'timestamptz' }],
  },
  tiebreak: { sql: 'contacts.id', cast: 'integer' },
}

export const CONTACT_LIST_SPEC: ListSpec = {
  sortKeys: Object.keys(CONTACT_SORT_COLUMNS.keys),
  defaultSort: [{ key: 'nom', desc: false }],
  filters: {
    // A société id; one the user may not see simply finds nothing (the scope still applies)
    societe: { label: 'Société', parse: filterParsers.id },
  },
}

export function parseContactListParams(qs: Record<string, unknown>): ListParams {
  return parseListParams(qs, CONTACT_LIST_SPEC)
}

export function seesAllContacts(user: User): boolean {
  return hasStaffPowers(user)
}

/** Contacts the user may see, with the société's name. */
export function visibleContacts(user: User) {
  const query = Contact.query()
    .join('societes', 'societes.id', 'contacts.societe_id')
    .select('contacts.*', 'societes.nom as societe_nom')
  if (!seesAllContacts(user)) query.whereIn('contacts.societe_id', memberSocieteIds(user.id))
  return query
}

/** The rows of Contacts/Index: scoped, filtered, searched (the order is keyset's). */
export function contactsListQuery(user: User, params: ListParams) {
  const query = visibleContacts(user)
  if (params.filter.societe) query.where('contacts.societe_id', Number(params.filter.societe))
  whereWords(query, 'contacts.recherche', params.words)
  return query
}

/** A contact the user may act on: a foreign or unknown id is a 404, by scope AND policy. */
export async function findContactFor(
  user: User,
  rawId: unknown,
  action: 'view' | 'update' | 'delete'
): Promise<Contact> {
  const id = parseId(rawId)
  if (id === null) throw new NotFoundException()
  const contact = await visibleContacts(user).where('contacts.id', id).first()
  if (!contact) throw new NotFoundException()
  const member = await isMember(user.id, contact.societeId)
  authorize(new ContactPolicy()[action](user, member))
  return contact
}

export async function isMember(userId: number, societeId: number): Promise<boolean> {
  const row = await db
    .from('societe_user')
    .where({ user_id: userId, societe_id: societeId })
    .select('id')
    .first()
  return Boolean(row)
}

/** The pro sociétés a contact may be put in by this user (form choices and filter). */
export async function assignableSocietes(user: User): Promise<{ id: number; nom: string }[]> {
  const query = Societe.query().where('type', 'pro').select('id', 'nom').orderBy('nom')
  if (!seesAllContacts(user)) query.whereIn('id', memberSocieteIds(user.id))
  const rows = await query
  return rows.map((s) => ({ id: s.id, nom: s.nom }))
}
