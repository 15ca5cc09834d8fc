/*
 * Issue 14 §4: esi/archive/Index — the finished and cancelled commandes through the lists' one
 * machinery (keyset pages, the URL's sort, filters and words). Each search word must appear in
 * the commande's number, client or objet (its stored `recherche`) or in its bdc's site address
 * (trigram index of migration 0840), in any order across them (decision 521). The période is the
 * day it was finished or cancelled, in Brussels.
 */
import Commande from '#models/commande'
import { TIME_ZONE } from '#shared/app'
import { filterParsers, likeContains, parseListParams } from '#services/list/list_params'
import type { ListParams } from '#services/list/list_params'
import type { SortColumns } from '#services/list/keyset'
import {
  ARCHIVE_DEFAULT_SORT,
  ARCHIVE_SORT_KEYS,
  ARCHIVE_STATUTS,
  type ArchiveListItem,
  type ArchiveStatut,
} from '#shared/archive'
import { isoDate } from '#services/list/document_list'

/** When it left the running commandes; never null (the partial index of migration 0840). */
export const ARCHIVE_FIN_SQL =
  'COALESCE(commandes.terminee_le, commandes.annulee_le, commandes.updated_at)'
const ADRESSE_SQL = "f_unaccent(lower(COALESCE(bdcs.adresse_chantier, '')))"

export const ARCHIVE_SORT_COLUMNS: SortColumns = {
  keys: {
    numero: [{ sql: 'commandes.numero', cast: 'text' }],
    client: [{ sql: 'f_unaccent(lower(commandes.client_nom))', cast: 'text' }],
    total: [{ sql: 'commandes.total_ttc', cast: 'bigint' }],
    fin: [{ sql: ARCHIVE_FIN_SQL, cast: 'timestamptz' }],
  },
  tiebreak: { sql: 'commandes.id', cast: 'integer' },
}

export const parseArchiveListParams = (qs: Record<string, unknown>): ListParams =>
  parseListParams(qs, {
    sortKeys: ARCHIVE_SORT_KEYS,
    defaultSort: ARCHIVE_DEFAULT_SORT,
    filters: {
      statut: { label: 'Statut', parse: filterParsers.oneOf(ARCHIVE_STATUTS) },
      du: { label: 'Du', parse: isoDate },
      au: { label: 'Au', parse: isoDate },
    },
  })

/** The archived commandes matching the URL (the order is keyset's). */
export function archiveListQuery(params: ListParams) {
  const query = Commande.query()
    .select('commandes.*', 'bdcs.adresse_chantier')
    .join('bdcs', 'bdcs.id', 'commandes.bdc_id')
    .whereIn(
      'commandes.statut',
      params.filter.statut ? [params.filter.statut] : [...ARCHIVE_STATUTS]
    )
  const day = `(${ARCHIVE_FIN_SQL} AT TIME ZONE '${TIME_ZONE}')::date`
  if (params.filter.du) query.whereRaw(`${day} >= ?::date`, [params.filter.du])
  if (params.filter.au) query.whereRaw(`${day} <= ?::date`, [params.filter.au])
  for (const word of params.words) {
    const like = likeContains(word)
    // The address through its own trigram index (a hashed subplan), never f_unaccent per row
    query.whereRaw(
      `(commandes.recherche LIKE f_unaccent(lower(?)) OR commandes.bdc_id IN
         (SELECT bdcs.id FROM bdcs WHERE ${ADRESSE_SQL} LIKE f_unaccent(lower(?))))`,
      [like, like]
    )
  }
  return query
}

export function archiveListItem(c: Commande): ArchiveListItem {
  const fin = c.termineeLe ?? c.annuleeLe ?? c.updatedAt
  return {
    id: c.id,
    numero: c.numero,
    client_id: c.clientId,
    client_nom: c.clientNom,
    objet: c.objet,
    adresse_chantier: (c.$extras.adresse_chantier as string | null) ?? null,
    total_ttc: c.totalTtc,
    statut: c.statut as ArchiveStatut,
    fin_le: fin.toISO()!,
    motif_annulation: c.motifAnnulation,
  }
}
