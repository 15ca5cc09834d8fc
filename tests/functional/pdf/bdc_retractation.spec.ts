/*
 * Issue 10 §4: a bdc (to be) signed at the customer's home carries the withdrawal information and
 * the model withdrawal form (company details and bdc filled in) on a page of its own, in the PDF
 * and in the preview's data; a bdc prints its own conditions, never the devis's validity
 * sentence, and a signature box of its own instead of the devis's « Bon pour accord ».
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { writeFile } from 'node:fs/promises'
import Texte from '#models/texte'
import Devis from '#models/devis'
import { withTransaction, makeUser } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { BDC_CONDITIONS_CODE, createBdcFromDevis } from '#services/bdc/create_bdc'
import { bdcDocument, bdcPdf } from '#services/pdf/index'
import { normaliseSpaces, pdfText } from '#tests/functional/pdf/pdf_text'
import { makeDevis, makeEsiSociete, produit } from '#tests/functional/pdf/helpers'

const DEVIS_CGV =
  '1. Le présent devis est valable jusqu’au {{devis.valable_jusqu_au}}. Passé ce délai, les prix peuvent être revus.'

let devisCount = 200

async function makeBdc(options: { professionnel?: boolean } = {}) {
  await Texte.updateOrCreate(
    { code: BDC_CONDITIONS_CODE },
    {
      code: BDC_CONDITIONS_CODE,
      titre: 'Conditions du bon de commande',
      categorie: 'bdc_conditions',
      contenu: 'La commande n° {{bdc.numero}} est ferme dès sa signature (devis {{devis.numero}}).',
      version: 1,
    }
  )
  const client = options.professionnel
    ? await ClientFactory.apply('professionnel').create()
    : await ClientFactory.merge({
        nom: 'Lefèvre',
        facturationRue: 'Rue des Alouettes 14',
        facturationCodePostal: '5100',
        facturationLocalite: 'Jambes',
      }).create()
  const made = await makeDevis({
    numero: `DEV-2026-00${devisCount++}`,
    statut: 'accepte',
    client,
    lignes: [produit('Châssis alu', 200000, 21, '2')],
  })
  await Devis.query().where('id', made.devis.id).update({ conditions: DEVIS_CGV })
  const bdc = await db.transaction((trx) => createBdcFromDevis(trx, made.devis, null))
  return bdc
}

/** The PDF of a bdc as text. */
async function printed(bdcId: number) {
  const { content } = await bdcPdf(bdcId)
  return pdfText(content)
}

/** The withdrawal annex of the bdc's document. */
async function annexOf(bdcId: number) {
  const doc = await bdcDocument(bdcId)
  return doc.retractation
}

async function signAtHome(bdc: Awaited<ReturnType<typeof makeBdc>>, renonciation = false) {
  await bdc
    .merge({
      statut: 'signe',
      signeLe: DateTime.fromISO('2026-03-12T15:00:00+01:00'),
      signataire: 'Zoë Lefèvre',
      lieuSignature: 'domicile',
      renonciationRetractation: renonciation,
      finRetractation: renonciation ? null : DateTime.fromISO('2026-03-26'),
      signatureType: 'dessin',
      signaturePath: null,
      signatureMime: 'image/png',
    })
    .save()
}

