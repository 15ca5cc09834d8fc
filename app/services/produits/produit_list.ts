/*
 * The catalogue list (esi/produits/Index) and its export: same URL grammar as the clients list.
 */
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { PRODUIT_SORT_KEYS } from '#shared/produits'
import { allRows, type SortColumns } from '#services/list/keyset'
import { listPage } from '#services/list/list_page'
import {
  filterParsers,
  whereWords,
  parseListParams,
  type ListParams,
  type ListSpec,
} from '#services/list/list_params'

// Exactly the expressions of the indexes of migration 0151
const key = (column: string) => `f_unaccent(lower(coalesce(p.${column}, '')))`

export const PRODUIT_SORT_COLUMNS: SortColumns = {
  keys: {
    reference: [{ sql: 'p.reference', cast: 'text' }],
    libelle: [{ sql: key('libelle'), cast: 'text' }],
    categorie: [{ sql: key('categorie'), cast: 'text' }],
    unite: [{ sql: 'p.unite', cast: 'text' }],
    prix_achat: [{ sql: 'coalesce(p.prix_achat, -1)', cast: 'integer' }],
    prix_vente_ht: [{ sql: 'p.prix_vente_ht', cast: 'integer' }],
    taux_tva: [{ sql: 'p.taux_tva', cast: 'integer' }],
    created_at: [{ sql: 'p.created_at', cast: 'timestamptz' }],
  },
  tiebreak: { sql: 'p.id', cast: 'integer' },
}

export const PRODUIT_LIST_SPEC: ListSpec = {
  sortKeys: PRODUIT_SORT_KEYS,
  defaultSort: [{ key: 'reference', desc: false }],
  filters: {
    actif: { label: 'Actif', parse: filterParsers.oneOf(['oui', 'non']) },
    categorie: { label: 'Catégorie', parse: filterParsers.text(80) },
    fournisseur: { label: 'Fournisseur', parse: filterParsers.id },
  },
}

export function parseProduitListParams(qs: Record<string, unknown>): ListParams {
  return parseListParams(qs, PRODUIT_LIST_SPEC)
}

type Query = DatabaseQueryBuilderContract<any>

function filtered(params: ListParams): Query {
  const query = db.from('produits as p')
  if (params.filter.actif) query.where('p.actif', params.filter.actif === 'oui')
  if (params.filter.categorie) query.where('p.categorie', params.filter.categorie)
  if (params.filter.fournisseur) query.where('p.fournisseur_id', Number(params.filter.fournisseur))
  whereWords(query, 'p.recherche', params.words)
  return query
}

export const PRODUIT_COLUMNS = [
  'p.id',
  'p.reference',
  'p.libelle',
  'p.description',
  'p.unite',
  'p.prix_achat',
  'p.prix_vente_ht',
  'p.taux_tva',
  'p.categorie',
  'p.fournisseur_id',
  'p.actif',
  'p.lock_version',
]

export interface ProduitRow {
  id: number
  reference: string
  libelle: string
  description: string | null
  unite: string
  prix_achat: number | null
  prix_vente_ht: number
  taux_tva: number
  categorie: string | null
  fournisseur_id: number | null
  fournisseur_nom: string | null
  actif: boolean
  lock_version: number
}

export function withColumns(params: ListParams) {
  return () =>
    filtered(params)
      .leftJoin('societes as f', 'f.id', 'p.fournisseur_id')
      .select(...PRODUIT_COLUMNS, 'f.nom as fournisseur_nom')
}

/** One page of the list, its count (estimated, then exact when small) and the warnings. */
export function listProduits<Row>(params: ListParams, map: (row: ProduitRow) => Row) {
  return listPage(params, {
    query: withColumns(params),
    count: () => filtered(params),
    columns: PRODUIT_SORT_COLUMNS,
    table: 'produits',
    map,
  })
}

export function allProduits(params: ListParams, batch = 2000) {
  return allRows<ProduitRow>({
    build: withColumns(params),
    sort: params.sort,
    columns: PRODUIT_SORT_COLUMNS,
    batch,
  })
}

/** The categories in use, for the filter and the form's suggestions. */
export async function categories(): Promise<string[]> {
  const rows = await db
    .from('produits')
    .whereNotNull('categorie')
    .distinct('categorie')
    .orderBy('categorie')
  return rows.map((r) => r.categorie as string)
}
