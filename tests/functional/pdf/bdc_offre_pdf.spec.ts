/*
 * The other loaders of app/services/pdf (bdc and offre), called by the bdc (H4) and offres (H5)
 * routes: the bon de commande prints the frozen lines, its devis, the signature block and the
 * withdrawal mention of a contract signed at home; the offre prints the pro société's branding
 * (its logo) and the contact as destinataire.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { writeFile } from 'node:fs/promises'
import { DateTime } from 'luxon'
import Offre from '#models/offre'
import type Bdc from '#models/bdc'
import { withTransaction } from '#tests/helpers'
import { SocieteFactory } from '#database/factories/societe_factory'
import { ContactFactory } from '#database/factories/contact_factory'
import { createBdcFromDevis } from '#services/bdc/create_bdc'
import { replaceLignes, totalsOf } from '#services/documents/lignes'
import { storeDrawnSignature } from '#services/bdc/signature_storage'
import { storeLogoBytes, TINY_PNG } from '#services/logo_storage'
import { bdcDocument, bdcPdf, offreDocument, offrePdf } from '#services/pdf/index'
import { MENTION_TVA_6 } from '#shared/document'
import { formatEuros } from '#shared/totals'
import { normaliseSpaces, pdfText } from '#tests/functional/pdf/pdf_text'
import { makeDevis, makeEsiSociete, produit } from '#tests/functional/pdf/helpers'

const money = (cents: number) => normaliseSpaces(formatEuros(cents))

async function makeBdc() {
  const made = await makeDevis({
    numero: 'DEV-2026-00100',
    statut: 'accepte',
    lignes: [produit('Châssis alu', 200000, 6, '2'), produit('Démontage', 30000, 21)],
  })
  const bdc = await db.transaction((trx) => createBdcFromDevis(trx, made.devis, null))
  return { made, bdc }
}

test.group('PDF / bon de commande', (group) => {
  withTransaction(group)

  test('an unsigned bdc: its devis, frozen lines, totals, acompte, a signature box of its own', async ({
    assert,
  }) => {
    await makeEsiSociete()
    const { made, bdc } = await makeBdc()
    const doc = await bdcDocument(bdc.id)
    assert.equal(doc.kind, 'bdc')
    assert.equal(doc.numero, bdc.numero)
    assert.equal(doc.reference, 'Devis DEV-2026-00100')
    assert.equal(doc.total_ttc, made.totals.total_ttc)
    assert.equal(doc.acompte, made.totals.acompte)
    assert.isFalse(doc.bon_pour_accord)
    assert.isTrue(doc.signature_a_apposer)
    assert.isNull(doc.signature)

    const { filename, content } = await bdcPdf(bdc.id)
    assert.equal(filename, `${bdc.numero}.pdf`)
    const { text } = await pdfText(content)
    assert.include(text, `Bon de commande ${bdc.numero}`)
    assert.include(text, 'Châssis alu')
    assert.include(text, `TOTAL TTC ${money(made.totals.total_ttc)}`)
    assert.include(text, `Acompte demandé (30 %) : ${money(made.totals.acompte)}`)
    assert.notInclude(text, 'Bon pour accord')
    assert.include(text, 'Lu et approuvé')
    assert.include(text, normaliseSpaces(MENTION_TVA_6).slice(0, 60))
  })

  test('a bdc signed at home: signataire, date, place and the 14-day withdrawal mention', async ({
    assert,
  }) => {
    await makeEsiSociete()
    const { bdc } = await makeBdc()
    await (bdc as Bdc)
      .merge({
        statut: 'signe',
        signeLe: DateTime.fromISO('2026-03-12T15:00:00+01:00'),
        signataire: 'Zoë Lefèvre',
        lieuSignature: 'domicile',
        finRetractation: DateTime.fromISO('2026-03-26'),
        signatureType: 'dessin',
        signaturePath: await storeDrawnSignature(TINY_PNG),
        signatureMime: 'image/png',
      })
      .save()
    const doc = await bdcDocument(bdc.id)
    assert.deepEqual(doc.signature, {
      signe_le: '2026-03-12',
      signataire: 'Zoë Lefèvre',
      lieu: 'Au domicile du client (hors établissement)',
      image_path: doc.signature!.image_path,
    })
    assert.match(doc.signature!.image_path!, /\.png$/)
    const forBrowser = await bdcDocument(bdc.id, { forBrowser: true })
    assert.isNull(forBrowser.signature!.image_path)
    assert.isFalse(doc.bon_pour_accord)
    const { content } = await bdcPdf(bdc.id)
    if (process.env.PDF_SAMPLE_DIR)
      await writeFile(`${process.env.PDF_SAMPLE_DIR}/bdc-signe.pdf`, content)
    const { text } = await pdfText(content)
    assert.include(text, 'Signataire : Zoë Lefèvre')
    assert.include(text, 'Date : 12/03/2026')
    assert.include(text, 'délai de 14 jours')
    assert.include(text, 'jusqu’au 26/03/2026')
  })

  test('an unknown bdc is a 404', async ({ assert }) => {
    await assert.rejects(() => bdcDocument(999999))
  })
})

test.group('PDF / offre', (group) => {
  withTransaction(group)

  test('the pro société is the émetteur (logo), the contact the destinataire', async ({
    assert,
  }) => {
    await makeEsiSociete()
    const societe = await SocieteFactory.merge({
      nom: 'Menuiserie Partenaire',
      type: 'pro',
      numeroTva: 'BE0403170701',
      logoPath: await storeLogoBytes(TINY_PNG),
    }).create()
    const contact = await ContactFactory.merge({
      societeId: societe.id,
      prenom: 'Chloé',
      nom: 'Aubry',
    }).create()
    const lignes = [produit('Porte de garage', 150000, 21)]
    const totals = totalsOf(lignes, '0')
    const offre = await db.transaction(async (trx) => {
      const created = await Offre.create(
        {
          societeId: societe.id,
          contactId: contact.id,
          dateOffre: DateTime.fromISO('2026-05-02'),
          valableJusquAu: DateTime.fromISO('2026-06-01'),
          objet: 'Porte de garage',
          remiseGlobalePct: '0',
          totalHt: totals.total_ht,
          totalTva: totals.total_tva,
          totalTtc: totals.total_ttc,
          tvaDetail: totals.tva,
          statut: 'brouillon',
        },
        { client: trx }
      )
      await replaceLignes(trx, 'offre_lignes', 'offre_id', created.id, lignes, totals)
      return created
    })

    const browser = await offreDocument(offre.id, { forBrowser: true })
    assert.equal(browser.emetteur.nom, 'Menuiserie Partenaire')
    assert.equal(browser.emetteur.logo_url, `/app/company/${societe.id}/logo`)
    assert.notExists(browser.emetteur.logo_path)
    assert.equal(browser.destinataire.nom, 'Chloé Aubry')
    assert.isTrue(browser.brouillon)
    assert.isNotOk(browser.acompte)

    const server = await offreDocument(offre.id)
    assert.match(server.emetteur.logo_path!, /\.png$/)
    assert.isNull(server.emetteur.logo_url)

    const { filename, content } = await offrePdf(offre.id)
    assert.equal(filename, `offre-brouillon-${offre.id}.pdf`)
    const { text } = await pdfText(content)
    assert.include(text, 'Offre (brouillon)')
    assert.include(text, 'Menuiserie Partenaire')
    assert.include(text, 'Chloé Aubry')
    assert.include(text, 'DESTINATAIRE')
    assert.include(text, `TOTAL TTC ${money(totals.total_ttc)}`)
    assert.notInclude(text, 'Acompte')
    assert.notInclude(text, 'Bon pour accord')
  })
})
