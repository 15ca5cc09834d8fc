/*
 * Decision 790: the Approvisionnement and Fourniture lists are SQL text, no longer knex builders.
 * The oracle below is the former code, as it was: the new lists must give the same props, to the
 * byte, for every filter.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { systemActor } from '#services/actor'
import { prepareCommandesFournisseur } from '#services/commandes_fournisseur/cf_brouillon'
import { productionList, fournitureList } from '#services/commandes_fournisseur/cf_queries'
import { cfRow } from '#services/commandes_fournisseur/cf_rows'
import type { StepFilters } from '#services/commandes_fournisseur/cf_filters'
import { TIME_ZONE } from '#shared/app'
import { type EtapeStatut } from '#shared/commande_etapes'
import { CF_ATTENDUES, type CfRow, type CfStatut } from '#shared/commandes_fournisseur'
import { makeUser, withTransaction } from '#tests/helpers'
import {
  cfsOf,
  commandeScenario,
  payAcompte,
  readyCommande,
} from '#tests/functional/commandes_fournisseur/helpers'

const STEP_LIST_LIMIT = 200

function formerBaseQuery() {
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

function whereCommandeFilters(q: any, f: StepFilters) {
  if (f.commercial_id) q.where('b.commercial_id', f.commercial_id)
  if (f.chef_projet_id) q.where('c.chef_projet_id', f.chef_projet_id)
}

/** The orders still expected (sent, confirmed, partly received): late first. */
async function formerExpectedOrders(f: StepFilters, today: string) {
  const q = formerBaseQuery()
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
async function formerWaitingCommandes(f: StepFilters, today: string) {
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
  const draftQuery = formerBaseQuery()
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

async function formerProductionList(f: StepFilters) {
  const today = DateTime.now().setZone(TIME_ZONE).startOf('day').toISODate()!
  const [aCommander, envoyees] = await Promise.all([
    formerWaitingCommandes(f, today),
    formerExpectedOrders(f, today),
  ])
  return { aCommander, envoyees, today }
}

async function formerFournitureList(f: StepFilters) {
  const today = DateTime.now().setZone(TIME_ZONE).startOf('day').toISODate()!
  return { attendues: await formerExpectedOrders(f, today), today }
}

const NONE: StepFilters = {
  fournisseur_id: null,
  commercial_id: null,
  chef_projet_id: null,
  du: null,
  au: null,
}

test.group('The step lists as SQL text (decision 790)', (group) => {
  withTransaction(group)

  test('the Approvisionnement and Fourniture props are the former ones, to the byte', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const chef = await makeUser('esi')
    // Waiting: one ready, one with its drafts, one not yet paid (not listed)
    const ready = await readyCommande({ user })
    const drafted = await readyCommande()
    await db.from('commandes').where('id', drafted.commande.id).update({ chef_projet_id: chef.id })
    await prepareCommandesFournisseur(systemActor(user), drafted.commande.id)
    const unpaid = await commandeScenario()
    await payAcompte(unpaid)
    // Expected: a third commande's orders sent, one confirmed in the past (late), one not
    const sent = await readyCommande({ user })
    await prepareCommandesFournisseur(systemActor(user), sent.commande.id)
    const [late, open] = await cfsOf(sent.commande.id)
    await db
      .from('commandes_fournisseur')
      .where('id', late.id)
      .update({
        statut: 'confirmee',
        numero: `CF-T-${late.id}`,
        envoyee_le: new Date('2026-01-05T09:30:00Z'),
        date_livraison_confirmee: '2026-02-01',
      })
    await db
      .from('commandes_fournisseur')
      .where('id', open.id)
      .update({
        statut: 'envoyee',
        numero: `CF-T-${open.id}`,
        envoyee_le: new Date('2026-01-06T10:00:00Z'),
      })
    const year = DateTime.now().year
    const filters: Partial<StepFilters>[] = [
      {},
      { fournisseur_id: ready.portes.id },
      { fournisseur_id: sent.profils.id },
      { fournisseur_id: drafted.profils.id },
      { commercial_id: user.id },
      { chef_projet_id: chef.id },
      { du: `${year}-01-01`, au: `${year}-12-31` },
      { du: '2026-01-15' },
      { au: '2026-01-15' },
      { du: `${year + 1}-01-01` },
      { commercial_id: user.id, fournisseur_id: sent.portes.id, du: '2025-01-01' },
    ]
    let listed = 0
    for (const filter of filters) {
      const f = { ...NONE, ...filter }
      const production = await productionList(f)
      assert.equal(
        JSON.stringify(production),
        JSON.stringify(await formerProductionList(f)),
        JSON.stringify(filter)
      )
      const fourniture = await fournitureList(f)
      assert.equal(
        JSON.stringify(fourniture),
        JSON.stringify(await formerFournitureList(f)),
        JSON.stringify(filter)
      )
      listed += production.aCommander.rows.length + fourniture.attendues.rows.length
    }
    // The data reaches every part: waiting rows, drafts, late and open orders
    const all = await productionList(NONE)
    const ids = all.aCommander.rows.map((r) => r.id)
    assert.includeMembers(ids, [ready.commande.id, drafted.commande.id])
    assert.notInclude(ids, unpaid.commande.id)
    assert.isAbove(
      all.aCommander.rows.find((r) => r.id === drafted.commande.id)!.brouillons.length,
      0
    )
    const attendues = all.envoyees.rows.filter((r) => r.commande_id === sent.commande.id)
    assert.deepEqual(
      attendues.map((r) => [r.id, r.en_retard]),
      [
        [late.id, true],
        [open.id, false],
      ]
    )
    assert.isAbove(listed, filters.length)
  })

  test('no knex builder is made for a visit of either list', async ({ assert }) => {
    await readyCommande()
    const built: string[] = []
    const from = db.from.bind(db)
    const query = db.query.bind(db)
    db.from = ((...args: any[]) => (built.push('from'), (from as any)(...args))) as any
    db.query = ((...args: any[]) => (built.push('query'), (query as any)(...args))) as any
    try {
      const production = await productionList(NONE)
      await fournitureList(NONE)
      assert.isAbove(production.aCommander.rows.length, 0)
    } finally {
      db.from = from
      db.query = query
    }
    assert.deepEqual(built, [])
  })
})
