/*
 * Reading offres for a user (DESIGN.md §4): the offres of the sociétés he belongs to, plus — for
 * staff — the offres transmitted to esi. The scope is in the query itself; OffrePolicy then says
 * yes or no on top (both, never one alone).
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Offre from '#models/offre'
import OffreRevision from '#models/offre_revision'
import Societe from '#models/societe'
import Contact from '#models/contact'
import type User from '#models/user'
import OffrePolicy from '#policies/offre_policy'
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
import { OFFRE_STATUTS } from '#shared/devis'
import {
  OFFRE_VISIBLE_BY_ESI,
  type OffreContactOption,
  type OffreSocieteOption,
} from '#shared/offres'
import { OFFRE_DEFAULT_SORT, OFFRE_SORT_KEYS } from '#shared/list_query'
import { trimDecimal } from '#models/ligne_base'

const CONTACT_NOM = "contacts.nom || coalesce(' ' || contacts.prenom, '')"

const text = (sql: string) => ({ sql, cast: 'text' as const })

/** Sort keys of offres/Index (keyset: every expression non-null, the id last). */
export const OFFRE_SORT_COLUMNS: SortColumns = {
  keys: {
    numero: [text("coalesce(offres.numero, '')")],
    date_offre: [{ sql: 'offres.date_offre', cast: 'date' }],
    objet: [text('f_unaccent(lower(offres.objet))')],
    contact: [text(`f_unaccent(lower(${CONTACT_NOM}))`)],
    societe: [text('f_unaccent(lower(societes.nom))')],
    statut: [text('offres.statut')],
    total_ttc: [{ sql: 'offres.total_ttc', cast: 'bigint' }],
    // Not transmitted yet: before every transmitted one
    transmise_le: [
      { sql: "coalesce(offres.transmise_le, 'epoch'::timestamptz)", cast: 'timestamptz' },
    ],
  },
  tiebreak: { sql: 'offres.id', cast: 'integer' },
}

export const OFFRE_LIST_SPEC: ListSpec = {
  sortKeys: OFFRE_SORT_KEYS,
  defaultSort: OFFRE_DEFAULT_SORT,
  filters: {
    statut: { label: 'Statut', parse: filterParsers.oneOf(OFFRE_STATUTS) },
    // A société the user may not see simply finds nothing (the scope still applies)
    societe: { label: 'Société', parse: filterParsers.id },
  },
}

export function parseOffreListParams(qs: Record<string, unknown>): ListParams {
  return parseListParams(qs, OFFRE_LIST_SPEC)
}

const SEARCH = `f_unaccent(lower(coalesce(offres.numero, '') || ' ' || offres.objet || ' ' || ${CONTACT_NOM} || ' ' || societes.nom))`

/** Staff see the offres transmitted to esi (and later statuts) of every société. */
export function seesTransmitted(user: User): boolean {
  return hasStaffPowers(user)
}

/** The offres the user may see, with the société's and the contact's names. */
export function visibleOffres(user: User, trx?: TransactionClientContract) {
  const query = Offre.query({ client: trx })
    .join('societes', 'societes.id', 'offres.societe_id')
    .join('contacts', 'contacts.id', 'offres.contact_id')
    .select('offres.*', 'societes.nom as societe_nom', db.raw(`${CONTACT_NOM} as contact_nom`))
  const staff = seesTransmitted(user)
  query.where((scope) => {
    scope.whereIn('offres.societe_id', memberSocieteIds(user.id))
    if (staff) scope.orWhereIn('offres.statut', OFFRE_VISIBLE_BY_ESI)
  })
  return query
}

/** The rows of offres/Index: scoped, filtered, searched (the order is keyset's). */
export function offresListQuery(user: User, params: ListParams) {
  const query = visibleOffres(user)
  if (params.filter.statut) query.where('offres.statut', params.filter.statut)
  if (params.filter.societe) query.where('offres.societe_id', Number(params.filter.societe))
  whereWords(query, SEARCH, params.words)
  return query
}

