/*
 * The commande timeline in a real Chromium (issue 12 §1): at desktop width, seven step cards,
 * a closed gate's reason on the step and on its disabled button, planning a step in its dialog
 * (→ « Planifiée », history), blocking it with a motif; at 390 px (a phone), nothing wider than
 * the screen and « Le client se rétracte » confirmed in its dialog cancels the commande.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { acomptePaye, commandeSignee, statutOf } from '#tests/functional/commandes/timeline_helpers'
import Commande from '#models/commande'
import sharp from 'sharp'
import { storeCommandeDocument } from '#services/commandes/commande_fichiers'

/** A small JPEG as a phone would send it. */
async function jpeg(): Promise<Buffer> {
  return sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer()
}

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'
)

test.group('Browser / commande timeline', (group) => {
  withTransaction(group)

  test('desktop: gates on the steps, planning and blocking a step', async ({ assert }) => {
    const user = await makeUser('esi', { name: 'Julie Chef' })
    const { commande } = await commandeSignee({ acomptePct: '0' })
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/commandes/${commande.id}`)

    await page.locator('[data-testid="etape-solde"]').waitFor()
    const cards = page.locator('[data-testid="commande-timeline"] > li')
    assert.equal(await cards.count(), 7)
    assert.equal(
      await page.locator('[data-testid="etape-acompte-statut"]').innerText(),
      'Sans objet'
    )
    const gate = page.locator('[data-testid="etape-approvisionnement-gate"]')
    assert.equal(await gate.innerText(), 'Le mesurage n’est pas validé.')
    const start = page.locator('[data-testid="etape-approvisionnement-demarrer"]')
    assert.isTrue(await start.isDisabled())
    assert.equal(await start.getAttribute('title'), 'Le mesurage n’est pas validé.')
    assert.equal(
      await page.locator('[data-testid="facture-solde-gate"]').innerText(),
      'Le procès-verbal de réception n’est pas signé.'
    )
    // Each step links to its pages (decision 414)
    const liens: [string, string][] = [
      ['etape-mesurage-lien-mesurage', `/esi/commandes/mesurage/${commande.id}`],
      ['etape-approvisionnement-lien-production', `/esi/commandes/production/${commande.id}`],
      ['etape-fourniture-lien-fourniture', `/esi/commandes/fourniture/${commande.id}`],
      ['etape-pose-lien-pose', `/esi/commandes/${commande.id}/pose`],
      ['etape-pose-lien-reception', `/esi/commandes/${commande.id}/reception`],
    ]
    for (const [testId, href] of liens) {
      assert.equal(await page.locator(`[data-testid="${testId}"]`).getAttribute('href'), href)
    }

    // Plan the mesurage: owner, dates, notes
    await page.click('[data-testid="etape-mesurage-edit"]')
    await page.selectOption('#etape-mesurage-responsable', { label: 'Julie Chef' })
    await page.fill('#etape-mesurage-debut', '2030-03-02')
    await page.fill('#etape-mesurage-fin', '2030-03-03')
    await page.fill('#etape-mesurage-notes', 'Code portail 1234')
    await page.click('button:has-text("Enregistrer")')
    await page.locator('[data-testid="etape-mesurage-statut"]:has-text("Planifiée")').waitFor()
    const card = await page.locator('[data-testid="etape-mesurage"]').innerText()
    assert.include(card, 'Julie Chef')
    assert.include(card, '02/03/2030 → 03/03/2030')
    assert.include(card, 'Code portail 1234')
    assert.include(card, 'Historique (4)')

    // Block it with a motif
    await page.click('[data-testid="etape-mesurage-bloquer"]')
    await page.fill('.swal2-textarea', 'Client injoignable')
    await page.click('.swal2-confirm')
    await page.locator('[data-testid="etape-mesurage-statut"]:has-text("Bloquée")').waitFor()
    assert.include(
      await page.locator('[data-testid="etape-mesurage"]').innerText(),
      'Bloquée : Client injoignable'
    )
    assert.equal(await statutOf(commande.id, 'mesurage'), 'bloquee')
  }).timeout(60_000)

  test('390 px: the timeline fits the phone; the customer withdraws', async ({ assert }) => {
    const user = await makeUser('esi')
    const { bdc, commande } = await commandeSignee({ domicile: true })
    await acomptePaye(bdc.id)
    const page = await newPage({ viewport: { width: 390, height: 844 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/commandes/${commande.id}`)

    await page.locator('[data-testid="etape-pose"]').waitFor()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth
    )
    assert.isAtMost(overflow, 0)
    assert.include(
      await page.locator('[data-testid="etape-approvisionnement-gate"]').innerText(),
      'Le délai de rétractation court jusqu’au'
    )

    await page.click('[data-testid="commande-retractation"]')
    await page.click('[data-testid="commande-retractation-confirm"]')
    await page.locator('[data-testid="commande-annulee"]').waitFor()
    assert.include(
      await page.locator('[data-testid="commande-annulee"]').innerText(),
      'Client s’est rétracté'
    )
    const fresh = await Commande.findOrFail(commande.id)
    assert.equal(fresh.statut, 'annulee')
    assert.equal(await page.locator('[data-testid="commande-retractation"]').count(), 0)
  }).timeout(60_000)

  test('390 px: a step’s documents and a photo added from the phone, as a thumbnail', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await commandeSignee({ acomptePct: '0' })
    await storeCommandeDocument(null, {
      commandeId: commande.id,
      etape: 'pose',
      bytes: PDF,
      nomOriginal: 'PV de réception.pdf',
      auteurId: null,
    })
    const page = await newPage({ viewport: { width: 390, height: 844 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/commandes/${commande.id}`)

    const fichiers = page.locator('[data-testid="etape-pose-fichiers"]')
    await fichiers.waitFor({ timeout: 15_000 })

    const doc = fichiers.locator('[data-testid="etape-pose-fichiers-document"]')
    assert.include(await doc.innerText(), 'PV de réception')
    assert.match(
      String(await doc.getAttribute('href')),
      new RegExp(`^/esi/commandes/${commande.id}/fichiers/\\d+$`)
    )
    await fichiers
      .locator('input[type="file"]')
      .setInputFiles({ name: 'chantier.jpg', mimeType: 'image/jpeg', buffer: await jpeg() })
    const thumb = fichiers.locator('img')
    await thumb.waitFor({ timeout: 15_000 })

    assert.match(String(await thumb.getAttribute('src')), /\?vignette=1$/)
    // The thumbnail is served (an image, not an error page); lazy: scrolled to first
    await thumb.scrollIntoViewIfNeeded()
    await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid="etape-pose-fichiers"] img')
      return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0
    })
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth
    )
    assert.isAtMost(overflow, 0)
  }).timeout(60_000)
})
