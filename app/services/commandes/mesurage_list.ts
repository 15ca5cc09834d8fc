/*
 * esi/mesurage Index (issue 12 §2, §6): what waits to be measured — commandes not cancelled nor
 * finished whose mesurage step is not done — late first (decision 337: the due date is the
 * step's planned end, else 14 days after the commande), filtered by commercial, chef de projet,
 * step statut and période (of the due date), keyset pages like every list.
 */
import { isoDate } from '#services/list/document_list'
import db from '@adonisjs/lucid/services/db'
import type { SortColumns } from '#services/list/keyset'
import {
  filterParsers,
  parseListParams,
  whereWords,
  type ListParams,
  type ListSpec,
} from '#services/list/list_params'
import { TIME_ZONE } from '#shared/app'
import {
  MESURAGE_DELAI_JOURS,
  MESURAGE_ETATS,
  MESURAGE_SORT_KEYS,
  type MesurageListItem,
} from '#shared/mesurage_list'
import type { EtapeStatut } from '#shared/commande_etapes'
import { cachedByVersion } from '#services/cache/versioned_cache'

export const ECHEANCE_SQL = `coalesce(commande_etapes.prevue_fin, commandes.created_at + interval '${MESURAGE_DELAI_JOURS} days')`

export const MESURAGE_SORT_COLUMNS: SortColumns = {
  keys: {
    echeance: [{ sql: ECHEANCE_SQL, cast: 'timestamptz' }],
    numero: [{ sql: 'commandes.numero', cast: 'text' }],
    client: [{ sql: 'f_unaccent(lower(commandes.client_nom))', cast: 'text' }],
    date: [{ sql: 'commandes.created_at', cast: 'timestamptz' }],
  },
  tiebreak: { sql: 'commandes.id', cast: 'integer' },
}

const SPEC: ListSpec = {
  sortKeys: MESURAGE_SORT_KEYS,
  defaultSort: [{ key: 'echeance', desc: false }],
  filters: {
    etat: { label: 'État', parse: filterParsers.oneOf(MESURAGE_ETATS) },
    commercial: { label: 'Commercial', parse: filterParsers.id },
    chef: { label: 'Chef de projet', parse: filterParsers.id },
    du: { label: 'Du', parse: isoDate },
    au: { label: 'Au', parse: isoDate },
  },
}

export function parseMesurageListParams(qs: Record<string, unknown>): ListParams {
  return parseListParams(qs, SPEC)
}

export function mesurageListQuery(params: ListParams) {
  const query = db
    .from('commandes')
    .join('bdcs', 'bdcs.id', 'commandes.bdc_id')
    .join('commande_etapes', (j) => {
      j.on('commande_etapes.commande_id', 'commandes.id').andOnVal(
        'commande_etapes.etape',
        'mesurage'
      )
    })
    .leftJoin('mesures', 'mesures.commande_id', 'commandes.id')
    .leftJoin('users as commercial', 'commercial.id', 'bdcs.commercial_id')
    .leftJoin('users as chef', 'chef.id', 'commandes.chef_projet_id')
    .whereNotIn('commandes.statut', ['annulee', 'terminee'])
    .select(
      'commandes.id',
      'commandes.numero',
      'commandes.client_nom',
      'commandes.objet',
      'commandes.created_at',
      'bdcs.adresse_chantier',
      'commercial.name as commercial_nom',
      'chef.name as chef_nom',
      'commande_etapes.statut as etape_statut',
      'commande_etapes.motif_blocage',
      'mesures.statut as mesure_statut',
      db.raw(`${ECHEANCE_SQL} AS echeance`),
      db.raw('(SELECT count(*)::int FROM mesure_lignes l WHERE l.mesure_id = mesures.id) AS lignes')
    )
  const { etat, commercial, chef, du, au } = params.filter
  if (etat === 'tous') {
    // every commande in progress, measured or not
  } else if (etat) {
    query.where('commande_etapes.statut', etat)
  } else {
    query.whereNotIn('commande_etapes.statut', ['faite', 'sans_objet'])
  }
  if (commercial) query.where('bdcs.commercial_id', Number(commercial))
  if (chef) query.where('commandes.chef_projet_id', Number(chef))
  const day = `(${ECHEANCE_SQL} AT TIME ZONE '${TIME_ZONE}')::date`
  if (du) query.whereRaw(`${day} >= ?`, [du])
  if (au) query.whereRaw(`${day} <= ?`, [au])
  whereWords(
    query,
    `f_unaccent(lower(commandes.numero || ' ' || commandes.client_nom || ' ' || commandes.objet || ' ' || coalesce(bdcs.adresse_chantier, '')))`,
    params.words
  )
  return query
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v))

export function mesurageListItem(now: Date) {
  return (r: Record<string, any>): MesurageListItem => {
    const echeance = iso(r.echeance)
    return {
      id: r.id,
      numero: r.numero,
      client_nom: r.client_nom,
      objet: r.objet,
      adresse_chantier: r.adresse_chantier ?? null,
      commercial_nom: r.commercial_nom ?? null,
      chef_nom: r.chef_nom ?? null,
      etape_statut: r.etape_statut as EtapeStatut,
      motif_blocage: r.motif_blocage ?? null,
      mesure_statut: r.mesure_statut ?? null,
      lignes: Number(r.lignes ?? 0),
      echeance,
      en_retard:
        new Date(echeance) < now && !['faite', 'sans_objet'].includes(r.etape_statut as string),
    }
  }
}

/** The users offered in the commercial and chef de projet filters (esi staff). */
/** Kept while the users table is unchanged (decision 542). */
export function staffOptions() {
  return cachedByVersion('users', 'staff', async () => {
    const users = await db.from('users').where('role', 'esi').orderBy('name').select('id', 'name')
    return users.map((u) => ({ id: Number(u.id), nom: u.name as string }))
  })
}
