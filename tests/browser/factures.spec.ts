/*
 * The acompte facture in a real Chromium (issue 11 §1): from a signed bdc, « Créer la facture
 * d’acompte » (confirmed) opens the draft; « Émettre » (confirmed) gives it its FAC number; the
 * list shows it with its statut. The commande's « Facture de solde » (confirmed) opens a draft
 * deducting the issued acompte; the customer's page of a facture shows the QR code while due,
 * « Payée » without bank details once paid, and downloads its PDF.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { formatEuros } from '#shared/totals'
import Facture from '#models/facture'
import { ClientFactory } from '#database/factories/client_factory'
import { esiSociete } from '#tests/functional/bdc/helpers'
import { acompteDraft, issued } from '#tests/functional/factures/helpers'
import { factureLinkUrl } from '#services/factures/facture_link'

test.group('Browser / factures', (group) => {
  withTransaction(group)

  test('signed bdc → draft acompte facture → issued, listed', async ({ assert }) => {
    const user = await makeUser('esi')
    const { bdc } = await signedBdc()
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/bdc/${bdc.id}`)

    await page.click('[data-testid="facture-acompte-create"]')
    await page.click('button:has-text("Créer le brouillon")')
    await page.waitForURL(/\/esi\/compta\/facture\/\d+$/)
    assert.include(await page.locator('h1').innerText(), 'Facture (brouillon)')
    const totaux = await page.locator('[data-testid="bdc-totaux"]').innerText()
    assert.include(totaux, 'Total TTC')
    assert.include(totaux.replace(/\s/g, ''), formatEuros(bdc.acompte).replace(/\s/g, ''))

    await page.click('[data-testid="facture-emettre"]')
    await page.click('.swal2-confirm:has-text("Émettre")')
    await page.locator('h1:has-text("FAC-")').waitFor()
    const title = await page.locator('h1').innerText()
    assert.match(title, /Facture FAC-\d{4}-\d{5}/)
    assert.include(await page.locator('[data-testid="facture-statut"]').innerText(), 'Émise')
    assert.equal(await page.locator('[data-testid="facture-emettre"]').count(), 0)

    await page.goto('/esi/compta/facture')
    const numero = /FAC-\d{4}-\d{5}/.exec(title)![0]
    const row = page.locator('tr', { hasText: numero })
    await row.waitFor()
    assert.include(await row.innerText(), 'Acompte')
    assert.include(await row.innerText(), 'Émise')
  }).timeout(60_000)

  test('commande page: « Facture de solde » deducts the issued acompte', async ({ assert }) => {
    const user = await makeUser('esi')
    const { commande, facture } = await acompteDraft()
    const acompte = await issued(facture)
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/commandes/${commande.id}`)
    const table = page.locator('[data-testid="commande-factures"]')
    await table.waitFor()
    assert.include(await table.innerText(), acompte.numero!)

    await page.click('[data-testid="facture-solde-create"]')
    await page.click('.swal2-confirm:has-text("Créer le brouillon")')
    await page.waitForURL(/\/esi\/compta\/facture\/\d+$/)
    assert.include(await page.locator('h1').innerText(), 'Facture (brouillon)')
    assert.include(await page.locator('main').innerText(), `Acompte ${acompte.numero} déduit`)
  }).timeout(60_000)

  test('the customer’s page: QR code while due, « Payée » without bank details once paid', async ({
    assert,
  }) => {
    const made = await issued()
    const facture = await Facture.findOrFail(made.id)
    const link = new URL(factureLinkUrl(facture))
    const page = await newPage({ viewport: { width: 1200, height: 1000 } })
    await page.goto(link.pathname + link.search)
    await page.locator('[data-testid="paiement-qr"]').waitFor()
    assert.include(
      await page.locator('[data-testid="paiement-details"]').innerText(),
      facture.communication!
    )
    // « Télécharger la facture (PDF) »: its signed link answers the PDF
    const href = await page.locator('[data-testid="facture-pdf"]').getAttribute('href')
    // The link is absolute on APP_URL: asked of this test server
    const target = new URL(href!)
    const pdf = await page.request.get(new URL(target.pathname + target.search, page.url()).href)
    assert.equal(pdf.status(), 200)
    assert.equal(pdf.headers()['content-type'], 'application/pdf')

    await Facture.query()
      .where('id', facture.id)
      .update({ montant_paye: facture.totalTtc, statut: 'payee' })
    await page.reload()
    await page.locator('[data-testid="paiement-payee"]').waitFor()
    assert.include(await page.locator('[data-testid="paiement-payee"]').innerText(), 'Payée.')
    assert.equal(await page.locator('[data-testid="paiement-qr"]').count(), 0)
    assert.notInclude(await page.locator('[data-testid="paiement-details"]').innerText(), 'IBAN')
    assert.include(await page.locator('[data-testid="facture-statut"]').innerText(), 'Payée')
  }).timeout(60_000)

  test('the customer’s page at 390 px: nothing off screen, the QR code and the amount visible', async ({
    assert,
  }) => {
    const made = await issued()
    const facture = await Facture.findOrFail(made.id)
    const link = new URL(factureLinkUrl(facture))
    const page = await newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(link.pathname + link.search)
    await page.locator('[data-testid="paiement-qr"]').waitFor()
    if (process.env.PHONE_FACTURE_SCREENSHOT)
      await page.screenshot({ path: process.env.PHONE_FACTURE_SCREENSHOT, fullPage: true })
    // The first element past the screen's edge, named in the failure
    const { width, culprit } = await page.evaluate(() => {
      let found = ''
      for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect()
        const parent = el.parentElement?.getBoundingClientRect()
        if (r.right > 391 && parent && parent.right <= 391 && !found)
          found = `${el.tagName}.${el.className} « ${el.textContent?.slice(0, 30)} » (${Math.round(r.right)})`
      }
      return { width: document.documentElement.scrollWidth, culprit: found }
    })
    assert.isAtMost(width, 390, `page ${width} px wide: ${culprit}`)
    const qr = await page.locator('[data-testid="paiement-qr"]').boundingBox()
    assert.isAtMost(qr!.x + qr!.width, 390)
    const button = await page.locator('[data-testid="facture-pdf"]').boundingBox()
    assert.isAtMost(button!.x + button!.width, 390)
  }).timeout(60_000)

  test('« Nouvelle facture »: a free draft typed in the editor, saved, then issued', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    await esiSociete()
    const customer = await ClientFactory.merge({ nom: 'Wauters' }).create()
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto('/esi/compta/facture')
    await page.click('[data-testid="facture-nouvelle"]')
    await page.waitForURL(/\/esi\/compta\/facture\/nouvelle/)
    await page.fill('#client_search', 'wauters')
    await page.locator('[role="listbox"] [role="option"]').first().click()
    await page.waitForSelector('[data-testid="client-choisi"]')
    await page.fill('#objet', 'Réparation de la porte de garage')
    await page.fill('#lignes-0-designation', 'Remplacement du ressort de la porte sectionnelle')
    await page.fill('#lignes-0-quantite', '1')
    await page.fill('#lignes-0-prix_unitaire_ht', '185,00')
    await page.selectOption('#lignes-0-taux_tva', '21')
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="total-ttc"]')?.textContent === expected,
      formatEuros(22385)
    )
    await page.click('[data-testid="facture-save"]')
    await page.waitForURL(/\/esi\/compta\/facture\/\d+\/modifier$/)
    const id = Number(/facture\/(\d+)\/modifier/.exec(page.url())![1])
    const draft = await Facture.findOrFail(id)
    assert.equal(draft.type, 'libre')
    assert.equal(draft.totalTtc, 22385)
    assert.equal(draft.clientId, customer.idClient)

    await page.click('[data-testid="facture-edit-show"]')
    await page.waitForURL(/\/esi\/compta\/facture\/\d+$/)
    await page.click('[data-testid="facture-emettre"]')
    await page.click('.swal2-confirm:has-text("Émettre")')
    await page.locator('h1:has-text("FAC-")').waitFor()
    assert.equal(await page.locator('[data-testid="facture-modifier"]').count(), 0)
  }).timeout(60_000)
})
