/*
 * Commandes (DESIGN.md §2, §3b): the esi list and the Show page's header. The steps (mesurage,
 * production, fourniture, pose) come with a later issue; the withdrawal period end date is
 * carried from the signed bdc and shown prominently (no supplier order before it).
 */
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import type { ListParams } from '#services/list/list_params'
import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import {
  filterParsers,
  parseListParams,
  whereWords,
  wordsAloneIndexed,
} from '#services/list/list_params'
import { orderedExprs } from '#services/list/keyset'
import type { CountedPage } from '#services/list/list_page'
import { ETAPES } from '#shared/commande_etapes'
import { todayIso } from '#shared/dates'
import { documentSortColumns, whereDocumentFilters, isoDate } from '#services/list/document_list'
import { parseId } from '#services/route_params'
import { NotFoundException } from '#exceptions/http_exceptions'
import { COMMANDE_STATUTS } from '#shared/devis'
import { COMMANDE_SORT_KEYS, COMMANDE_URGENCE_FIRST, type CommandeListItem } from '#shared/bdc'
import {
  commandeALEtape,
  commandeEnRetard,
  commandeEtapeEnRetard,
  ETAPE_DONE_SQL,
  ETAPE_NOT_DONE_SQL,
} from '#services/dashboard/conditions'
import { cachedMenuBadges } from '#services/commandes/menu_badges'
import CommandeTransformer from '#transformers/sales/commande_transformer'
import { cachedByVersion } from '#services/cache/versioned_cache'
import { toNumberStrict } from '#models/ligne_base'
import { localIsoOf } from '#services/list/row_values'

/** Sort keys of esi/commande/Index: those of every document list, and the withdrawal end. */
export const COMMANDE_SORT_COLUMNS = documentSortColumns('commandes', {
  // No end date (no withdrawal right): first
  fin_retractation: [
    { sql: "coalesce(commandes.fin_retractation, '0001-01-01'::date)", cast: 'date' },
  ],
  // Issue 12 (decision 302): the most overdue first, then the nearest deadline, none last
  urgence: [{ sql: "coalesce(commandes.prochaine_echeance, '9999-12-31'::date)", cast: 'date' }],
})

/**
 * The URL of esi/commande/Index: the document lists' statut and période, plus commercial, chef
 * de projet, late only and current step; the most overdue first by default.
 */
export const parseCommandeListParams = (qs: Record<string, unknown>): ListParams =>
  parseListParams(qs, {
    sortKeys: COMMANDE_SORT_KEYS,
    defaultSort: COMMANDE_URGENCE_FIRST,
    filters: {
      statut: { label: 'Statut', parse: filterParsers.oneOf(COMMANDE_STATUTS) },
      du: { label: 'Du', parse: isoDate },
      au: { label: 'Au', parse: isoDate },
      commercial: { label: 'Commercial', parse: filterParsers.id },
      chef: { label: 'Chef de projet', parse: filterParsers.id },
      retard: { label: 'En retard', parse: filterParsers.oneOf(['1']) },
      etape: { label: 'Étape', parse: filterParsers.oneOf(ETAPES) },
      // Late at that step (the dashboard's « commandes en retard par étape », issue 14 §2)
      etape_en_retard: { label: 'En retard à l’étape', parse: filterParsers.oneOf(ETAPES) },
    },
  })

/**
 * The commandes' columns commandeListItem reads (decision 707): `commandes.*` made each model
 * parse what the list never shows (the search text, three more instants, the cancellation).
 */
export const COMMANDE_LIST_FIELDS = [
  'id',
  'numero',
  'client_id',
  'client_nom',
  'objet',
  'total_ttc',
  'statut',
  'fin_retractation',
  'created_at',
  'bdc_id',
  'etape_courante',
  'etape_courante_statut',
  'prochaine_echeance',
] as const

/** The date columns of the list (no time): their text is the page's (what `toISODate()` gave). */
const DAY_COLUMNS = new Set(['fin_retractation', 'prochaine_echeance'])

/** The list's columns of `commandes`, the days read as text. */
const listColumns = () =>
  COMMANDE_LIST_FIELDS.map((c) =>
    DAY_COLUMNS.has(c) ? db.raw(`commandes.${c}::text AS ${c}`) : `commandes.${c}`
  )

/** A list row as the pg driver gives it (bigints as text, the days as text), the joins' names. */
export type CommandeListRow = Record<
  (typeof COMMANDE_LIST_FIELDS)[number] | 'bdc_numero' | 'chef_projet_nom' | 'commercial_nom',
  any
>

/**
 * The rows of esi/commande/Index: filtered, searched (the order is keyset's). Plain rows, not
 * models (decision 770, as 749 for the factures): Lucid's hydration was most of the page's CPU.
 */
