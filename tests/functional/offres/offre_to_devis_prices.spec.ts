/*
 * The prices of a devis made from a pro's offre (issue 10 §4, decision 187): the end client pays
 * ESI's catalogue prices (a free line keeps the pro's price), the partner's discount becomes his
 * commission — its rate frozen on the devis and carried to the bdc —, shown to staff on the
 * devis editor and the bdc page, never printed on the customer's documents nor given to a pro.
 */
import { test } from '@japa/runner'
import { systemActor } from '#services/actor'
import Bdc from '#models/bdc'
import Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import OffreLigne from '#models/offre_ligne'
import { makeUser, withTransaction } from '#tests/helpers'
import { send } from '#tests/functional/societes/helpers'
import { autre, produit } from '#tests/functional/document_helpers'
import { makeProduit } from '#tests/functional/devis/editor_helpers'
import { makeEsiSociete } from '#tests/functional/pdf/helpers'
import { getPdf, normaliseSpaces, pdfText } from '#tests/functional/pdf/pdf_text'
import { makeOffre, proWithContact } from '#tests/functional/offres/helpers'
import { changeDevisStatut } from '#services/devis/devis_lifecycle'
import { totalsOf } from '#services/documents/lignes'
import { commissionApporteur, partnerPrice } from '#shared/offres'
import { formatEuros } from '#shared/totals'
import type { LigneData } from '#shared/devis'

const money = (cents: number) => normaliseSpaces(formatEuros(cents))

/** A pro société at 10 % with a transmitted offre: two catalogue products, one free line. */
async function offreWithCatalogueLines() {
  const { pro, societe, contact } = await proWithContact({ remise: '10' })
  contact.email = `client.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.be`
  await contact.save()
  // A purchase price no one outside esi may read
  const chassis = await makeProduit({ prixVenteHt: 50_000, prixAchat: 31_337, tauxTva: 6 })
  const porte = await makeProduit({ prixVenteHt: 12_345, prixAchat: 7_777, tauxTva: 21 })
  const line = (p: { id: number }, l: LigneData): LigneData => ({ ...l, produit_id: p.id })
  const lignes: LigneData[] = [
    autre('section', 'Rez-de-chaussée'),
    line(chassis, produit('Châssis PVC', partnerPrice(50_000, '10'), 6, '2')),
    // The pro gave his client 5 % on this one: kept, on the catalogue price
    line(porte, produit('Porte de service', partnerPrice(12_345, '10'), 21, '3', '5')),
    // A free line (no product): the pro's own price is kept
    produit('Déplacement', 7_500, 21, '1'),
    autre('sous_total', 'Sous-total'),
  ]
  const offre = await makeOffre(societe, contact, {
    statut: 'transmise',
    auteur: pro,
    lignes,
    remiseGlobalePct: '2',
  })
  return { pro, societe, contact, offre, chassis, porte, lignes }
}

function convert(client: any, offreId: number, user: any) {
  return send(client, 'post', `/app/offres/${offreId}/devis`, user, {}, '/app/offres')
}

