/*
 * Issue 14 §2 — DashboardPro and Pro (decisions 504, 506): what each pro société brought to esi
 * over a period. The cohort is the offres TRANSMITTED in the period (transmise_le, Brussels
 * days; kept per société and day in offres_cohorte_jour, migration 0890): how many, how many esi turned into a devis (offres.devis_id),
 * how many of those have their bdc signed, and the HT total of those signed bdcs. The
 * conversion rate is signed / transmitted. The last activity is the last change of one of its
 * offres staff may see (transmitted or later), whatever the period. The period is read like /esi/devis/stats' (parseStatsParams).
 */
import db from '@adonisjs/lucid/services/db'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { parseStatsParams } from '#services/devis_list/devis_stats'
import { parseSort, sortToString, type SortKey } from '#shared/list_query'
import { OFFRE_VISIBLE_BY_ESI } from '#shared/offres'
import {
  PARTENAIRE_DEFAULT_SORT,
  PARTENAIRE_SORT_KEYS,
  type OffreSuivi,
  type PartenaireFigures,
  type PartenaireSortKey,
} from '#shared/dashboard'

export type PartenaireParams = { du: string; au: string; sort: SortKey; warnings: string[] }

/** ?du=&au=&sort= (sort: one of PARTENAIRE_SORT_KEYS, « - » for descending). */
export function parsePartenaireParams(qs: Record<string, unknown>): PartenaireParams {
  const { du, au, warnings } = parseStatsParams({ du: qs.du, au: qs.au })
  const fallback = parseSort(PARTENAIRE_DEFAULT_SORT, PARTENAIRE_SORT_KEYS, []).sort
  const { sort, ignored } = parseSort(qs.sort, PARTENAIRE_SORT_KEYS, fallback)
  if (ignored.length) warnings.push(`Tri « ${ignored.join(', ')} » ignoré.`)
  return { du, au, sort: sort[0], warnings }
}

export const sortString = (sort: SortKey) => sortToString([sort])

// Allow-listed ORDER BY expressions (never text from the URL)
const ORDER: Record<PartenaireSortKey, string> = {
  nom: 'f_unaccent(lower(s.nom))',
  transmises: 'transmises',
  converties: 'converties',
  signees: 'signees',
  ca: 'ca_ht',
  taux: 'taux',
  activite: 'derniere_activite',
}

// The statuts as SQL literals (trusted constants): the planner then uses the partial index of
// these offres by société and last change (offres_societe_visible_idx, decision 642)
const VISIBLE = OFFRE_VISIBLE_BY_ESI.map((s) => `'${s}'`).join(', ')

/**
 * The figures of every pro société (or of one), sorted. The cohort and « clients apportés » are
 * read from the sums the database keeps (offres_cohorte_jour, decision 721; apporteur_clients,
 * decision 642).
 */
export async function partenaireFigures(
  params: PartenaireParams,
  societeId: number | null = null
): Promise<PartenaireFigures[]> {
  const direction = params.sort.desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'
  const order = ORDER[params.sort.key as PartenaireSortKey] ?? ORDER.ca
  const result = await db.rawQuery(
    `WITH f AS (
       -- The cohort kept per (société, Brussels day of transmission) by the database
       -- (offres_cohorte_jour, decision 721): the days of the period, not the offres and a bdc
       -- probe for each
       SELECT j.societe_id,
         sum(j.transmises)::bigint AS transmises,
         sum(j.converties)::bigint AS converties,
         sum(j.signees)::bigint AS signees,
         sum(j.ca_ht) AS ca_ht
       FROM offres_cohorte_jour j
       WHERE j.jour BETWEEN ?::date AND ?::date
         AND (?::int IS NULL OR j.societe_id = ?::int)
       GROUP BY j.societe_id
       HAVING sum(j.transmises) <> 0
     ),
     -- « clients apportés » (apporteur_clients, decision 642): one pass over its few rows
     ac AS (
       SELECT ac.apporteur_id, sum(ac.n) AS n FROM apporteur_clients ac
       WHERE ?::int IS NULL OR ac.apporteur_id = ?::int
       GROUP BY ac.apporteur_id
     )
     SELECT s.id, s.nom,
       coalesce(f.transmises, 0) AS transmises,
       coalesce(f.converties, 0) AS converties,
       coalesce(f.signees, 0) AS signees,
       coalesce(f.ca_ht, 0) AS ca_ht,
       f.signees::float / nullif(f.transmises, 0) AS taux,
       (SELECT max(a.updated_at) FROM offres a
         WHERE a.societe_id = s.id AND a.statut IN (${VISIBLE})) AS derniere_activite,
       coalesce(ac.n, 0) AS clients_apportes
     FROM societes s
     LEFT JOIN f ON f.societe_id = s.id
     LEFT JOIN ac ON ac.apporteur_id = s.id
     WHERE s.type = 'pro' AND (?::int IS NULL OR s.id = ?::int)
     ORDER BY ${order} ${direction}, s.id
     LIMIT 1000`,
    [params.du, params.au, societeId, societeId, societeId, societeId, societeId, societeId]
  )
  return result.rows.map((r: any) => ({
    id: Number(r.id),
    nom: r.nom,
    transmises: Number(r.transmises),
    converties: Number(r.converties),
    signees: Number(r.signees),
    ca_ht: Number(r.ca_ht),
    taux: r.taux === null ? null : Number(r.taux),
    derniere_activite: r.derniere_activite ? new Date(r.derniere_activite).toISOString() : null,
    clients_apportes: Number(r.clients_apportes),
  }))
}