export function commandeListQuery(params: ListParams) {
  const query = Commande.query()
    .select(
      ...listColumns(),
      'bdcs.numero as bdc_numero',
      'chef.name as chef_projet_nom',
      'commercial.name as commercial_nom'
    )
    .join('bdcs', 'bdcs.id', 'commandes.bdc_id')
    .leftJoin('users as chef', 'chef.id', 'commandes.chef_projet_id')
    .leftJoin('users as commercial', 'commercial.id', 'bdcs.commercial_id')
  whereCommandeListFilters(query, params)
  return query.pojo<CommandeListRow>()
}

/**
 * The same page when its rows are counted exactly (decision 771, a search the planner expects
 * to match at most SEARCH_EXACT_COUNT_LIMIT rows): the matching commandes read once, by the
 * filter's index, into a CTE named as the table (the sort keys and the keyset condition read it
 * unchanged), each row carrying their count (`__total`). Walking the urgence index for a rare word
 * visited 1 700 rows to find 26, then counted again. Decision 845: the CTE carries only the id
 * and the columns of the sort; the page's rows, their bdc's number and the two names are read
 * `around` the page, by key, after its limit; a search of indexed words and nothing else is a
 * named statement with each pattern unaccented once (decision 830's rule for the créances).
 */
export function commandeCountedPage(params: ListParams): CountedPage {
  const named = wordsAloneIndexed(params)
  const keys = orderedExprs(params.sort, COMMANDE_SORT_COLUMNS).flatMap((e) =>
    [...e.sql.matchAll(/commandes\.(\w+)/g)].map((m) => m[1])
  )
  const matches = commandeCountQuery(params, { once: named }).select(
    ...new Set(['commandes.id', ...keys.map((c) => `commandes.${c}`)])
  )
  return {
    query: () =>
      db
        .query()
        .withMaterialized('commandes', matches)
        .from('commandes')
        .select('commandes.id', db.raw('(SELECT count(*) FROM commandes)::int AS __total')),
    // `commandes` is the table again out here: the CTE lives in the page's sub-query
    around: (page) =>
      db
        .query()
        .from(page)
        .join('commandes', 'commandes.id', 'cr.id')
        .join('bdcs', 'bdcs.id', 'commandes.bdc_id')
        .leftJoin('users as chef', 'chef.id', 'commandes.chef_projet_id')
        .leftJoin('users as commercial', 'commercial.id', 'bdcs.commercial_id')
        .select(
          ...listColumns(),
          'bdcs.numero as bdc_numero',
          'chef.name as chef_projet_nom',
          'commercial.name as commercial_nom',
          'cr.__total'
        ),
    prepared: named ? 'bound' : true,
  }
}

/**
 * The same rows without the joins, to count them (decision 661): every commande has its bdc
 * (bdc_id not null, foreign key), the users are left joins; bdcs only for the commercial filter.
 * `once`: each search pattern a sub-select (whereWords), for a named statement only.
 */
export function commandeCountQuery(params: ListParams, { once = false } = {}) {
  const query = Commande.query()
  if (params.filter.commercial) query.join('bdcs', 'bdcs.id', 'commandes.bdc_id')
  return whereCommandeListFilters(query, params, once)
}

function whereCommandeListFilters(
  query: ModelQueryBuilderContract<typeof Commande>,
  params: ListParams,
  once = false
) {
  // The search reads the stored, trigram-indexed column (migration 0611)
  whereDocumentFilters(query, 'commandes', { ...params, words: [] })
  whereWords(query, 'commandes.recherche', params.words, { once })
  const { commercial, chef, retard, etape, etape_en_retard: etapeEnRetard } = params.filter
  if (commercial) query.where('bdcs.commercial_id', Number(commercial))
  if (chef) query.where('commandes.chef_projet_id', Number(chef))
  if (etape) {
    const at = commandeALEtape(etape)
    query.whereRaw(at.sql, at.bindings)
  }
  if (retard) {
    const late = commandeEnRetard(todayIso())
    query.whereRaw(late.sql, late.bindings)
  }
  if (etapeEnRetard) {
    const late = commandeEtapeEnRetard(todayIso(), etapeEnRetard)
    query.whereRaw(late.sql, late.bindings)
  }
  return query
}

/** Late commandes (a step past its planned end, not done): the menu's badge, one indexed count. */
export async function commandesEnRetard(): Promise<number> {
  const late = commandeEnRetard(todayIso())
  const row = await Commande.query().whereRaw(late.sql, late.bindings).count('* as n').first()
  return Number(row?.$extras.n ?? 0)
}

/**
 * The Commandes menu's badges in one query (decision 413): the late commandes (as above) and,
 * for each step list, the open commandes waiting at that step — the step not done (à faire,
 * planifiée, en cours, bloquée) and the step before it reached: any for the mesurage, the
 * mesurage done for the approvisionnement, something ordered (approvisionnement en cours or
 * faite) for the fourniture. The three steps of each commande are read once and folded into
 * flags (decision 858: half the time of joining each step to the one before it).
 */
