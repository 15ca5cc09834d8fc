/*
 * The demo's year of books (database/demo/factures.ts), seeded in a transaction rolled back after
 * the test: consistent with the demo sales (the paid demande's acompte paid by its transfer, its
 * commande's solde drafted), FAC- and NC- series gapless per year and in date order, every issued
 * facture's paid and credited amounts those of its allocations and notes de crédit (counted here
 * in SQL, apart from the services), totals those of the lines, every aging bucket of the
 * créances holding something, and every facture printable.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { seedDemo } from '#database/demo/index'
import { computeTotals } from '#shared/totals'
import { todayIso } from '#shared/dates'
import { AGING_BUCKET_KEYS, agingBucket, joursRetard } from '#shared/creances'
import { factureDocument } from '#services/pdf/index'

const iso = (d: Date) => d.toISOString().slice(0, 10)

/** Numbers of one table grouped by year: 1…n in the order of their instants and dates. */
function assertGaplessInDateOrder(
  assert: any,
  rows: { numero: string; emise_le: Date; date: Date }[]
) {
  const byYear = new Map<string, typeof rows>()
  for (const r of rows) {
    const year = r.numero.split('-')[1]
    byYear.set(year, [...(byYear.get(year) ?? []), r])
  }
  for (const [year, list] of byYear) {
    list.sort((a, b) => a.emise_le.getTime() - b.emise_le.getTime())
    list.forEach((r, i) => {
      assert.equal(r.numero.split('-')[2], String(i + 1).padStart(5, '0'), r.numero)
      assert.equal(iso(r.date).slice(0, 4), year, r.numero)
      if (i > 0) assert.isTrue(iso(list[i - 1].date) <= iso(r.date), r.numero)
    })
  }
}

