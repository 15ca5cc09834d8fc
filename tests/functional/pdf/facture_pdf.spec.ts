/*
 * The facture PDF (issue 11 §1): title and number, date and due date, the structured
 * communication and the EPC QR code of what is due, the late-payment terms (B2B or consumer,
 * decision 208), the company's identity, « Page X / Y »; a draft prints « BROUILLON » without
 * number nor payment block.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { facturePdf, factureDocument } from '#services/pdf/index'
import { MENTION_RETARD_B2B, MENTION_RETARD_CONSOMMATEUR } from '#shared/document'
import { formatEuros } from '#shared/totals'
import { formatDate } from '#shared/dates'
import { normaliseSpaces, pdfText } from '#tests/functional/pdf/pdf_text'
import { issued, libreDraft } from '#tests/functional/factures/helpers'

test.group('PDF / facture', (group) => {
  withTransaction(group)

  test('an issued facture: number, dates, communication, QR, consumer terms, pages', async ({
    assert,
  }) => {
    const facture = await issued()
    const doc = await factureDocument(facture.id)
    assert.equal(doc.kind, 'facture')
    assert.isFalse(doc.brouillon)
    assert.match(doc.paiement!.qr_data_url!, /^data:image\/png;base64,/)
    assert.equal(doc.paiement!.montant, facture.totalTtc)
    assert.include(doc.mentions, MENTION_RETARD_CONSOMMATEUR)

    const { filename, content } = await facturePdf(facture.id)
    assert.equal(filename, `${facture.numero}.pdf`)
    const { text, pages } = await pdfText(content)
    assert.include(text, `Facture ${facture.numero}`)
    assert.include(text, `Échéance : ${formatDate(facture.echeance!.toISODate())}`)
    assert.include(text, `Communication structurée : ${facture.communication}`)
    assert.include(text, normaliseSpaces(formatEuros(facture.totalTtc)))
    assert.include(text, 'Scannez pour payer')
    assert.include(text, 'livre XIX du Code de droit économique')
    assert.include(text, `Page 1 / ${pages.length}`)
  })

  test('a business client gets the law of 2 August 2002 terms', async ({ assert }) => {
    const draft = await libreDraft()
    await db
      .from('clients')
      .where('id_client', draft.clientId)
      .update({ type: 'professionnel', numero_tva: 'BE0123456749' })
    const facture = await issued(draft)
    const doc = await factureDocument(facture.id)
    assert.include(doc.mentions, MENTION_RETARD_B2B)
    const pdf = await facturePdf(facture.id)
    const { text } = await pdfText(pdf.content)
    assert.include(text, 'loi du 2 août 2002')
    assert.include(text, '40 €')
  })

  test('a draft prints BROUILLON, no number, no payment block', async ({ assert }) => {
    const draft = await libreDraft()
    const doc = await factureDocument(draft.id)
    assert.isTrue(doc.brouillon)
    assert.isNull(doc.numero)
    assert.isNull(doc.paiement)
    const { filename, content } = await facturePdf(draft.id)
    assert.equal(filename, `facture-brouillon-${draft.id}.pdf`)
    const { text } = await pdfText(content)
    assert.include(text, 'Facture (brouillon)')
    assert.notInclude(text, 'Scannez pour payer')
  })
})
