/*
 * Factur-X of an issued facture (issue 11 §5, decision 266): a French client's PDF is a
 * Factur-X (download and mail); `?format=facturx` gives it for any issued facture, `?format=pdf`
 * the plain PDF; a draft has none. The downloaded file is read back: PDF 1.7, PDF/A-3b and
 * Factur-X XMP keys, factur-x.xml attached whose CII carries the number and the totals and
 * passes the EN 16931 rules, every font embedded, the text still extractable.
 */
import { test } from '@japa/runner'
import { randomBytes } from 'node:crypto'
import { XMLParser } from 'fast-xml-parser'
import Facture from '#models/facture'
import type Client from '#models/client'
import { ClientFactory } from '#database/factories/client_factory'
import { makeUser, withTransaction } from '#tests/helpers'
import { lastMailTo } from '#tests/auth_helpers'
import { produit } from '#tests/functional/document_helpers'
import { demoCompany, issued, libreDraft } from '#tests/functional/factures/helpers'
import { ncDraft, ncIssued } from '#tests/functional/notes_credit/helpers'
import { getPdf, normaliseSpaces, pdfText } from '#tests/functional/pdf/pdf_text'
import {
  catalogAf,
  embeddedFiles,
  fonts,
  pdfObjects,
  pdfVersion,
  xmpPacket,
} from '#tests/functional/pdf/pdf_objects'
import { systemActor } from '#services/actor'
import { createFactureLibre } from '#services/factures/facture_service'
import { factureFacturxPdf } from '#services/factures/facture_facturx'
import { factureLinkUrl } from '#services/factures/facture_link'
import { checkCiiRules } from '#services/compta/cii/rules'
import { amount } from '#services/compta/ubl/codes'
import { formatEuros } from '#shared/totals'

const uniqueEmail = () => `client-${randomBytes(6).toString('hex')}@example.com`

async function frenchClient(email = uniqueEmail()) {
  const client = await ClientFactory.apply('professionnel').merge({ nom: 'Lumière' }).create()
  // After the factory's state, which sets a Belgian number
  return client
    .merge({
      email,
      numeroTva: 'FR40303265045',
      facturationRue: '12 rue des Lilas',
      facturationCodePostal: '59000',
      facturationLocalite: 'Lille',
      facturationPays: 'FR',
    })
    .save()
}

async function issuedFor(client: Client) {
  const draft = await createFactureLibre(systemActor(), {
    clientId: client.idClient,
    objet: 'Pose de menuiseries & finitions',
    lignes: [
      produit('Châssis aluminium — œil-de-bœuf', 48_500, 21, '3'),
      produit('Pose et mise en œuvre', 6_500, 21, '4,5', '10'),
    ],
    remiseGlobalePct: '2',
    userId: null,
  })
  return issued(await Facture.findOrFail(draft.id))
}

const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false })

