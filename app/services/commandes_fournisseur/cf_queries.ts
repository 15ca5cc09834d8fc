/*
 * Issue 12 §3, §4, §6: what the Approvisionnement and Fourniture pages read (decision 359).
 * - Production list: the commandes whose approvisionnement gate is open and that still have
 *   measured rows to order or drafts to send (oldest validated sheet first), and the sent
 *   orders still expected, late against the confirmed date first.
 * - Fourniture list: the orders still expected, late first (the page groups them per supplier).
 * - Each Show page: the commande, its gate, its orders with lines and receipts.
 * The gate conditions are those of shared/commande_etapes.ts gateReason, written in SQL for the
 * list (the Show page and every action use gateReason itself).
 */
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { commandeGateFacts } from '#services/commandes/etapes'
import { rowsToOrder } from '#services/commandes_fournisseur/cf_a_commander'
import { today as todayDate } from '#services/documents/numbering'
import { gateReason, type Etape, type EtapeStatut } from '#shared/commande_etapes'
import {
  CF_ATTENDUES,
  cfEnRetard,
  type CfCommandeHeader,
  type CfDetail,
  type CfRow,
  type CfStatut,
  type LivraisonEtat,
} from '#shared/commandes_fournisseur'
import { cachedByVersions } from '#services/cache/versioned_cache'

export const STEP_LIST_LIMIT = 200

export type StepFilters = {
  fournisseur_id: number | null
  commercial_id: number | null
  chef_projet_id: number | null
  du: string | null
  au: string | null
}

const ISO = /^\d{4}-\d{2}-\d{2}$/

/** ?filter[fournisseur_id]=…&filter[du]=2026-01-01: what is not understood is ignored, said. */
export function parseStepFilters(qs: Record<string, unknown>): {
  filters: StepFilters
  warnings: string[]
} {
  const raw = (qs.filter && typeof qs.filter === 'object' ? qs.filter : {}) as Record<
    string,
    unknown
  >
  const warnings: string[] = []
  const id = (key: string) => {
    const v = raw[key]
    if (v === undefined || v === '') return null
    const n = typeof v === 'string' ? parseId(v) : null
    if (!n) warnings.push(`Filtre « ${key} » ignoré : valeur non reconnue.`)
    return n ?? null
  }
  const date = (key: string) => {
    const v = raw[key]
    if (v === undefined || v === '') return null
    if (typeof v === 'string' && ISO.test(v) && DateTime.fromISO(v).isValid) return v
    warnings.push(`Filtre « ${key} » ignoré : date non reconnue (AAAA-MM-JJ).`)
    return null
  }
  const known = new Set(['fournisseur_id', 'commercial_id', 'chef_projet_id', 'du', 'au'])
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) warnings.push(`Filtre « ${key} » inconnu : ignoré.`)
  }
  return {
    filters: {
      fournisseur_id: id('fournisseur_id'),
      commercial_id: id('commercial_id'),
      chef_projet_id: id('chef_projet_id'),
      du: date('du'),
      au: date('au'),
    },
    warnings,
  }
}

/** The options of the filters: suppliers and staff. */
/** Each list kept while its table is unchanged (decision 542). */
/** The filters' fournisseurs and staff, in one statement when not kept (decision 664). */
export async function stepFilterOptions(): Promise<{
  fournisseurs: { id: number; nom: string }[]
  staff: { id: number; nom: string }[]
}> {
  return cachedByVersions(['societes', 'users'], 'step_options', async () => {
    const { rows } = await db.rawQuery(
      `SELECT
        (SELECT COALESCE(json_agg(json_build_object('id', id, 'nom', nom) ORDER BY nom), '[]')
          FROM societes WHERE type = 'fournisseur') AS fournisseurs,
        (SELECT COALESCE(json_agg(json_build_object('id', id, 'nom', name) ORDER BY name), '[]')
          FROM users WHERE role = 'esi') AS staff`
    )
    return { fournisseurs: rows[0].fournisseurs, staff: rows[0].staff }
  })
}

function iso(value: Date | string | null | undefined): string | null {
  if (!value) return null
  if (typeof value === 'string') return value.slice(0, 10)
  return DateTime.fromJSDate(value).toISODate()
}

function cfBaseQuery() {
  return db
    .from('commandes_fournisseur as cf')
    .join('commandes as c', 'c.id', 'cf.commande_id')
    .join('bdcs as b', 'b.id', 'c.bdc_id')
    .join('societes as s', 's.id', 'cf.fournisseur_id')
    .select(
      'cf.*',
      'c.numero as commande_numero',
      'c.client_nom',
      's.nom as fournisseur_nom',
      's.email as fournisseur_email'
    )
}

