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
import { preparedQuery } from '#services/prepared_query'
import { todayIso } from '#shared/dates'
import { type EtapeStatut } from '#shared/commande_etapes'
import { CF_ATTENDUES, type CfRow } from '#shared/commandes_fournisseur'
import type { StepFilters } from '#services/commandes_fournisseur/cf_filters'
import { CF_COLUMNS, CF_JOINS, CF_SELECT, cfRow } from '#services/commandes_fournisseur/cf_rows'

export const STEP_LIST_LIMIT = 200

/*
 * Both lists are SQL text with `?` bindings, not knex builders: building and compiling them
 * (a CTE, subqueries, raw fragments) was a fifth of the visit's CPU (decision 790). Each filter
 * adds its condition and binding in order.
 */
type Sql = { where: string[]; bindings: unknown[] }

/** A condition and its values, when the filter is set. */
function add(sql: Sql, value: unknown, condition: string) {
  if (value === null || value === undefined) return
  sql.where.push(condition)
  sql.bindings.push(
    ...condition
      .split('?')
      .slice(1)
      .map(() => value)
  )
}

function commandeFilters(sql: Sql, f: StepFilters) {
  add(sql, f.commercial_id, 'b.commercial_id = ?')
  add(sql, f.chef_projet_id, 'c.chef_projet_id = ?')
}

const ATTENDUES = CF_ATTENDUES.map((statut) => `'${statut}'`).join(', ')

/** The orders still expected (sent, confirmed, partly received): late first. */
async function expectedOrders(f: StepFilters, today: string) {
  const sql: Sql = { where: [`cf.statut IN (${ATTENDUES})`], bindings: [] }
  commandeFilters(sql, f)
  add(sql, f.fournisseur_id, 'cf.fournisseur_id = ?')
  add(sql, f.du, 'cf.date_livraison_confirmee >= ?')
  add(sql, f.au, 'cf.date_livraison_confirmee <= ?')
  // The total with the page (one pass), as waitingCommandes does
  const { rows } = await preparedQuery(
    db.connection(),
    `SELECT ${CF_COLUMNS},
      (SELECT count(*) FROM commande_fournisseur_lignes l
        WHERE l.commande_fournisseur_id = cf.id AND l.quantite_recue < l.quantite) AS lignes_attendues,
      count(*) OVER () AS total
    ${CF_JOINS}
    WHERE ${sql.where.join(' AND ')}
    ORDER BY (cf.date_livraison_confirmee IS NOT NULL AND cf.date_livraison_confirmee < ?) DESC,
      cf.date_livraison_confirmee ASC NULLS LAST, cf.envoyee_le ASC, cf.id ASC
    LIMIT ${STEP_LIST_LIMIT}`,
    [...sql.bindings, today]
  )
  return {
    total: rows.length ? Number(rows[0].total) : 0,
    rows: rows.map((r) => ({
      ...cfRow(r, today),
      lignes_attendues: Number(r.lignes_attendues),
    })),
  }
}

// Rows a supplier can be asked for (a row without supplier is shown on the page, not here)
const UNORDERED_ROWS = `FROM mesure_lignes ml
  JOIN bdc_lignes bl ON bl.id = ml.bdc_ligne_id
  JOIN produits p ON p.id = bl.produit_id
  JOIN societes sf ON sf.id = p.fournisseur_id AND sf.type = 'fournisseur'
  WHERE ml.mesure_id = w.mesure_id
  AND NOT EXISTS (SELECT 1 FROM commande_fournisseur_lignes l
    JOIN commandes_fournisseur x ON x.id = l.commande_fournisseur_id
    WHERE l.mesure_ligne_id = ml.id AND x.statut <> 'annulee')`

/**
 * The commandes waiting to be ordered: gate open (acompte paid, withdrawal over or waived,
 * mesurage done), approvisionnement not done, with rows to prepare or drafts to send.
 */
