/*
 * The acompte facture in a real Chromium (issue 11 §1): from a signed bdc, « Créer la facture
 * d’acompte » (confirmed) opens the draft; « Émettre » (confirmed) gives it its FAC number; the
 * list shows it with its statut.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { formatEuros } from '#shared/totals'

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
})