function cfRow(r: Record<string, any>, today: string): CfRow {
  const row: CfRow = {
    id: r.id,
    numero: r.numero,
    commande_id: r.commande_id,
    commande_numero: r.commande_numero,
    client_nom: r.client_nom,
    fournisseur_id: r.fournisseur_id,
    fournisseur_nom: r.fournisseur_nom,
    fournisseur_email: r.fournisseur_email ?? null,
    statut: r.statut as CfStatut,
    total_ht: Number(r.total_ht),
    adresse_livraison: r.adresse_livraison ?? null,
    date_livraison_confirmee: iso(r.date_livraison_confirmee),
    envoyee_le: r.envoyee_le ? new Date(r.envoyee_le).toISOString() : null,
    lock_version: r.lock_version,
    en_retard: false,
  }
  row.en_retard = cfEnRetard(row, today)
  return row
}

function whereCommandeFilters(q: any, f: StepFilters) {
  if (f.commercial_id) q.where('b.commercial_id', f.commercial_id)
  if (f.chef_projet_id) q.where('c.chef_projet_id', f.chef_projet_id)
}

/** The orders still expected (sent, confirmed, partly received): late first. */
async function expectedOrders(f: StepFilters, today: string) {
  const q = cfBaseQuery()
    .whereIn('cf.statut', CF_ATTENDUES as CfStatut[])
    .select(
      db.raw(
        `(SELECT count(*) FROM commande_fournisseur_lignes l
           WHERE l.commande_fournisseur_id = cf.id AND l.quantite_recue < l.quantite) AS lignes_attendues`
      )
    )
  whereCommandeFilters(q, f)
  if (f.fournisseur_id) q.where('cf.fournisseur_id', f.fournisseur_id)
  if (f.du) q.where('cf.date_livraison_confirmee', '>=', f.du)
  if (f.au) q.where('cf.date_livraison_confirmee', '<=', f.au)
  // The total with the page (one pass), as waitingCommandes does
  const rows = await q
    .select(db.raw('count(*) OVER () AS total'))
    .orderByRaw(
      `(cf.date_livraison_confirmee IS NOT NULL AND cf.date_livraison_confirmee < ?) DESC`,
      [today]
    )
    .orderByRaw('cf.date_livraison_confirmee ASC NULLS LAST')
    .orderBy('cf.envoyee_le', 'asc')
    .orderBy('cf.id', 'asc')
    .limit(STEP_LIST_LIMIT)
  return {
    total: rows.length ? Number(rows[0].total) : 0,
    rows: rows.map((r) => ({ ...cfRow(r, today), lignes_attendues: Number(r.lignes_attendues) })),
  }
}

/**
 * The commandes waiting to be ordered: gate open (acompte paid, withdrawal over or waived,
 * mesurage done), approvisionnement not done, with rows to prepare or drafts to send.
 */