/** A pro société from a URL id: anything else (unknown, another type) is a 404. */
export async function findPartenaire(rawId: unknown) {
  const id = parseId(rawId)
  const societe = id
    ? await db
        .from('societes')
        .where({ id, type: 'pro' })
        .select('id', 'nom', 'email', 'telephone', 'localite', 'remise_partenaire_pct')
        .first()
    : null
  if (!societe) throw new NotFoundException()
  return societe as {
    id: number
    nom: string
    email: string | null
    telephone: string | null
    localite: string | null
    remise_partenaire_pct: string | null
  }
}

/** The members of sociétés (name, role in the société), by société. */
export async function membresDe(societeIds: number[]) {
  if (!societeIds.length) return new Map<number, { id: number; name: string; role: string }[]>()
  const rows = await db
    .from('societe_user as su')
    .join('users as u', 'u.id', 'su.user_id')
    .whereIn('su.societe_id', societeIds)
    .orderBy('su.societe_id')
    .orderByRaw("su.role = 'admin' DESC")
    .orderBy('u.name')
    .select('su.societe_id', 'u.id', 'u.name', 'su.role')
  const bySociete = new Map<number, { id: number; name: string; role: string }[]>()
  for (const r of rows) {
    const list = bySociete.get(Number(r.societe_id)) ?? []
    list.push({ id: Number(r.id), name: r.name, role: r.role })
    bySociete.set(Number(r.societe_id), list)
  }
  return bySociete
}

/**
 * The latest offres of sociétés, with the devis each became and its bdc (newest first):
 * `transmisesOnly` keeps those transmitted to esi; `esiView` those staff may see (a partner's
 * drafts and the offres sent to its own customer stay its own).
 */
export async function offresSuivi(
  societeIds: number[],
  { limit = 20, transmisesOnly = false, esiView = false } = {}
): Promise<OffreSuivi[]> {
  if (!societeIds.length) return []
  const query = db
    .from('offres as o')
    .leftJoin('devis as d', 'd.id', 'o.devis_id')
    .leftJoin('bdcs as b', 'b.devis_id', 'o.devis_id')
    .whereIn('o.societe_id', societeIds)
    .orderBy('o.id', 'desc')
    .limit(limit)
    .select(
      'o.id',
      'o.numero',
      'o.objet',
      'o.statut',
      'o.total_ttc',
      'o.transmise_le',
      'o.devis_id',
      'd.numero as devis_numero',
      'd.statut as devis_statut',
      'b.id as bdc_id',
      'b.numero as bdc_numero',
      'b.statut as bdc_statut'
    )
  if (transmisesOnly) query.whereNotNull('o.transmise_le')
  if (esiView) query.whereIn('o.statut', [...OFFRE_VISIBLE_BY_ESI])
  const rows = await query
  return rows.map((r) => ({
    id: Number(r.id),
    numero: r.numero,
    objet: r.objet,
    statut: r.statut,
    total_ttc: Number(r.total_ttc),
    transmise_le: r.transmise_le ? new Date(r.transmise_le).toISOString() : null,
    devis_id: r.devis_id === null ? null : Number(r.devis_id),
    devis_numero: r.devis_numero ?? null,
    devis_statut: r.devis_statut ?? null,
    bdc_id: r.bdc_id === null ? null : Number(r.bdc_id),
    bdc_numero: r.bdc_numero ?? null,
    bdc_signe: r.bdc_statut === 'signe',
  }))
}
