/*
 * The demo sales pipeline (database/demo/sales.ts), seeded in a transaction rolled back after
 * the test: numbers gapless and in date order, stored totals equal to the shared totals of the
 * lines, a bdc for every accepted devis with the same figures, commandes for the signed ones,
 * the two demandes de paiement, the partner's offres; then the list and the stats read it.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { withTransaction } from '#tests/helpers'
import { seedDemo } from '#database/demo/index'
import { computeTotals } from '#shared/totals'
import { communicationFor } from '#services/paiement/demande_paiement_service'
import { storedSignature } from '#services/bdc/signature_storage'
import { readBytes, sniffFormat } from '#services/storage/files'
import type { DevisStats } from '#shared/devis_list'

test.group('Devis / demo sales data', (group) => {
  withTransaction(group)

  test('a coherent pipeline, read back by the list and the stats', async ({ client, assert }) => {
    const base = await seedDemo(await db.beginGlobalTransaction())

    const devis = await db.from('devis').orderBy('id')
    assert.isAtLeast(devis.length, 35)
    const statuts = new Set(devis.map((d) => d.statut))
    for (const s of ['brouillon', 'envoye', 'accepte', 'refuse', 'expire', 'annule']) {
      assert.isTrue(statuts.has(s), s)
    }
    // Numbers: drafts have none; per year 1…n without gap, in the order of sending
    const sent = devis
      .filter((d) => d.numero)
      .sort((a, b) => a.envoye_le.getTime() - b.envoye_le.getTime())
    const perYear = new Map<string, number>()
    for (const d of sent) {
      const [, y, n] = /^DEV-(\d{4})-(\d{5})$/.exec(d.numero)!
      perYear.set(y, (perYear.get(y) ?? 0) + 1)
      assert.equal(Number(n), perYear.get(y), d.numero)
    }
    assert.isTrue(devis.filter((d) => d.statut === 'brouillon').every((d) => !d.numero))
    assert.isTrue(
      devis.filter((d) => d.statut === 'annule').every((d) => (d.motif_annulation ?? '') !== '')
    )

    // Stored totals are the shared function's totals of the stored lines; 0 % and 6 % present
    const rates = new Set<number>()
    for (const d of devis) {
      const lignes = await db.from('devis_lignes').where('devis_id', d.id).orderBy('position')
      assert.isAtLeast(lignes.filter((l) => l.type === 'produit').length, 2)
      const totals = computeTotals({
        lignes: lignes.map((l) => ({ ...l, prix_unitaire_ht: l.prix_unitaire_ht })),
        remise_globale_pct: d.remise_globale_pct,
        acompte_pct: d.acompte_pct,
      })
      assert.equal(Number(d.total_ttc), totals.total_ttc, `devis ${d.id}`)
      assert.equal(Number(d.total_ht), totals.total_ht)
      assert.equal(Number(d.acompte), totals.acompte)
      for (const l of lignes) if (l.taux_tva !== null) rates.add(l.taux_tva)
    }
    assert.includeMembers([...rates], [0, 6, 21])

    // One bdc per accepted devis, same totals; signed ones have their commande
    const accepted = devis.filter((d) => d.statut === 'accepte')
    const bdcs = await db.from('bdcs').orderBy('id')
    assert.lengthOf(bdcs, accepted.length)
    for (const b of bdcs) {
      const d = accepted.find((a) => a.id === b.devis_id)!
      assert.equal(Number(b.total_ttc), Number(d.total_ttc))
    }
    const signed = bdcs.filter((b) => b.statut === 'signe')
    if (DateTime.now().month > 3) {
      assert.isAtLeast(signed.length, 3)
      assert.isTrue(bdcs.some((b) => b.statut === 'a_signer'))
    }
    // Signed on the tablet: a real PNG stored where the Show page reads it
    for (const b of signed) {
      const stored = storedSignature(b.signature_path)
      assert.isNotNull(stored)
      assert.equal(sniffFormat((await readBytes(stored))!), 'png')
    }
    const commandes = await db.from('commandes').orderBy('id')
    // (the timeline's demo signs more bdcs afterwards: compared as sets)
    assert.deepEqual(
      commandes.map((c) => c.bdc_id).sort((x, y) => x - y),
      signed.map((b) => b.id)
    )

    const demandes = await db.from('demandes_paiement').orderBy('id')
    // The acompte demandes of the sales demo (the avenant demo adds its acompte difference's)
    const acomptes = demandes.filter((d) => !d.objet.startsWith('Acompte complémentaire'))
    assert.deepEqual(
      acomptes.map((d) => d.statut),
      ['payee', 'envoyee'].slice(0, Math.min(2, signed.length))
    )
    for (const d of demandes) assert.equal(d.communication, communicationFor(d.numero))

    const societe = await db.from('societes').where('id', base.societes.proSociete.id).first()
    assert.equal(societe.remise_partenaire_pct, '12.50')
    const offres = await db.from('offres').where('societe_id', societe.id).orderBy('id')
    assert.deepEqual(
      offres.map((o) => o.statut),
      ['acceptee', 'transmise', 'envoyee', 'brouillon']
    )
    // The one esi took over: catalogue prices for the client, the partner's line kept, his
    // discount frozen as his commission (decision 187)
    const fromOffre = devis.find((d) => d.offre_id === offres[0].id)!
    assert.equal(offres[0].devis_id, fromOffre.id)
    assert.equal(fromOffre.apporteur_id, societe.id)
    assert.equal(fromOffre.commission_apporteur_pct, '12.50')
    const copied = await db
      .from('devis_lignes as l')
      .leftJoin('produits as p', 'p.id', 'l.produit_id')
      .where('l.devis_id', fromOffre.id)
      .where('l.type', 'produit')
      .select('l.produit_id', 'l.prix_unitaire_ht', 'p.prix_vente_ht')
    assert.isAtLeast(copied.filter((l) => l.produit_id).length, 2)
    for (const l of copied.filter((x) => x.produit_id))
      assert.equal(l.prix_unitaire_ht, l.prix_vente_ht)
    assert.deepEqual(
      copied.filter((l) => !l.produit_id).map((l) => l.prix_unitaire_ht),
      [9_000]
    )
    assert.isAbove(Number(fromOffre.total_ht), Number(offres[0].total_ht))

    // The list and the stats of the demo esi
    const esi = base.users.esi
    const list = await client.get('/esi/devis?per_page=100').loginAs(esi).withInertia()
    list.assertStatus(200)
    assert.lengthOf(list.body().props.devis.data, devis.length)
    const du = DateTime.now().minus({ days: 370 }).toISODate()
    const au = DateTime.now().plus({ days: 1 }).toISODate()
    const response = await client
      .get(`/esi/devis/stats?du=${du}&au=${au}`)
      .loginAs(esi)
      .withInertia()
    response.assertStatus(200)
    const stats: DevisStats = response.body().props.stats
    assert.equal(
      stats.par_statut.reduce((n, s) => n + s.nombre, 0),
      devis.length
    )
    assert.equal(stats.par_statut.find((s) => s.statut === 'accepte')!.nombre, accepted.length)
    if (accepted.length) {
      assert.isAbove(stats.conversion.taux_conversion!, 0)
      assert.isAbove(stats.conversion.delai_moyen_jours!, 0)
    }
  })
})