async function waitingCommandes(f: StepFilters, today: string) {
  // The candidates first, by cheap joins: the commandes whose approvisionnement is open (the
  // (etape, statut) index), measured, not cancelled, withdrawal over or waived. A MATERIALIZED
  // CTE is a fence: the per-commande subqueries below run for these only, not for the
  // thousands of commandes past this step.
  const inner = db
    .from('commande_etapes as ea')
    .join('commandes as c', 'c.id', 'ea.commande_id')
    .join('bdcs as b', 'b.id', 'c.bdc_id')
    .join('mesures as m', (j) => j.on('m.commande_id', 'c.id').andOnVal('m.statut', 'validee'))
    .join('commande_etapes as em', (j) =>
      j.on('em.commande_id', 'c.id').andOnVal('em.etape', 'mesurage')
    )
    .where('ea.etape', 'approvisionnement')
    .whereIn('ea.statut', ['a_faire', 'planifiee', 'en_cours', 'bloquee'])
    .whereIn('em.statut', ['faite', 'sans_objet'])
    .whereNot('c.statut', 'annulee')
    .whereRaw(
      '(b.fin_retractation IS NULL OR b.renonciation_retractation OR b.fin_retractation < ?)',
      [today]
    )
    .select(
      'c.id',
      'c.numero',
      'c.client_nom',
      'c.objet',
      'b.acompte',
      'm.id as mesure_id',
      'm.validee_le',
      'ea.statut as etape_statut'
    )
  whereCommandeFilters(inner, f)
  if (f.du) inner.whereRaw('m.validee_le >= ?::date', [f.du])
  if (f.au) inner.whereRaw(`m.validee_le < (?::date + 1)`, [f.au])

  // Rows a supplier can be asked for (a row without supplier is shown on the page, not here)
  const unorderedRows = `FROM mesure_lignes ml
      JOIN bdc_lignes bl ON bl.id = ml.bdc_ligne_id
      JOIN produits p ON p.id = bl.produit_id
      JOIN societes sf ON sf.id = p.fournisseur_id AND sf.type = 'fournisseur'
      WHERE ml.mesure_id = w.mesure_id
      AND NOT EXISTS (SELECT 1 FROM commande_fournisseur_lignes l
        JOIN commandes_fournisseur x ON x.id = l.commande_fournisseur_id
        WHERE l.mesure_ligne_id = ml.id AND x.statut <> 'annulee')`
  const drafts = `EXISTS (SELECT 1 FROM commandes_fournisseur d
      WHERE d.commande_id = w.id AND d.statut = 'brouillon')`
  const q = db
    .query()
    .withMaterialized('w', db.rawQuery(inner.toQuery()))
    .from('w')
    .whereRaw(
      `coalesce((SELECT sum(f.montant_paye) FROM factures f WHERE f.commande_id = w.id
         AND f.type = 'acompte' AND f.numero IS NOT NULL), 0) >= w.acompte`
    )
    .whereRaw(`(EXISTS (SELECT 1 ${unorderedRows}) OR ${drafts})`)
  if (f.fournisseur_id) {
    const fournisseurId = f.fournisseur_id
    q.where((w) => {
      w.whereExists((e) =>
        e
          .from('commandes_fournisseur as d')
          .whereRaw('d.commande_id = w.id')
          .where('d.statut', 'brouillon')
          .where('d.fournisseur_id', fournisseurId)
      ).orWhereExists((e) =>
        e
          .from('mesure_lignes as ml')
          .join('bdc_lignes as bl', 'bl.id', 'ml.bdc_ligne_id')
          .join('produits as p', 'p.id', 'bl.produit_id')
          .whereRaw('ml.mesure_id = w.mesure_id')
          .where('p.fournisseur_id', fournisseurId)
      )
    })
  }
  // The total with the page (one pass), the count of rows to prepare for the rows shown only
  const rows = await q
    .select(
      'w.id',
      'w.numero',
      'w.client_nom',
      'w.objet',
      'w.validee_le',
      'w.etape_statut',
      db.raw(`(SELECT count(*) ${unorderedRows}) AS a_preparer`),
      db.raw('count(*) OVER () AS total')
    )
    .orderByRaw('w.validee_le ASC NULLS LAST')
    .orderBy('w.id')
    .limit(STEP_LIST_LIMIT)
  const ids = rows.map((r) => r.id)
  const draftQuery = cfBaseQuery()
    .whereIn('cf.commande_id', ids)
    .where('cf.statut', 'brouillon')
    .orderBy('cf.id')
  if (f.fournisseur_id) draftQuery.where('cf.fournisseur_id', f.fournisseur_id)
  const draftRows = ids.length ? await draftQuery : []
  const byCommande = new Map<number, CfRow[]>()
  for (const d of draftRows) {
    const row = cfRow(d, today)
    byCommande.set(row.commande_id, [...(byCommande.get(row.commande_id) ?? []), row])
  }
  return {
    total: rows.length ? Number(rows[0].total) : 0,
    rows: rows.map((r) => ({
      id: r.id as number,
      numero: r.numero as string,
      client_nom: r.client_nom as string,
      objet: r.objet as string,
      mesure_validee_le: r.validee_le ? new Date(r.validee_le).toISOString() : null,
      etape_statut: r.etape_statut as EtapeStatut,
      a_preparer: Number(r.a_preparer),
      brouillons: byCommande.get(r.id) ?? [],
    })),
  }
}

export async function productionList(f: StepFilters) {
  const today = todayIsoDate()
  const [aCommander, envoyees] = await Promise.all([
    waitingCommandes(f, today),
    expectedOrders(f, today),
  ])
  return { aCommander, envoyees, today }
}

export async function fournitureList(f: StepFilters) {
  const today = todayIsoDate()
  return { attendues: await expectedOrders(f, today), today }
}

// ── Show pages ───────────────────────────────────────────────────────────────────────────────

export async function findCommandeId(raw: unknown): Promise<number> {
  const id = parseId(raw)
  const row = id ? await db.from('commandes').where('id', id).select('id').first() : null
  if (!row) throw new NotFoundException()
  return row.id
}

export async function findCfId(raw: unknown): Promise<number> {
  const id = parseId(raw)
  const row = id
    ? await db.from('commandes_fournisseur').where('id', id).select('id').first()
    : null
  if (!row) throw new NotFoundException()
  return row.id
}