export async function isMember(
  userId: number,
  societeId: number,
  trx?: TransactionClientContract
): Promise<boolean> {
  const row = await (trx ?? db)
    .from('societe_user')
    .where({ user_id: userId, societe_id: societeId })
    .select('id')
    .first()
  return Boolean(row)
}

export type OffreAction = 'view' | 'update' | 'toDevis'

/**
 * An offre the user may act on: an unknown, malformed or foreign id is a 404 (scope AND policy);
 * a visible offre he may not change is a 403. Locked FOR UPDATE when a transaction is given.
 */
export async function findOffreFor(
  user: User,
  rawId: unknown,
  action: OffreAction,
  trx?: TransactionClientContract
): Promise<{ offre: Offre; member: boolean }> {
  const id = parseId(rawId)
  if (id === null) throw new NotFoundException()
  const query = visibleOffres(user, trx).where('offres.id', id)
  if (trx) query.forUpdate('offres')
  const offre = await query.first()
  if (!offre) throw new NotFoundException()
  const member = await isMember(user.id, offre.societeId, trx)
  authorize(new OffrePolicy()[action](user, offre, member))
  return { offre, member }
}

/** The pro sociétés the user writes offres for (his own), first one = the default. */
export async function partnerSocietes(user: User): Promise<OffreSocieteOption[]> {
  const rows = await Societe.query()
    .where('type', 'pro')
    .whereIn('id', memberSocieteIds(user.id))
    .orderByRaw('f_unaccent(lower(nom))')
    .orderBy('id')
  return rows.map((s) => ({
    id: s.id,
    nom: s.nom,
    remise_partenaire_pct: trimDecimal(s.remisePartenairePct ?? '0'),
  }))
}

/**
 * What the list page needs of the sociétés in one statement (decision 544): the filter's (his
 * own, or for staff every société with offres to see) and whether he belongs to one, so may
 * write an offre (as partnerSocietes would say).
 */
export async function offreListSocietes(
  user: User
): Promise<{ societes: { id: number; nom: string }[]; canCreate: boolean }> {
  const staff = seesTransmitted(user)
  const rows = await Societe.query()
    .where('type', 'pro')
    .where((q) => {
      q.whereIn('id', memberSocieteIds(user.id))
      if (staff) {
        q.orWhereIn(
          'id',
          db.from('offres').whereIn('statut', OFFRE_VISIBLE_BY_ESI).select('societe_id')
        )
      }
    })
    .select('id', 'nom')
    .select(
      db.raw(
        'EXISTS (SELECT 1 FROM societe_user su WHERE su.societe_id = societes.id AND su.user_id = ?) AS membre',
        [user.id]
      )
    )
    .orderByRaw('f_unaccent(lower(nom))')
    .orderBy('id')
  return {
    societes: rows.filter((s) => staff || s.$extras.membre).map((s) => ({ id: s.id, nom: s.nom })),
    canCreate: rows.some((s) => s.$extras.membre),
  }
}

/** The contacts of these sociétés, for the editor's picker. */
export async function contactsOf(societeIds: number[]): Promise<OffreContactOption[]> {
  if (societeIds.length === 0) return []
  const rows = await Contact.query()
    .whereIn('societe_id', societeIds)
    .orderByRaw("f_unaccent(lower(nom)), f_unaccent(lower(coalesce(prenom, '')))")
    .orderBy('id')
    .limit(2000)
  return rows.map((c) => ({
    id: c.id,
    societe_id: c.societeId,
    nom: [c.nom, c.prenom].filter(Boolean).join(' '),
    email: c.email,
    adresse:
      [c.adresse, [c.codePostal, c.localite].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ') || null,
  }))
}

/** The earlier sent versions of an offre (offre_revisions), oldest first. */
export async function offreRevisions(offreId: number) {
  const rows = await OffreRevision.query().where('offre_id', offreId).orderBy('revision')
  return rows.map((r) => ({ revision: r.revision, envoyee_le: r.snapshot.header.envoyee_le }))
}
