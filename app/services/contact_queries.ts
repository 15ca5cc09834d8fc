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
import { applySearch, applySort, type ListDefinition } from '#services/listing'
import { memberSocieteIds } from '#services/societe_queries'
import { parseId } from '#services/route_params'
import { NotFoundException } from '#exceptions/http_exceptions'
import type { ListFilters } from '#shared/list_params'

export const CONTACT_LIST: ListDefinition = {
  sorts: {
    nom: ['f_unaccent(lower(contacts.nom))', "f_unaccent(lower(coalesce(contacts.prenom, '')))"],
    prenom: "f_unaccent(lower(coalesce(contacts.prenom, '')))",
    email: 'lower(contacts.email)',
    localite: 'f_unaccent(lower(contacts.localite))',
    societe: 'f_unaccent(lower(societes.nom))',
    created_at: 'contacts.created_at',
  },
  defaultSort: 'nom',
  filters: {
    // A société id; one the user may not see simply finds nothing (the scope still applies)
    societe: (v) => (parseId(v) === null ? null : v),
  },
  tieBreaker: 'contacts.id',
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

export function contactsListQuery(user: User, state: ListFilters) {
  const query = visibleContacts(user)
  if (state.filter.societe) query.where('contacts.societe_id', Number(state.filter.societe))
  if (state.q) applySearch(query, state.q, 'contacts.recherche')
  return applySort(query, state, CONTACT_LIST)
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