/** Everything the brief asks of a Factur-X, checked on the bytes. */
async function assertFacturx(assert: any, content: Buffer, facture: Facture) {
  assert.equal(pdfVersion(content), '1.7')
  const objects = pdfObjects(content)
  const xmp = xmpPacket(objects)
  assert.match(xmp, /<pdfaid:part>3<\/pdfaid:part>/)
  assert.match(xmp, /<pdfaid:conformance>B<\/pdfaid:conformance>/)
  assert.match(xmp, /<fx:DocumentType>INVOICE<\/fx:DocumentType>/)
  assert.match(xmp, /<fx:DocumentFileName>factur-x\.xml<\/fx:DocumentFileName>/)
  assert.match(xmp, /<fx:Version>1\.0<\/fx:Version>/)
  assert.match(xmp, /<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/)

  const files = embeddedFiles(objects)
  assert.deepEqual(
    files.map((f) => [f.name, f.relationship]),
    [['factur-x.xml', 'Alternative']]
  )
  assert.deepEqual(catalogAf(objects), [files[0].specId])
  const xml = files[0].content.toString('utf8')
  assert.deepEqual(checkCiiRules(xml), [])
  const cii = parser.parse(xml).CrossIndustryInvoice
  assert.equal(cii.ExchangedDocument.ID, facture.numero)
  assert.equal(cii.ExchangedDocument.TypeCode, '380')
  const settlement = cii.SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement
  const sum = settlement.SpecifiedTradeSettlementHeaderMonetarySummation
  assert.equal(sum.TaxBasisTotalAmount, amount(facture.totalHt))
  assert.equal(sum.GrandTotalAmount, amount(facture.totalTtc))
  assert.equal(sum.DuePayableAmount, amount(facture.totalTtc))
  assert.equal(settlement.PaymentReference, facture.communication)
  const buyer = cii.SupplyChainTradeTransaction.ApplicableHeaderTradeAgreement.BuyerTradeParty
  assert.equal(buyer.PostalTradeAddress.CountryID, 'FR')
  assert.equal(buyer.SpecifiedTaxRegistration.ID, 'FR40303265045')
  assert.equal(buyer.SpecifiedLegalOrganization.ID, '303265045')

  const used = fonts(objects)
  assert.isAbove(used.length, 0)
  for (const f of used) assert.isTrue(f.embedded, `${f.baseFont} not embedded`)

  const { text } = await pdfText(content)
  assert.include(text, `Facture ${facture.numero}`)
  assert.include(text, 'Châssis aluminium — œil-de-bœuf')
  assert.include(text, normaliseSpaces(formatEuros(facture.totalTtc)))
}

