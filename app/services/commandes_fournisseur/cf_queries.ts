// The Approvisionnement and Fourniture lists: commandes to order, orders still expected.
/*
 * Issue 12 §3, §4, §6: what the Approvisionnement and Fourniture pages read (decision 359).
 * - Production list: the commandes whose approvisionnement gate is open and that still have
 *   measured rows to order or drafts to send (oldest validated sheet first), and the sent
 *   orders still expected, late against the confirmed date first.
 * - Fourniture list: the orders still expected, late first (the page groups them per supplier).
 * - Each Show page (cf_detail.ts): the commande, its gate, its orders with lines and receipts.
 * The gate conditions are those of shared/commande_etapes.ts gateReason, written in SQL for the
 * list (the Show page and every action use gateReason itself).
 */
import db from '@adonisjs/lucid/services/db'
import { type EtapeStatut } from '#shared/commande_etapes'
import { CF_ATTENDUES, type CfRow, type CfStatut } from '#shared/commandes_fournisseur'
import type { StepFilters } from '#services/commandes_fournisseur/cf_filters'
import { cfBaseQuery, cfRow, todayIsoDate } from '#services/commandes_fournisseur/cf_rows'

export const STEP_LIST_LIMIT = 200

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
