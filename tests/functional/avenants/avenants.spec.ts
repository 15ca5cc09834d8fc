/*
 * The avenant through HTTP (issue 12 §2, decisions 390–396): refused without écarts (422, its
 * French reason), prepared from the bdc's lines with the measured quantity, numbered per bdc,
 * one open at a time; lines saved with totals and differences from shared/totals.ts; presented,
 * signed on the device (the mesurage step done, the commande's total, the demande de paiement of
 * the acompte difference, history, audit, the PDF attached); cancelled with a motif; écarts
 * accepted without avenant; the facture de solde invoicing the signed avenant; rights and bad
 * input with French messages.
 */
import { receptionSignee } from '#tests/functional/factures/helpers'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Avenant from '#models/avenant'
import Commande from '#models/commande'
import DemandePaiement from '#models/demande_paiement'
import Facture from '#models/facture'
import Bdc from '#models/bdc'
import { makeUser, withTransaction } from '#tests/helpers'
import { computeTotals, formatEuros } from '#shared/totals'
import { avenantPdf } from '#services/pdf/avenant_loader'
import { normaliseSpaces, pdfText } from '#tests/functional/pdf/pdf_text'
import { LIGNES, DRAWN, BLANK, fieldErrors } from '#tests/functional/bdc/helpers'
import { createAcompteFacture } from '#services/factures/facture_service'
import { issued } from '#tests/functional/factures/helpers'
import { systemActor } from '#services/actor'
import { commandeGateFacts } from '#services/commandes/etape_gates'
import { avenantSummary } from '#services/avenants/avenant_page'
import { resteADemander } from '#services/paiement/demande_paiement_service'
import { annulerAvenant } from '#services/avenants/avenant_service'
import {
  commandeAvecEcarts,
  etapeStatut,
  post,
  postJson,
  preparedAvenant,
  presentedAvenant,
  signedAvenant,
} from '#tests/functional/avenants/helpers'

const formLignes = (
  lignes: {
    type: string
    designation: string
    quantite: string | null
    prix_unitaire_ht: number | null
    remise_pct: string
    taux_tva: number | null
    unite: string | null
  }[]
) =>
  lignes.map((l) => ({
    type: l.type,
    designation: l.designation,
    quantite: l.quantite ?? '',
    unite: l.unite,
    prix_unitaire_ht:
      l.prix_unitaire_ht === null ? '' : (l.prix_unitaire_ht / 100).toFixed(2).replace('.', ','),
    remise_pct: l.remise_pct,
    taux_tva: l.taux_tva,
  }))