export function menuCommandeBadges(): Promise<Record<string, number>> {
  return cachedMenuBadges(countMenuBadges)
}

async function countMenuBadges(): Promise<Record<string, number>> {
  const late = commandeEnRetard(todayIso())
  const result = await db.rawQuery(
    `SELECT
       (SELECT count(*) FROM commandes WHERE ${late.sql}) AS retard,
       count(*) FILTER (WHERE s.m_open) AS mesurage,
       count(*) FILTER (WHERE s.a_open AND s.m_done) AS approvisionnement,
       count(*) FILTER (WHERE s.f_open AND s.a_ordered) AS fourniture
     FROM (
       SELECT e.commande_id,
         bool_or(e.etape = 'mesurage' AND e.statut IN (${ETAPE_NOT_DONE_SQL})) AS m_open,
         bool_or(e.etape = 'mesurage' AND e.statut IN (${ETAPE_DONE_SQL})) AS m_done,
         bool_or(e.etape = 'approvisionnement' AND e.statut IN (${ETAPE_NOT_DONE_SQL})) AS a_open,
         bool_or(e.etape = 'approvisionnement' AND e.statut IN ('en_cours', 'faite')) AS a_ordered,
         bool_or(e.etape = 'fourniture' AND e.statut IN (${ETAPE_NOT_DONE_SQL})) AS f_open
       FROM commande_etapes e
       WHERE e.etape IN ('mesurage', 'approvisionnement', 'fourniture')
       GROUP BY e.commande_id
     ) s
     JOIN commandes c ON c.id = s.commande_id AND c.statut IN ('en_attente', 'en_cours')`,
    late.bindings
  )
  const row = result.rows[0] ?? {}
  return {
    '/esi/commandes': Number(row.retard ?? 0),
    '/esi/commandes/mesurage': Number(row.mesurage ?? 0),
    '/esi/commandes/production': Number(row.approvisionnement ?? 0),
    '/esi/commandes/fourniture': Number(row.fourniture ?? 0),
  }
}

/** The staff who may be commercial or chef de projet: the list's filters. */
/** Kept while the users table is unchanged (decision 542). */
export function commandeFiltresPersonnes() {
  return cachedByVersion('users', 'commande_personnes', async () => {
    const users = await db.from('users').where('role', 'esi').orderBy('name').select('id', 'name')
    return users.map((u) => ({ value: String(u.id), label: u.name as string }))
  })
}

/**
 * A list row as the model gave it (same keys in the same order, same values: numbers for the
 * bigints, the instant in the process's zone). tests/functional/performance/list_rows.spec.ts
 * compares it with commandeListItemOfModel on every row.
 */
export function commandeListItem(row: CommandeListRow): CommandeListItem {
  return {
    id: row.id,
    numero: row.numero,
    client_id: toNumberStrict(row.client_id),
    client_nom: row.client_nom,
    objet: row.objet,
    total_ttc: toNumberStrict(row.total_ttc),
    statut: row.statut,
    fin_retractation: row.fin_retractation ?? null,
    created_at: localIsoOf(row.created_at)!,
    bdc_id: row.bdc_id,
    bdc_numero: row.bdc_numero ?? null,
    etape_courante: row.etape_courante,
    etape_courante_statut: row.etape_courante_statut,
    prochaine_echeance: row.prochaine_echeance ?? null,
    chef_projet: row.chef_projet_nom ?? null,
    commercial: row.commercial_nom ?? null,
  }
}

/** The former mapping, from the model (the oracle of the tests). */
export function commandeListItemOfModel(c: Commande): CommandeListItem {
  return {
    id: c.id,
    numero: c.numero,
    client_id: c.clientId,
    client_nom: c.clientNom,
    objet: c.objet,
    total_ttc: c.totalTtc,
    statut: c.statut,
    fin_retractation: c.finRetractation?.toISODate() ?? null,
    created_at: c.createdAt.toISO()!,
    bdc_id: c.bdcId,
    bdc_numero: c.$extras.bdc_numero ?? null,
    etape_courante: c.etapeCourante,
    etape_courante_statut: c.etapeCouranteStatut,
    prochaine_echeance: c.prochaineEcheance?.toISODate() ?? null,
    chef_projet: c.$extras.chef_projet_nom ?? null,
    commercial: c.$extras.commercial_nom ?? null,
  }
}

export async function findCommande(rawId: unknown): Promise<Commande> {
  const id = parseId(rawId)
  const commande = id ? await Commande.find(id) : null
  if (!commande) throw new NotFoundException()
  return commande
}

/** The esi/commande/Show page's prop, shaped by the transformer (CommandeTransformer.forDetail). */
export async function commandeDetail(commande: Commande) {
  await commande.load('chefProjet')
  const bdc = await Bdc.findOrFail(commande.bdcId)
  await bdc.load('demandesPaiement')
  return new CommandeTransformer(commande).forDetail(bdc)
}