/** The commande header both Show pages print, its steps and the gates of its two steps. */
async function commandeHeader(commandeId: number) {
  const c = await db
    .from('commandes as c')
    .join('bdcs as b', 'b.id', 'c.bdc_id')
    .leftJoin('users as u', 'u.id', 'c.chef_projet_id')
    .where('c.id', commandeId)
    .select(
      'c.id',
      'c.numero',
      'c.client_nom',
      'c.objet',
      'c.statut',
      'b.adresse_chantier',
      'u.name as chef_projet_nom'
    )
    .first()
  if (!c) throw new NotFoundException()
  const facts = await commandeGateFacts(db.connection(), commandeId)
  const gate = (etape: Etape) => gateReason(etape, facts)
  const commande: CfCommandeHeader = {
    id: c.id as number,
    numero: c.numero as string,
    client_nom: c.client_nom as string,
    objet: c.objet as string,
    statut: c.statut as string,
    adresse_chantier: (c.adresse_chantier as string | null) ?? null,
    chef_projet_nom: (c.chef_projet_nom as string | null) ?? null,
  }
  return {
    commande,
    etapes: facts.etapes,
    gates: {
      approvisionnement: gate('approvisionnement'),
      fourniture: gate('fourniture'),
    },
  }
}

async function cfDetails(commandeId: number, today: string): Promise<CfDetail[]> {
  const heads = await cfBaseQuery().where('cf.commande_id', commandeId).orderBy('cf.id')
  if (!heads.length) return []
  const ids = heads.map((h) => h.id)
  const lignes = await db
    .from('commande_fournisseur_lignes')
    .whereIn('commande_fournisseur_id', ids)
    .orderBy('position')
  const livraisons = await db
    .from('livraisons as l')
    .leftJoin('users as u', 'u.id', 'l.recue_par')
    .whereIn('l.commande_fournisseur_id', ids)
    .orderBy('l.id')
    .select('l.*', 'u.name as recue_par_nom')
  const livLignes = livraisons.length
    ? await db
        .from('livraison_lignes')
        .whereIn(
          'livraison_id',
          livraisons.map((l) => l.id)
        )
        .orderBy('id')
    : []
  return heads.map((h) => ({
    ...cfRow(h, today),
    remarques: h.remarques ?? null,
    motif_annulation: h.motif_annulation ?? null,
    lignes: lignes
      .filter((l) => l.commande_fournisseur_id === h.id)
      .map((l) => ({
        id: Number(l.id),
        position: l.position,
        produit_id: l.produit_id,
        reference: l.reference,
        designation: l.designation,
        unite: l.unite,
        quantite: String(l.quantite),
        quantite_recue: String(l.quantite_recue),
        prix_achat: Number(l.prix_achat),
        total: Number(l.total),
      })),
    livraisons: livraisons
      .filter((l) => l.commande_fournisseur_id === h.id)
      .map((l) => ({
        id: l.id,
        date_livraison: iso(l.date_livraison)!,
        bon_livraison: l.bon_livraison,
        remarques: l.remarques,
        recue_par: l.recue_par_nom ?? null,
        lignes: livLignes
          .filter((x) => x.livraison_id === l.id)
          .map((x) => ({
            ligne_id: Number(x.commande_fournisseur_ligne_id),
            quantite: String(x.quantite),
            etat: x.etat as LivraisonEtat,
            remarque: x.remarque,
            fichier_id: x.fichier_id ? Number(x.fichier_id) : null,
          })),
      })),
  }))
}

export async function productionDetail(commandeId: number) {
  const today = todayIsoDate()
  const header = await commandeHeader(commandeId)
  const mesure = await db.from('mesures').where('commande_id', commandeId).first()
  const rows = mesure?.statut === 'validee' ? await rowsToOrder(db, commandeId) : []
  return {
    ...header,
    mesure: mesure
      ? {
          statut: mesure.statut as string,
          validee_le: mesure.validee_le ? new Date(mesure.validee_le).toISOString() : null,
        }
      : null,
    a_preparer: rows.filter((r) => r.fournisseur_id !== null).length,
    sans_fournisseur: rows
      .filter((r) => r.fournisseur_id === null)
      .map((r) => ({
        mesure_ligne_id: r.mesure_ligne_id,
        designation: r.designation,
        quantite: r.quantite,
      })),
    commandes_fournisseur: await cfDetails(commandeId, today),
    today,
  }
}

export async function fournitureDetail(commandeId: number) {
  const today = todayIsoDate()
  const header = await commandeHeader(commandeId)
  const details = await cfDetails(commandeId, today)
  return {
    ...header,
    commandes_fournisseur: details.filter((cf) => cf.statut !== 'brouillon'),
    today,
  }
}

/** Today in Brussels, for the late markers. */
export function todayIsoDate(): string {
  return todayDate().toISODate()!
}