test.group('PDF / bdc withdrawal form and conditions', (group) => {
  withTransaction(group)

  test('an unsigned bdc for a consumer: the form on its own last page, company filled in; no devis validity, no « Bon pour accord »', async ({
    assert,
  }) => {
    await makeEsiSociete()
    const bdc = await makeBdc()
    const doc = await bdcDocument(bdc.id, { forBrowser: true })
    // The preview gets the same annex as the PDF
    assert.isNotNull(doc.retractation)
    assert.equal(doc.retractation!.formulaire_titre, 'Modèle de formulaire de rétractation')
    assert.include(
      doc.retractation!.formulaire[0].valeur!,
      'ESI Châssis, Rue de l’Industrie 4, 5000 Namur, e-mail : info@esi.test, tél. : 081 00 00 00'
    )
    assert.include(doc.retractation!.formulaire[1].valeur!, `Bon de commande n° ${bdc.numero}`)
    assert.isFalse(doc.bon_pour_accord)
    assert.isTrue(doc.signature_a_apposer)
    assert.equal(
      doc.conditions,
      `La commande n° ${bdc.numero} est ferme dès sa signature (devis ${doc.reference?.slice(6)}).`
    )

    const { content } = await bdcPdf(bdc.id)
    if (process.env.PDF_SAMPLE_DIR)
      await writeFile(`${process.env.PDF_SAMPLE_DIR}/bdc-retractation.pdf`, content)
    const { pages, text } = await pdfText(content)
    assert.notInclude(text, 'Le présent devis est valable')
    assert.notInclude(text, 'Bon pour accord')
    assert.include(text, 'Lu et approuvé')
    assert.include(text, `La commande n° ${bdc.numero} est ferme dès sa signature`)
    const last = pages[pages.length - 1]
    assert.isAbove(pages.length, 1)
    assert.include(last, 'Droit de rétractation')
    assert.include(last, 'Modèle de formulaire de rétractation')
    assert.include(
      last,
      '(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)'
    )
    assert.include(last, 'À l’attention de :')
    assert.include(last, 'info@esi.test')
    assert.include(last, normaliseSpaces('081 00 00 00'))
    assert.include(
      last,
      'Je/Nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous :'
    )
    assert.include(last, `Bon de commande n° ${bdc.numero}`)
    assert.include(last, 'Commandé le (*)/reçu le (*) :')
    assert.include(last, 'Nom du (des) consommateur(s) :')
    assert.include(last, 'Adresse du (des) consommateur(s) : Rue des Alouettes 14, 5100 Jambes')
    assert.include(
      last,
      'Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :'
    )
    assert.include(last, '(*) Rayez la mention inutile.')
    assert.include(last, 'acompte compris')
  })

  test('signed at home: the end of the period and the order date are filled in', async ({
    assert,
  }) => {
    await makeEsiSociete()
    const bdc = await makeBdc()
    await signAtHome(bdc)
    const doc = await bdcDocument(bdc.id)
    assert.isFalse(doc.signature_a_apposer)
    const { pages } = await printed(bdc.id)
    const last = pages[pages.length - 1]
    assert.include(last, 'conclu hors établissement (au domicile du client) le 12/03/2026')
    assert.include(last, 'expire le 26/03/2026')
    assert.include(last, 'Commandé le (*)/reçu le (*) : 12/03/2026')
    assert.notInclude(last, 'Aucun paiement')
  })

  test('the French rule prints the first day a payment may be asked', async ({ assert }) => {
    await makeEsiSociete({ acomptePendantRetractation: 'interdit_7_jours' })
    const bdc = await makeBdc()
    await signAtHome(bdc)
    const doc = await bdcDocument(bdc.id)
    assert.include(
      doc.retractation!.information.join('\n'),
      'Aucun paiement ne peut vous être demandé ni être reçu avant le 20/03/2026'
    )
  })

  test('no form: signed in the shop, signed at home with the waiver, a business client', async ({
    assert,
  }) => {
    await makeEsiSociete()
    const shop = await makeBdc()
    await signAtHome(shop)
    await shop.merge({ lieuSignature: 'etablissement', finRetractation: null }).save()
    assert.isNull(await annexOf(shop.id))
    const { text } = await printed(shop.id)
    assert.notInclude(text, 'Modèle de formulaire de rétractation')

    const waived = await makeBdc()
    await signAtHome(waived, true)
    assert.isNull(await annexOf(waived.id))

    const pro = await makeBdc({ professionnel: true })
    assert.isNull(await annexOf(pro.id))
  })

  test('the bdc page (preview) carries the annex of an unsigned bdc', async ({
    client,
    assert,
  }) => {
    await makeEsiSociete()
    const user = await makeUser('esi')
    const bdc = await makeBdc()
    const response = await client.get(`/esi/bdc/${bdc.id}`).loginAs(user).withInertia()
    response.assertStatus(200)
    const props = response.body().props
    assert.equal(props.document.retractation.titre, 'Droit de rétractation')
    assert.isFalse(props.document.bon_pour_accord)
    assert.notInclude(props.document.conditions ?? '', 'Le présent devis')
  })
})