async function waitingCommandes(f: StepFilters, today: string) {
  // The candidates first, by cheap joins: the commandes whose approvisionnement is open (the
  // (etape, statut) index), measured, not cancelled, withdrawal over or waived. A MATERIALIZED
  // CTE is a fence: the per-commande subqueries below run for these only, not for the
  // thousands of commandes past this step.
  const inner: Sql = {
    where: [
      `ea.etape = 'approvisionnement'`,
      `ea.statut IN ('a_faire', 'planifiee', 'en_cours', 'bloquee')`,
      `em.statut IN ('faite', 'sans_objet')`,
      `c.statut <> 'annulee'`,
      '(b.fin_retractation IS NULL OR b.renonciation_retractation OR b.fin_retractation < ?)',
    ],
    bindings: [today],
  }
  commandeFilters(inner, f)
  add(inner, f.du, 'm.validee_le >= ?::date')
  add(inner, f.au, 'm.validee_le < (?::date + 1)')
  const outer: Sql = {
    where: [
      `coalesce((SELECT sum(f.montant_paye) FROM factures f WHERE f.commande_id = w.id
        AND f.type = 'acompte' AND f.numero IS NOT NULL), 0) >= w.acompte`,
      `(EXISTS (SELECT 1 ${UNORDERED_ROWS}) OR EXISTS (SELECT 1 FROM commandes_fournisseur d
        WHERE d.commande_id = w.id AND d.statut = 'brouillon'))`,
    ],
    bindings: [],
  }
  // A supplier: its draft, or a measured row of its products
  add(
    outer,
    f.fournisseur_id,
    `(EXISTS (SELECT 1 FROM commandes_fournisseur d
        WHERE d.commande_id = w.id AND d.statut = 'brouillon' AND d.fournisseur_id = ?)
      OR EXISTS (SELECT 1 FROM mesure_lignes ml
        JOIN bdc_lignes bl ON bl.id = ml.bdc_ligne_id
        JOIN produits p ON p.id = bl.produit_id
        WHERE ml.mesure_id = w.mesure_id AND p.fournisseur_id = ?))`
  )
  // The total with the page (one pass), the count of rows to prepare for the rows shown only.
  // Planning its five tables cost 2 ms a visit, four times its execution: kept (decision 813)
  const { rows } = await preparedQuery(
    db.connection(),
    `WITH w AS MATERIALIZED (
      SELECT c.id, c.numero, c.client_nom, c.objet, b.acompte, m.id AS mesure_id, m.validee_le,
        ea.statut AS etape_statut
      FROM commande_etapes AS ea
      JOIN commandes AS c ON c.id = ea.commande_id
      JOIN bdcs AS b ON b.id = c.bdc_id
      JOIN mesures AS m ON m.commande_id = c.id AND m.statut = 'validee'
      JOIN commande_etapes AS em ON em.commande_id = c.id AND em.etape = 'mesurage'
      WHERE ${inner.where.join(' AND ')})
    SELECT w.id, w.numero, w.client_nom, w.objet, w.validee_le, w.etape_statut,
      (SELECT count(*) ${UNORDERED_ROWS}) AS a_preparer,
      count(*) OVER () AS total
    FROM w
    WHERE ${outer.where.join(' AND ')}
    ORDER BY w.validee_le ASC NULLS LAST, w.id ASC
    LIMIT ${STEP_LIST_LIMIT}`,
    [...inner.bindings, ...outer.bindings]
  )
  const ids = rows.map((r) => r.id)
  const drafts: Sql = {
    where: ['cf.commande_id = ANY(?::int[])', `cf.statut = 'brouillon'`],
    bindings: [ids],
  }
  add(drafts, f.fournisseur_id, 'cf.fournisseur_id = ?')
  const draftRows = ids.length
    ? await db.rawQuery<{ rows: Record<string, any>[] }>(
        `${CF_SELECT} WHERE ${drafts.where.join(' AND ')} ORDER BY cf.id`,
        drafts.bindings
      )
    : { rows: [] }
  const byCommande = new Map<number, CfRow[]>()
  for (const d of draftRows.rows) {
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
  const today = todayIso()
  const [aCommander, envoyees] = await Promise.all([
    waitingCommandes(f, today),
    expectedOrders(f, today),
  ])
  return { aCommander, envoyees, today }
}

export async function fournitureList(f: StepFilters) {
  const today = todayIso()
  return { attendues: await expectedOrders(f, today), today }
}