test.group('Factures / demo data', (group) => {
  withTransaction(group)

  test('a year of books consistent with the demo sales', async ({ assert }) => {
    // The test's global transaction (rolled back after): the services join it
    await seedDemo(await db.beginGlobalTransaction())
    const factures = await db.from('factures').orderBy('id')
    const paid = await db.from('demandes_paiement').where('statut', 'payee').first()
    assert.exists(paid)

    const acompte = factures.find((f) => f.bdc_id === paid.bdc_id && f.type === 'acompte')
    assert.equal(acompte.statut, 'payee')
    assert.isAtMost(Number(paid.montant) - Number(acompte.total_ttc), 1)
    assert.isAtLeast(Number(paid.montant) - Number(acompte.total_ttc), 0)
    const paiement = await db.from('paiements').where('demande_paiement_id', paid.id).first()
    assert.equal(Number(paiement.montant), Number(paid.montant))
    assert.equal(paiement.reference, paid.communication)

    // The paid bdc's solde, drafted: the bdc's total less its acompte
    const solde = factures.find((f) => f.type === 'solde' && f.bdc_id === paid.bdc_id)
    const bdc = await db.from('bdcs').where('id', paid.bdc_id).first()
    assert.isNull(solde.numero)
    assert.equal(Number(solde.total_ttc), Number(bdc.total_ttc) - Number(acompte.total_ttc))

    // A year: issued factures over ~12 months, of every kind, mostly paid
    const issued = factures.filter((f) => f.numero)
    assert.isAtLeast(issued.length, 25)
    const types = new Set(issued.map((f) => f.type))
    for (const t of ['acompte', 'intermediaire', 'solde', 'libre']) assert.isTrue(types.has(t), t)
    const dates = issued.map((f) => iso(f.date_facture)).sort()
    const today = todayIso()
    assert.isAtLeast(
      (Date.parse(dates.at(-1)!) - Date.parse(dates[0])) / 86_400_000,
      300,
      'spread over the year'
    )
    assert.isTrue(dates.at(-1)! <= today)
    assert.isAbove(issued.filter((f) => f.statut === 'payee').length, issued.length / 2)

    // Every issued solde deducts what its commande's earlier factures invoiced: together the
    // bdc's total, to the cent each deduction may round (per VAT rate, decision 230)
    for (const s of issued.filter((f) => f.type === 'solde')) {
      const mine = issued.filter((f) => f.bdc_id === s.bdc_id)
      const sum = mine.reduce((t, f) => t + Number(f.total_ttc), 0)
      const b = await db.from('bdcs').where('id', s.bdc_id).first()
      assert.isAtMost(Math.abs(sum - Number(b.total_ttc)), mine.length - 1, s.numero)
    }

    // Series gapless per year, in date order
    assertGaplessInDateOrder(
      assert,
      issued.map((f) => ({ numero: f.numero, emise_le: f.emise_le, date: f.date_facture }))
    )
    const notes = await db.from('notes_credit').whereNotNull('numero')
    assert.isAtLeast(notes.length, 2)
    assert.isTrue(notes.every((n) => n.motif.trim().length > 0))
    assertGaplessInDateOrder(
      assert,
      notes.map((n) => ({ numero: n.numero, emise_le: n.emise_le, date: n.date_nc }))
    )

    // Paid and credited amounts: those of the allocations and issued notes, counted in SQL
    const { rows } = await db.rawQuery(`
      SELECT f.numero, f.statut, f.montant_paye, f.montant_credite, f.total_ttc,
        COALESCE((SELECT sum(a.montant) FROM paiement_allocations a WHERE a.facture_id = f.id), 0)
          AS alloue,
        COALESCE((SELECT sum(n.total_ttc) FROM notes_credit n
                  WHERE n.facture_id = f.id AND n.numero IS NOT NULL), 0) AS credite
      FROM factures f WHERE f.numero IS NOT NULL`)
    type Row = Record<'numero' | 'statut', string> &
      Record<'montant_paye' | 'montant_credite' | 'total_ttc' | 'alloue' | 'credite', string>
    for (const r of rows as Row[]) {
      assert.equal(Number(r.montant_paye), Number(r.alloue), r.numero)
      assert.equal(Number(r.montant_credite), Number(r.credite), r.numero)
      assert.isAtMost(Number(r.montant_paye) + Number(r.montant_credite), Number(r.total_ttc))
    }
    assert.isTrue(
      (rows as Row[]).some((r) => r.statut === 'annulee'),
      'a facture cancelled by a total NC'
    )
    assert.isTrue(
      (rows as Row[]).some((r) => r.statut === 'partiellement_payee'),
      'a part payment'
    )

    // A refund, a credit left unallocated, Bancontact and transfers with the communication
    // (those recorded by hand; an imported statement's carry the bank's reference)
    const payments = await db.from('paiements')
    assert.isTrue(payments.some((p) => Number(p.montant) < 0))
    assert.isTrue(payments.some((p) => p.mode === 'bancontact'))
    const importedLines = await db
      .from('releve_lignes')
      .whereNotNull('paiement_id')
      .select('paiement_id')
    const imported = new Set(importedLines.map((l) => Number(l.paiement_id)))
    assert.isAbove(imported.size, 0, 'the demo statement paid something')
    const transfers = payments.filter(
      (p) => p.mode === 'virement' && Number(p.montant) > 0 && !imported.has(Number(p.id))
    )
    assert.isAbove(transfers.length, 10)
    assert.isTrue(transfers.every((p) => /^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/.test(p.reference)))
    const { rows: credits } = await db.rawQuery(`
      SELECT client_id, sum(montant) - COALESCE(sum((SELECT sum(a.montant)
        FROM paiement_allocations a WHERE a.paiement_id = p.id)), 0) AS credit
      FROM paiements p GROUP BY client_id`)
    assert.isTrue(credits.some((c: { credit: string }) => Number(c.credit) > 0))

    // Every aging bucket of what is due holds something
    const open = issued.filter(
      (f) =>
        ['emise', 'partiellement_payee'].includes(f.statut) &&
        Number(f.total_ttc) - Number(f.montant_paye) - Number(f.montant_credite) > 0
    )
    const buckets = new Set(open.map((f) => agingBucket(joursRetard(iso(f.echeance), today))))
    for (const key of AGING_BUCKET_KEYS) assert.isTrue(buckets.has(key), key)

    for (const f of factures) {
      const lignes = await db.from('facture_lignes').where('facture_id', f.id).orderBy('position')
      const totals = computeTotals({
        lignes: lignes.map((l) => ({ ...l, prix_unitaire_ht: Number(l.prix_unitaire_ht) })),
        remise_globale_pct: f.remise_globale_pct,
      })
      assert.equal(Number(f.total_ttc), totals.total_ttc, f.numero)
      const doc = await factureDocument(f.id)
      assert.equal(doc.total_ttc, Number(f.total_ttc))
    }
  }).timeout(120_000)
})
