/*
 * esi/devis/Preview in a real Chromium (issue 5, deliverable 3): the sheet shows the document
 * the PDF prints (client, lines, TOTAL TTC, draft mark), the toolbar links to the PDF and back to
 * the devis, and the page raises no JavaScript error.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { autre, makeDevis, makeEsiSociete, produit } from '#tests/functional/pdf/helpers'
import { formatEuros } from '#shared/totals'

const spaces = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim()

test.group('Browser / devis preview', (group) => {
  withTransaction(group)

  test('the preview sheet, its toolbar and the draft mark', async ({ assert }) => {
    await makeEsiSociete()
    const user = await makeUser('esi')
    const made = await makeDevis({
      lignes: [
        autre('section', 'Cuisine'),
        produit('Fenêtre oscillo-battante', 123456, 6, '2'),
        autre('sous_total'),
        autre('texte', 'Pose comprise.'),
      ],
    })
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/devis/${made.devis.id}/preview`)
    const sheet = page.getByTestId('document-view')
    await sheet.waitFor()
    const text = spaces(await sheet.textContent())
    assert.include(text, 'Devis (brouillon)')
    assert.include(text, 'BROUILLON')
    assert.include(text, 'Fenêtre oscillo-battante')
    assert.include(text, `TOTAL TTC${spaces(formatEuros(made.totals.total_ttc))}`)
    assert.equal(
      await page.getByRole('link', { name: 'Télécharger le PDF' }).getAttribute('href'),
      `/esi/devis/${made.devis.id}/pdf`
    )
    assert.equal(
      await page.getByRole('link', { name: 'Retour au devis' }).getAttribute('href'),
      `/esi/devis/${made.devis.id}/edit`
    )
    if (process.env.PREVIEW_SCREENSHOT)
      await page.screenshot({ path: process.env.PREVIEW_SCREENSHOT, fullPage: true })
    assert.deepEqual(errors, [])
  })
})
