/*
 * The PDF of a note de crédit (issue 11 §2): its number, the facture it credits (number and
 * date), the motif, the credited total « à déduire », and no payment request (no communication
 * nor QR code); staff only.
 */
import { test } from '@japa/runner'
import { writeFile } from 'node:fs/promises'
import { makeUser, withTransaction } from '#tests/helpers'
import { issued, ncDraft, ncIssued } from '#tests/functional/notes_credit/helpers'
import { getPdf, normaliseSpaces, pdfText } from '#tests/functional/pdf/pdf_text'
import { formatEuros } from '#shared/totals'
import { formatDate } from '#shared/dates'

test.group('Notes de crédit / PDF', (group) => {
  withTransaction(group)

  test('an issued note prints what it credits and asks for no payment', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const facture = await issued()
    const nc = await ncIssued(facture, { kind: 'total', motif: 'Châssis livré hors cote' })
    const { response, body } = await getPdf(client, `/esi/compta/nc/${nc.id}/pdf`, user)
    response.assertStatus(200)
    assert.match(response.header('content-disposition') ?? '', new RegExp(`${nc.numero}\\.pdf`))
    if (process.env.PDF_SAMPLE_DIR)
      await writeFile(`${process.env.PDF_SAMPLE_DIR}/note-credit.pdf`, body)
    const pdf = await pdfText(body)
    const text = normaliseSpaces(pdf.text)
    assert.include(text, `Note de crédit ${nc.numero}`)
    assert.include(
      text,
      `Facture ${facture.numero} du ${formatDate(facture.dateFacture!.toISODate()!)}`
    )
    assert.include(text, 'Motif : Châssis livré hors cote')
    assert.include(text, normaliseSpaces(`${formatEuros(nc.totalTtc)} TTC à déduire`))
    assert.notInclude(text, 'Scannez pour payer')
    assert.notInclude(text, facture.communication!)
  })

  test('a draft prints « BROUILLON »; pro and other are refused', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    const nc = await ncDraft(await issued(), { kind: 'total' })
    const { response, body } = await getPdf(client, `/esi/compta/nc/${nc.id}/pdf`, esi)
    response.assertStatus(200)
    const { text } = await pdfText(body)
    assert.include(text, 'BROUILLON')
    for (const role of ['pro', 'other'] as const) {
      const refused = await getPdf(client, `/esi/compta/nc/${nc.id}/pdf`, await makeUser(role))
      refused.response.assertStatus(403)
    }
  })
})