test.group('Factures / Factur-X', (group) => {
  withTransaction(group)

  test('a French client: the PDF route answers a Factur-X, the plain PDF on request', async ({
    client,
    assert,
  }) => {
    await demoCompany()
    const user = await makeUser('esi')
    const facture = await issuedFor(await frenchClient())

    const page = await client.get(`/esi/compta/facture/${facture.id}`).loginAs(user).withInertia()
    assert.isTrue(page.body().props.facturx)

    const { response, body } = await getPdf(client, `/esi/compta/facture/${facture.id}/pdf`, user)
    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'application/pdf')
    assert.include(response.header('content-disposition'), `${facture.numero}.pdf`)
    await assertFacturx(assert, body, facture)

    // The customer's page links the same Factur-X, behind its signature
    const link = new URL(factureLinkUrl(facture))
    const publicPage = await client.get(link.pathname + link.search).withInertia()
    const pdfUrl = new URL(publicPage.body().props.pdf_url as string)
    const fromPage = await getPdf(client, pdfUrl.pathname + pdfUrl.search, null)
    fromPage.response.assertStatus(200)
    assert.equal(pdfVersion(fromPage.body), '1.7')
    assert.lengthOf(embeddedFiles(pdfObjects(fromPage.body)), 1)
    const altered = await client.get(`${pdfUrl.pathname}?signature=x`)
    altered.assertStatus(403)

    const plain = await getPdf(client, `/esi/compta/facture/${facture.id}/pdf?format=pdf`, user)
    plain.response.assertStatus(200)
    assert.equal(pdfVersion(plain.body), '1.3')
    assert.lengthOf(embeddedFiles(pdfObjects(plain.body)), 0)
  })

  test('?format=facturx for a Belgian consumer; a draft and an unknown format are refused', async ({
    client,
    assert,
  }) => {
    await demoCompany()
    const user = await makeUser('esi')
    const facture = await issuedFor(await ClientFactory.merge({ nom: 'Lemaire' }).create())

    const page = await client.get(`/esi/compta/facture/${facture.id}`).loginAs(user).withInertia()
    assert.isFalse(page.body().props.facturx)
    const normal = await getPdf(client, `/esi/compta/facture/${facture.id}/pdf`, user)
    assert.equal(pdfVersion(normal.body), '1.3')

    const fx = await getPdf(client, `/esi/compta/facture/${facture.id}/pdf?format=facturx`, user)
    fx.response.assertStatus(200)
    const xml = embeddedFiles(pdfObjects(fx.body))[0].content.toString('utf8')
    assert.deepEqual(checkCiiRules(xml), [])
    // A consumer: no VAT number, no legal registration
    const cii = parser.parse(xml).CrossIndustryInvoice
    const buyer = cii.SupplyChainTradeTransaction.ApplicableHeaderTradeAgreement.BuyerTradeParty
    assert.include(buyer.Name, 'Lemaire')
    assert.notProperty(buyer, 'SpecifiedTaxRegistration')
    assert.notProperty(buyer, 'SpecifiedLegalOrganization')

    const draft = await libreDraft()
    const refused = await client
      .get(`/esi/compta/facture/${draft.id}/pdf?format=facturx`)
      .loginAs(user)
    refused.assertStatus(422)
    const unknown = await client
      .get(`/esi/compta/facture/${facture.id}/pdf?format=docx`)
      .loginAs(user)
    unknown.assertStatus(422)
    const anonymous = await client
      .get(`/esi/compta/facture/${facture.id}/pdf?format=facturx`)
      .redirects(0)
    assert.include([302, 303, 401, 403], anonymous.status())
  })

  test('the mail to a French client carries the Factur-X', async ({ client, assert }) => {
    await demoCompany()
    const user = await makeUser('esi')
    const email = uniqueEmail()
    const facture = await issuedFor(await frenchClient(email))
    const sent = await client
      .post(`/esi/compta/facture/${facture.id}/envoyer`)
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    sent.assertStatus(302)
    const mail = await lastMailTo(email)
    // No Peppol UBL: a French number has no 0208 endpoint (decision 267)
    assert.deepEqual(
      (mail!.attachments ?? []).map((a) => a.filename),
      [`${facture.numero}.pdf`]
    )
    const pdf = (mail!.attachments ?? []).find((a) => a.contentType === 'application/pdf')
    const facturx = await factureFacturxPdf(facture.id)
    assert.equal(pdf?.filename, facturx.filename)
    // pdfkit output is deterministic but for the font subset tags: the same length
    assert.equal(pdf?.size, facturx.content.length)
  })

  test('a French client’s note de crédit: a Factur-X with TypeCode 381 and the facture', async ({
    client,
    assert,
  }) => {
    await demoCompany()
    const user = await makeUser('esi')
    const facture = await issuedFor(await frenchClient())
    const nc = await ncIssued(facture, { kind: 'total', motif: 'Châssis livré hors cote' })
    const page = await client.get(`/esi/compta/nc/${nc.id}`).loginAs(user).withInertia()
    assert.isTrue(page.body().props.facturx)
    const { response, body } = await getPdf(client, `/esi/compta/nc/${nc.id}/pdf`, user)
    response.assertStatus(200)
    assert.equal(pdfVersion(body), '1.7')
    const objects = pdfObjects(body)
    assert.match(xmpPacket(objects), /<pdfaid:part>3<\/pdfaid:part>/)
    for (const f of fonts(objects)) assert.isTrue(f.embedded, `${f.baseFont} not embedded`)
    const xml = embeddedFiles(objects)[0].content.toString('utf8')
    assert.deepEqual(checkCiiRules(xml), [])
    const cii = parser.parse(xml).CrossIndustryInvoice
    assert.equal(cii.ExchangedDocument.ID, nc.numero)
    assert.equal(cii.ExchangedDocument.TypeCode, '381')
    const settlement = cii.SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement
    assert.equal(settlement.InvoiceReferencedDocument.IssuerAssignedID, facture.numero)
    assert.equal(
      settlement.SpecifiedTradeSettlementHeaderMonetarySummation.GrandTotalAmount,
      amount(nc.totalTtc)
    )
    assert.notProperty(settlement, 'SpecifiedTradeSettlementPaymentMeans')
    const { text } = await pdfText(body)
    assert.include(text, `Note de crédit ${nc.numero}`)

    const plain = await getPdf(client, `/esi/compta/nc/${nc.id}/pdf?format=pdf`, user)
    assert.equal(pdfVersion(plain.body), '1.3')
    const draft = await ncDraft(await issuedFor(await frenchClient()), { kind: 'total' })
    const refused = await client.get(`/esi/compta/nc/${draft.id}/pdf?format=facturx`).loginAs(user)
    refused.assertStatus(422)
  })
})
