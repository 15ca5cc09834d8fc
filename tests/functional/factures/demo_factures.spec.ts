/*
 * The demo factures (database/demo/factures.ts), seeded in a transaction rolled back after the
 * test: the paid demande's acompte invoiced and paid, its commande's draft solde, a draft
 * acompte, an overdue SAV facture;
 * numbers gapless in date order, totals those of the lines, every one printable.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { seedDemo } from '#database/demo/index'
import { computeTotals } from '#shared/totals'
import { isEnRetard } from '#shared/factures'
import { todayIso } from '#shared/dates'
import { factureDocument } from '#services/pdf/index'

test.group('Factures / demo data', (group) => {
  withTransaction(group)

  test('consistent with the demo sales, numbered in date order, printable', async ({ assert }) => {
    await db.transaction((trx) => seedDemo(trx))
    const factures = await db.from('factures').orderBy('id')
    const paid = await db.from('demandes_paiement').where('statut', 'payee').first()
    assert.exists(paid)

    const acompte = factures.find((f) => f.bdc_id === paid.bdc_id)
    assert.equal(acompte.statut, 'payee')
    assert.equal(acompte.type, 'acompte')
    assert.isAtMost(Number(paid.montant) - Number(acompte.total_ttc), 1)
    assert.isAtLeast(Number(paid.montant) - Number(acompte.total_ttc), 0)
    assert.equal(Number(acompte.montant_paye), Number(acompte.total_ttc))
    // Paid by a real payment of the demande's transfer, allocated to it (the balance holds)
    const paiement = await db.from('paiements').where('demande_paiement_id', paid.id).first()
    assert.equal(Number(paiement.montant), Number(paid.montant))
    const [{ alloue }] = await db
      .from('paiement_allocations')
      .where('facture_id', acompte.id)
      .sum('montant as alloue')
    assert.equal(Number(alloue), Number(acompte.montant_paye))

    // The paid bdc's solde, drafted: the bdc's total less its acompte
    const solde = factures.find((f) => f.type === 'solde')
    const bdc = await db.from('bdcs').where('id', paid.bdc_id).first()
    assert.equal(solde.bdc_id, paid.bdc_id)
    assert.isNull(solde.numero)
    assert.equal(Number(solde.total_ttc), Number(bdc.total_ttc) - Number(acompte.total_ttc))

    const draft = factures.find((f) => f.statut === 'brouillon')
    assert.exists(draft)
    assert.isNull(draft.numero)

    const sav = factures.find((f) => f.type === 'libre')
    const iso = (d: Date) => d.toISOString().slice(0, 10)
    assert.isTrue(isEnRetard({ statut: sav.statut, echeance: iso(sav.echeance) }, todayIso()))

    const issued = factures
      .filter((f) => f.numero)
      .sort((a, b) => a.emise_le.getTime() - b.emise_le.getTime())
    issued.forEach((f, i) =>
      assert.match(f.numero, new RegExp(`-${String(i + 1).padStart(5, '0')}$`))
    )

    for (const f of factures) {
      const lignes = await db.from('facture_lignes').where('facture_id', f.id).orderBy('position')
      const totals = computeTotals({
        lignes: lignes.map((l) => ({ ...l, prix_unitaire_ht: Number(l.prix_unitaire_ht) })),
        remise_globale_pct: f.remise_globale_pct,
      })
      assert.equal(Number(f.total_ttc), totals.total_ttc)
      const doc = await factureDocument(f.id)
      assert.equal(doc.total_ttc, Number(f.total_ttc))
    }
  }).timeout(60_000)
})