test.group('Avenants / prepare, edit, sign', (group) => {
  withTransaction(group)

  test('prepare is refused without écarts (422) and without a validated sheet', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const sans = await commandeAvecEcarts({ ecarts: false })
    const refused = await postJson(client, user, `/esi/commandes/${sans.commande.id}/avenant`)
    refused.assertStatus(422)
    assert.equal(
      refused.body().message,
      'Le mesurage n’a relevé aucun écart : pas d’avenant à préparer.'
    )
    const brouillon = await commandeAvecEcarts({ validee: false })
    const early = await postJson(client, user, `/esi/commandes/${brouillon.commande.id}/avenant`)
    early.assertStatus(422)
    assert.include(early.body().message, 'n’est pas validée')
    // From the page: back with the reason as an error
    const page = await post(client, user, `/esi/commandes/${sans.commande.id}/avenant`)
    page.assertStatus(302)
    assert.include(page.flashMessage('error'), 'aucun écart')
    assert.lengthOf(
      await Avenant.query().whereIn('commande_id', [sans.commande.id, brouillon.commande.id]),
      0
    )
  })

  test('prepare: the bdc lines, the measured quantity, numbered per bdc, one open at a time', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande } = await commandeAvecEcarts()
    const first = await post(client, user, `/esi/commandes/${commande.id}/avenant`)
    first.assertStatus(302)
    first.assertHeader('location', `/esi/commandes/${commande.id}/avenant`)
    // A double click makes one avenant
    await post(client, user, `/esi/commandes/${commande.id}/avenant`)
    const avenants = await Avenant.query().where('commande_id', commande.id).preload('lignes')
    assert.lengthOf(avenants, 1)
    const avenant = avenants[0]
    assert.equal(avenant.numero, `${bdc.numero}-A1`)
    assert.equal(avenant.statut, 'brouillon')
    assert.deepEqual(
      avenant.lignes.map((l) => [l.type, l.designation, l.quantite]),
      [
        ['section', 'Châssis', null],
        ['produit', 'Fenêtre PVC 120×140', '3.000'],
        ['produit', 'Porte d’entrée', '1.000'],
      ]
    )
    assert.isTrue(avenant.lignes.every((l) => l.bdcLigneId !== null))
    // Totals from shared/totals.ts, difference against the bdc, 30 % of it as acompte
    const amended = LIGNES.map((l, i) => (i === 1 ? { ...l, quantite: '3' } : l))
    const totals = computeTotals({ lignes: amended })
    assert.equal(avenant.totalTtc, totals.total_ttc)
    assert.equal(avenant.baseTotalTtc, bdc.totalTtc)
    assert.equal(avenant.differenceTtc, totals.total_ttc - bdc.totalTtc)
    assert.equal(avenant.differenceHt, totals.total_ht - bdc.totalHt)
    assert.equal(avenant.acompteDifference, Math.round((avenant.differenceTtc * 30) / 100))

    const page = await client
      .get(`/esi/commandes/${commande.id}/avenant`)
      .loginAs(user)
      .withInertia()
    page.assertInertiaComponent('esi/commande/Avenant')
    const props = page.body().props
    assert.equal(props.avenant.numero, avenant.numero)
    assert.lengthOf(props.ecarts, 1)
    assert.equal(props.ecarts[0].ecarts[0].champ, 'largeur_mm')
    assert.equal(props.preparer.reason, 'Un avenant est déjà en cours.')
    const history = await db
      .from('commande_etape_historique')
      .where({ commande_id: commande.id, action: 'avenant' })
    assert.lengthOf(history, 1)
  })

  test('save: prices and an added line, totals and differences recomputed; bad input in French', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { bdc, avenant } = await preparedAvenant()
    await avenant.load('lignes')
    const lignes = [
      ...formLignes(avenant.lignes.map((l) => l.toData())),
      {
        type: 'produit',
        designation: 'Élargissement de la baie',
        quantite: '1',
        unite: 'forfait',
        prix_unitaire_ht: '500,00',
        remise_pct: '0',
        taux_tva: 6,
      },
    ]
    const url = `/esi/avenants/${avenant.id}/lignes`
    const bad = await post(client, user, url, {
      lock_version: avenant.lockVersion,
      lignes: lignes.map((l, i) => (i === 1 ? { ...l, quantite: 'trois' } : l)),
    })
    bad.assertStatus(302)
    assert.include(fieldErrors(bad)['lignes.1.quantite']?.[0] ?? '', 'Quantité invalide')
    const noVersion = await post(client, user, url, { lignes })
    assert.equal(
      fieldErrors(noVersion).lock_version?.[0],
      'Version de l’avenant inconnue : rechargez la page.'
    )

    const saved = await post(client, user, url, {
      lock_version: avenant.lockVersion,
      motif: 'Baie plus large',
      lignes,
      origines: [...avenant.lignes.map((l) => l.bdcLigneId), null],
    })
    saved.assertStatus(302)
    assert.include(saved.flashMessage('success'), 'Avenant enregistré')
    const fresh = await Avenant.query().where('id', avenant.id).preload('lignes').firstOrFail()
    const expected = computeTotals({ lignes: fresh.lignes.map((l) => l.toData()) })
    assert.equal(fresh.totalTtc, expected.total_ttc)
    assert.equal(fresh.differenceTtc, expected.total_ttc - bdc.totalTtc)
    assert.equal(fresh.differenceHt, expected.total_ht - bdc.totalHt)
    assert.equal(fresh.differenceTva, expected.total_tva - bdc.totalTva)
    assert.equal(fresh.acompteDifference, Math.round((fresh.differenceTtc * 30) / 100))
    assert.equal(fresh.motif, 'Baie plus large')
    assert.lengthOf(fresh.lignes, 4)
    assert.isNull(fresh.lignes[3].bdcLigneId)
    assert.equal(fresh.lignes[3].prixUnitaireHt, 50_000)

    // The version saw before the save is stale now: a French 409
    const stale = await post(client, user, url, { lock_version: avenant.lockVersion, lignes })
    assert.include(stale.flashMessage('error'), 'a été modifié')

    // Only texts left: refused
    const empty = await post(client, user, url, {
      lock_version: fresh.lockVersion,
      lignes: [
        {
          type: 'texte',
          designation: 'Rien',
          quantite: '',
          unite: null,
          prix_unitaire_ht: '',
          remise_pct: '0',
          taux_tva: null,
        },
      ],
    })
    assert.include(empty.flashMessage('error'), 'au moins une ligne de produit')
  })

  test('present, no edit while presented, sign: mesurage faite, total, demande, PDF, audit', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande, avenant } = await preparedAvenant()
    assert.equal(await etapeStatut(commande.id), 'bloquee')
    const signUrl = `/esi/avenants/${avenant.id}/signature`
    // Not presented yet: signing is refused
    const early = await postJson(client, user, signUrl, {
      signataire: 'Anne Lambert',
      signature: DRAWN,
      lock_version: avenant.lockVersion,
    })
    early.assertStatus(422)
    assert.include(early.body().message, 'doit d’abord être présenté')

    const presented = await post(client, user, `/esi/avenants/${avenant.id}/presenter`, {
      lock_version: avenant.lockVersion,
    })
    presented.assertStatus(302)
    const waiting = await Avenant.findOrFail(avenant.id)
    assert.equal(waiting.statut, 'a_signer')
    const edit = await postJson(client, user, `/esi/avenants/${avenant.id}/lignes`, {
      lock_version: waiting.lockVersion,
      lignes: [],
    })
    edit.assertStatus(422)

    // A blank signature and a missing name: French field errors, nothing signed
    const blank = await post(client, user, signUrl, {
      signataire: '',
      signature: BLANK,
      lock_version: waiting.lockVersion,
    })
    assert.equal(fieldErrors(blank).signataire?.[0], 'Indiquez le nom de la personne qui signe.')
    const blank2 = await post(client, user, signUrl, {
      signataire: 'Anne Lambert',
      signature: BLANK,
      lock_version: waiting.lockVersion,
    })
    assert.include(fieldErrors(blank2).signature?.[0] ?? '', 'vide')
    const still = await Avenant.findOrFail(avenant.id)
    assert.equal(still.statut, 'a_signer')

    const signed = await post(client, user, signUrl, {
      signataire: 'Anne Lambert',
      signature: DRAWN,
      lock_version: waiting.lockVersion,
    })
    signed.assertStatus(302)
    assert.include(signed.flashMessage('success'), 'signé')
    const done = await Avenant.findOrFail(avenant.id)
    assert.equal(done.statut, 'signe')
    assert.equal(done.signataire, 'Anne Lambert')
    assert.isNotNull(done.signeLe)
    assert.equal(await etapeStatut(commande.id), 'faite')
    const fresh = await Commande.findOrFail(commande.id)
    assert.equal(fresh.totalTtc, done.totalTtc)
    assert.notEqual(fresh.totalTtc, bdc.totalTtc)

    // The acompte difference asked
    assert.isAbove(done.acompteDifference, 0)
    const demande = await DemandePaiement.findOrFail(done.demandePaiementId!)
    assert.equal(demande.montant, done.acompteDifference)
    assert.equal(demande.bdcId, bdc.id)
    assert.include(demande.objet, done.numero)

    // The signed PDF kept as a document of the commande
    assert.isNotNull(done.fichierId)
    const fichier = await db.from('commande_fichiers').where('id', done.fichierId!).first()
    assert.equal(fichier.kind, 'document')
    assert.equal(fichier.etape, 'mesurage')
    assert.equal(fichier.nom_original, `${done.numero}.pdf`)

    const audits = await db
      .from('audit_logs')
      .where({ subject_type: 'commande', subject_id: String(commande.id) })
      .select('action')
    assert.includeMembers(
      audits.map((a) => a.action),
      ['avenant.cree', 'avenant.presenter', 'avenant.signe', 'commande.etape']
    )
    // Signed twice: refused
    const twice = await postJson(client, user, signUrl, {
      signataire: 'Anne Lambert',
      signature: DRAWN,
      lock_version: done.lockVersion,
    })
    twice.assertStatus(422)
    assert.include(twice.body().message, 'déjà signé')

    // The PDF of the signed avenant
    const pdf = await client.get(`/esi/avenants/${avenant.id}/pdf`).loginAs(user)
    pdf.assertStatus(200)
    pdf.assertHeader('content-type', 'application/pdf')

    // The attached document is served under its commande
    const shown = await client
      .get(`/esi/commandes/${commande.id}/avenant`)
      .loginAs(user)
      .withInertia()
    const documentUrl = shown.body().props.avenant.document_url
    assert.equal(documentUrl, `/esi/commandes/${commande.id}/fichiers/${done.fichierId}`)
    const document = await client.get(documentUrl).loginAs(user)
    document.assertStatus(200)
    assert.include(document.header('content-type'), 'application/pdf')

    // No new avenant once settled
    const again = await postJson(client, user, `/esi/commandes/${commande.id}/avenant`)
    again.assertStatus(422)
    assert.include(again.body().message, 'déjà réglés')
  })

  test('a lower total asks nothing: no demande de paiement', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { commande, avenant } = await preparedAvenant()
    await avenant.load('lignes')
    // The door at half price: the total goes down
    const lignes = avenant.lignes.map((l) => l.toData())
    lignes[2] = { ...lignes[2], prix_unitaire_ht: 90_000 }
    lignes[1] = { ...lignes[1], quantite: '2' }
    await post(client, user, `/esi/avenants/${avenant.id}/lignes`, {
      lock_version: avenant.lockVersion,
      lignes: formLignes(lignes),
      origines: avenant.lignes.map((l) => l.bdcLigneId),
    })
    const saved = await Avenant.findOrFail(avenant.id)
    assert.isBelow(saved.differenceTtc, 0)
    await post(client, user, `/esi/avenants/${avenant.id}/presenter`, {
      lock_version: saved.lockVersion,
    })
    const presented = await Avenant.findOrFail(avenant.id)
    const signed = await post(client, user, `/esi/avenants/${avenant.id}/signature`, {
      signataire: 'Anne Lambert',
      signature: DRAWN,
      lock_version: presented.lockVersion,
    })
    signed.assertStatus(302)
    const done = await Avenant.findOrFail(avenant.id)
    assert.equal(done.statut, 'signe')
    assert.isNull(done.demandePaiementId)
    assert.equal(await etapeStatut(commande.id), 'faite')
  })

  test('cancel needs a motif; back to brouillon from à signer', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { commande, avenant } = await presentedAvenant()
    const back = await post(client, user, `/esi/avenants/${avenant.id}/reprendre`, {
      lock_version: avenant.lockVersion,
    })
    back.assertStatus(302)
    const draft = await Avenant.findOrFail(avenant.id)
    assert.equal(draft.statut, 'brouillon')
    const url = `/esi/avenants/${avenant.id}/annuler`
    const noMotif = await post(client, user, url, { motif: '  ', lock_version: draft.lockVersion })
    assert.equal(fieldErrors(noMotif).motif?.[0], 'Indiquez pourquoi l’avenant est annulé.')
    const cancelled = await post(client, user, url, {
      motif: 'Le client renonce à la fenêtre supplémentaire',
      lock_version: draft.lockVersion,
    })
    cancelled.assertStatus(302)
    const done = await Avenant.findOrFail(avenant.id)
    assert.equal(done.statut, 'annule')
    assert.equal(done.motifAnnulation, 'Le client renonce à la fenêtre supplémentaire')
    // The step still waits; a new avenant gets the next number
    assert.equal(await etapeStatut(commande.id), 'bloquee')
    await post(client, user, `/esi/commandes/${commande.id}/avenant`)
    const next = await Avenant.query()
      .where('commande_id', commande.id)
      .orderBy('rang', 'desc')
      .firstOrFail()
    assert.equal(next.rang, 2)
    assert.match(next.numero, /-A2$/)
  })

  test('accept the écarts without avenant: motif required, mesurage faite, audited', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande, avenant } = await preparedAvenant()
    const url = `/esi/commandes/${commande.id}/ecarts-acceptes`
    const noMotif = await post(client, user, url, { motif: '' })
    assert.equal(
      fieldErrors(noMotif).motif?.[0],
      'Indiquez pourquoi les écarts sont acceptés sans avenant.'
    )
    assert.equal(await etapeStatut(commande.id), 'bloquee')
    const ok = await post(client, user, url, { motif: 'Écart absorbé par le fournisseur' })
    ok.assertStatus(302)
    assert.equal(await etapeStatut(commande.id), 'faite')
    // The open draft is cancelled with the motif
    const cancelled = await Avenant.findOrFail(avenant.id)
    assert.equal(cancelled.statut, 'annule')
    assert.include(cancelled.motifAnnulation!, 'Écart absorbé')
    const audit = await db
      .from('audit_logs')
      .where({ action: 'commande.ecarts_acceptes', subject_id: String(commande.id) })
      .first()
    assert.equal(audit.user_id, user.id)
    const history = await db
      .from('commande_etape_historique')
      .where({ commande_id: commande.id, action: 'ecarts_acceptes' })
      .first()
    assert.include(history.detail, 'Écart absorbé par le fournisseur')
    // Twice: nothing left to accept
    const twice = await postJson(client, user, url, { motif: 'encore' })
    twice.assertStatus(422)
    // Without écarts: refused
    const sans = await commandeAvecEcarts({ ecarts: false })
    const none = await postJson(
      client,
      user,
      `/esi/commandes/${sans.commande.id}/ecarts-acceptes`,
      {
        motif: 'x',
      }
    )
    none.assertStatus(422)
  })

  test('the facture de solde invoices the signed avenant, less the acompte', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande, avenant } = await signedAvenant()
    const fresh = await Bdc.findOrFail(bdc.id)
    const draft = await createAcompteFacture(systemActor(), {
      bdcId: fresh.id,
      lockVersion: fresh.lockVersion,
      userId: null,
    })
    const acompte = await issued(await Facture.findOrFail(draft.id))
    // The facture de solde waits for the réception (its gate)
    await receptionSignee(commande.id)
    const again = await Bdc.findOrFail(bdc.id)
    const solde = await post(client, user, `/esi/commandes/${commande.id}/facture-solde`, {
      lock_version: again.lockVersion,
    })
    solde.assertStatus(302)
    const made = await Facture.query()
      .where({ bdc_id: bdc.id, type: 'solde' })
      .preload('lignes', (q) => q.orderBy('position'))
      .firstOrFail()
    assert.equal(made.totalTtc, avenant.totalTtc - acompte.totalTtc)
    assert.notEqual(made.totalTtc, bdc.totalTtc - acompte.totalTtc)
    assert.isTrue(
      made.lignes.some((l) => l.designation === 'Fenêtre PVC 120×140' && l.quantite === '3.000')
    )
    // The commande page's figures follow the avenant
    const page = await client.get(`/esi/commandes/${commande.id}`).loginAs(user).withInertia()
    assert.equal(page.body().props.facturation.balance.commande_ttc, avenant.totalTtc)
  })

  test('gate facts: an avenant waiting, then signed, opens the mesurage fact', async ({
    assert,
  }) => {
    const { commande, avenant } = await preparedAvenant()
    const waiting = await commandeGateFacts(db.connection(), commande.id)
    assert.isTrue(waiting.avenantEnAttente)
    assert.isFalse(waiting.mesureValidee)
    const cancelled = await annulerAvenant(systemActor(), {
      commandeId: commande.id,
      avenantId: avenant.id,
      lockVersion: avenant.lockVersion,
      motif: 'Refait',
      userId: null,
    })
    assert.equal(cancelled.statut, 'annule')
    const after = await commandeGateFacts(db.connection(), commande.id)
    assert.isFalse(after.avenantEnAttente)
    const signed = await signedAvenant()
    const done = await commandeGateFacts(db.connection(), signed.commande.id)
    assert.isFalse(done.avenantEnAttente)
    assert.isTrue(done.mesureValidee)
  })

  test('after a signed avenant, what may still be asked follows the new total', async ({
    assert,
  }) => {
    const { bdc, avenant } = await signedAvenant()
    const asked = await db
      .from('demandes_paiement')
      .where('bdc_id', bdc.id)
      .whereNot('statut', 'annulee')
      .sum('montant as total')
      .first()
    assert.equal(
      await resteADemander(bdc.id, bdc.totalTtc),
      avenant.totalTtc - Number(asked.total ?? 0)
    )
  })

  test('the PDF: bdc reference, amended lines, difference, acompte difference, signature', async ({
    assert,
  }) => {
    const { bdc, avenant } = await signedAvenant()
    const pdf = await avenantPdf(avenant.id)
    assert.equal(pdf.filename, `${avenant.numero}.pdf`)
    const { text } = await pdfText(pdf.content)
    const plain = normaliseSpaces(text)
    assert.include(plain, `Avenant ${avenant.numero}`)
    assert.include(plain, `Bon de commande ${bdc.numero}`)
    assert.include(plain, 'Fenêtre PVC 120×140')
    assert.include(plain, normaliseSpaces(`Nouveau total : ${formatEuros(avenant.totalTtc)} TTC`))
    assert.include(plain, normaliseSpaces(`+ ${formatEuros(avenant.differenceTtc)} TTC`))
    assert.include(plain, normaliseSpaces(formatEuros(avenant.acompteDifference)))
    assert.include(plain, 'Anne Lambert')
  })

  test('avenantSummary for the commande page: to prepare, open, signed', async ({ assert }) => {
    const { commande } = await commandeAvecEcarts()
    const before = await avenantSummary(commande.id)
    assert.deepEqual(before, {
      url: `/esi/commandes/${commande.id}/avenant`,
      ecarts: 1,
      a_preparer: true,
      avenant: null,
    })
    const sans = await commandeAvecEcarts({ ecarts: false })
    const none = await avenantSummary(sans.commande.id)
    assert.isFalse(none.a_preparer)
    assert.equal(none.ecarts, 0)

    const signed = await signedAvenant()
    const after = await avenantSummary(signed.commande.id)
    assert.isFalse(after.a_preparer)
    assert.equal(after.avenant?.numero, signed.avenant.numero)
    assert.equal(after.avenant?.statut, 'signe')
    assert.equal(after.avenant?.statut_label, 'Signé')
    assert.equal(after.avenant?.total_ttc, signed.avenant.totalTtc)
    assert.equal(after.avenant?.difference_ttc, signed.avenant.differenceTtc)
    assert.equal(after.avenant?.pdf_url, `/esi/avenants/${signed.avenant.id}/pdf`)
    assert.isNotNull(after.avenant?.signe_le)
  })

  test('rights: pro and other 403, guest to login, unknown ids 404', async ({ client }) => {
    const { commande, avenant } = await preparedAvenant()
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      const page = await client.get(`/esi/commandes/${commande.id}/avenant`).loginAs(user)
      page.assertStatus(403)
      const act = await postJson(client, user, `/esi/commandes/${commande.id}/ecarts-acceptes`, {
        motif: 'x',
      })
      act.assertStatus(403)
    }
    const guest = await client.get(`/esi/commandes/${commande.id}/avenant`).redirects(0)
    guest.assertStatus(302)
    const esi = await makeUser('esi')
    const unknown = await client.get('/esi/commandes/999999/avenant').loginAs(esi)
    unknown.assertStatus(404)
    const other = await client.get(`/esi/avenants/${avenant.id + 1000}/pdf`).loginAs(esi)
    other.assertStatus(404)
    const huge = await client.get('/esi/commandes/99999999999/avenant').loginAs(esi)
    huge.assertStatus(404)
  })
})