test.group('Offres / devis at catalogue prices', (group) => {
  withTransaction(group)

  test('catalogue prices for the client, free lines kept, totals recomputed, commission frozen', async ({
    client,
    assert,
  }) => {
    const { societe, offre } = await offreWithCatalogueLines()
    const esi = await makeUser('esi')

    const response = await convert(client, offre.id, esi)
    response.assertStatus(302)
    assert.include(response.flashMessage('success'), 'prix catalogue sont appliqués aux 2 lignes')
    assert.include(response.flashMessage('success'), 'commission du partenaire')
    const devis = await Devis.query().where('offre_id', offre.id).firstOrFail()

    const copied = await DevisLigne.query().where('devis_id', devis.id).orderBy('position')
    assert.deepEqual(
      copied.map((l) => l.prixUnitaireHt),
      [null, 50_000, 12_345, 7_500, null]
    )
    // Everything else as the pro wrote it: products, quantities, line discounts, VAT
    const source = await OffreLigne.query().where('offre_id', offre.id).orderBy('position')
    const expected = source
      .map((o) => o.toData())
      .map((l, i) =>
        i === 1
          ? { ...l, prix_unitaire_ht: 50_000 }
          : i === 2
            ? { ...l, prix_unitaire_ht: 12_345 }
            : l
      )
    assert.deepEqual(
      copied.map((l) => l.toData()),
      expected
    )
    // The totals are those of the catalogue lines, by the one totals function
    const totals = totalsOf(expected, '2', devis.acomptePct)
    assert.equal(devis.remiseGlobalePct, '2.00')
    assert.equal(devis.totalHt, totals.total_ht)
    assert.equal(devis.totalTva, totals.total_tva)
    assert.equal(devis.totalTtc, totals.total_ttc)
    assert.equal(devis.acompte, totals.acompte)
    assert.isAbove(devis.totalHt, offre.totalHt)

    // The client is the end customer, the pro société the apporteur; the rate is frozen
    assert.equal(devis.apporteurId, societe.id)
    assert.equal(devis.commissionApporteurPct, '10.00')
    societe.remisePartenairePct = '20'
    await societe.save()

    const edit = await client.get(`/esi/devis/${devis.id}/edit`).loginAs(esi).withInertia()
    edit.assertStatus(200)
    assert.deepEqual(edit.body().props.devis.partenaire, {
      societe: societe.nom,
      commission_pct: '10.00',
      commission_ht: commissionApporteur(totals.total_ht, '10'),
      offre: { id: offre.id, numero: offre.numero, total_ht: offre.totalHt },
    })
  })

  test('the customer’s PDF and preview never print the commission; the bdc carries it for staff', async ({
    client,
    assert,
  }) => {
    await makeEsiSociete()
    const { societe, offre } = await offreWithCatalogueLines()
    const esi = await makeUser('esi')
    await convert(client, offre.id, esi).then((r: any) => r.assertStatus(302))
    const devis = await Devis.query().where('offre_id', offre.id).firstOrFail()
    const commission = commissionApporteur(devis.totalHt, '10')

    const sent = await changeDevisStatut(systemActor(), {
      devisId: devis.id,
      to: 'envoye',
      lockVersion: devis.lockVersion,
      userId: esi.id,
    })
    const { body } = await getPdf(client, `/esi/devis/${devis.id}/pdf`, esi)
    const { text } = await pdfText(body)
    assert.include(text, `${money(50_000)}`)
    assert.notInclude(text, money(partnerPrice(50_000, '10')))
    assert.notMatch(text, /commission/i)
    assert.notInclude(text, money(commission))
    assert.notInclude(text, societe.nom)
    const preview = await client.get(`/esi/devis/${devis.id}/preview`).loginAs(esi).withInertia()
    assert.notMatch(JSON.stringify(preview.body().props), /commission/i)

    const { bdc: made } = await changeDevisStatut(systemActor(), {
      devisId: devis.id,
      to: 'accepte',
      lockVersion: sent.devis.lockVersion,
      userId: esi.id,
    })
    const bdc = await Bdc.findOrFail(made!.id)
    assert.equal(bdc.commissionApporteurPct, '10.00')
    const show = await client.get(`/esi/bdc/${bdc.id}`).loginAs(esi).withInertia()
    show.assertStatus(200)
    assert.equal(show.body().props.bdc.apporteur, societe.nom)
    assert.deepEqual(show.body().props.bdc.commission, {
      societe: societe.nom,
      pct: '10.00',
      montant_ht: commissionApporteur(bdc.totalHt, '10'),
    })
    assert.notMatch(JSON.stringify(show.body().props.document), /commission/i)
    const printed = await getPdf(client, `/esi/bdc/${bdc.id}/pdf`, esi)
    const bdcPdf = await pdfText(printed.body)
    assert.notMatch(bdcPdf.text, /commission/i)
    assert.notInclude(bdcPdf.text, money(commission))
  })

  test('a pro sees neither the commission nor purchase prices, his own nor another société’s', async ({
    client,
    assert,
  }) => {
    const { pro, offre } = await offreWithCatalogueLines()
    const other = await offreWithCatalogueLines()
    const esi = await makeUser('esi')
    await convert(client, offre.id, esi).then((r: any) => r.assertStatus(302))
    await convert(client, other.offre.id, esi).then((r: any) => r.assertStatus(302))
    const devis = await Devis.query().where('offre_id', offre.id).firstOrFail()
    const otherDevis = await Devis.query().where('offre_id', other.offre.id).firstOrFail()

    // His offre after conversion: said taken over, nothing of esi's side
    const own = await client.get(`/app/offres/${offre.id}/preview`).loginAs(pro).withInertia()
    own.assertStatus(200)
    const props = JSON.stringify(own.body().props)
    assert.notMatch(props, /commission|prix_achat|31337|7777/i)
    // The devis (and its commission) stay esi's, his own as another société's
    for (const id of [devis.id, otherDevis.id]) {
      const edit = await client.get(`/esi/devis/${id}/edit`).loginAs(pro).withInertia()
      assert.equal(edit.status(), 403)
      assert.notMatch(JSON.stringify(edit.body()), /commission/i)
    }
    const foreign = await client.get(`/app/offres/${other.offre.id}/preview`).loginAs(pro)
    assert.equal(foreign.status(), 404)
    // The catalogue picker gives partner prices only
    const picker = await client
      .get('/app/offres/produits?q=')
      .loginAs(pro)
      .header('accept', 'application/json')
    assert.notMatch(JSON.stringify(picker.body()), /prix_achat|commission/i)
  })

  test('a product line whose product was removed keeps the offre’s price', async ({
    client,
    assert,
  }) => {
    const { offre, chassis } = await offreWithCatalogueLines()
    // Deleted from the catalogue: its lines lose the link (ON DELETE SET NULL), a free line now
    await chassis.delete()
    const esi = await makeUser('esi')
    const response = await convert(client, offre.id, esi)
    assert.include(response.flashMessage('success'), 'le prix catalogue est appliqué à la ligne')
    const devis = await Devis.query().where('offre_id', offre.id).firstOrFail()
    const copied = await DevisLigne.query().where('devis_id', devis.id).orderBy('position')
    assert.deepEqual(
      copied.map((l) => l.prixUnitaireHt),
      [null, partnerPrice(50_000, '10'), 12_345, 7_500, null]
    )
  })
})
