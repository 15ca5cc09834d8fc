/*
 * The pose and its réception on a phone (390 px, touch) in a real Chromium: the Pose page shows
 * the chantier, the measured items and « Commencer la pose »; the PV page takes a reserve, the
 * consent and a signature drawn on the pad, signs, and shows the PDF link; the reserve is then
 * lifted and the pose is « Faite ». No horizontal scrolling at 390 px.
 */
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import {
  goodsReceived,
  mesureWithLignes,
  signedCommande,
} from '#tests/functional/receptions/helpers'

async function noHorizontalScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)
}

test.group('Browser / pose and réception at 390 px', (group) => {
  withTransaction(group)

  test('start the pose, sign the PV with a reserve on the pad, see the PDF, lift the reserve', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await signedCommande()
    await goodsReceived(commande.id)
    await mesureWithLignes(commande.id)
    const page = await newPage({ viewport: { width: 390, height: 844 }, hasTouch: true })
    await loginAs(page, user.email, TEST_PASSWORD)

    await page.goto(`/esi/commandes/${commande.id}/pose`)
    await page.locator('[data-testid="pose-ligne"]').first().waitFor()
    assert.equal(await page.locator('[data-testid="pose-ligne"]').count(), 2)
    assert.isTrue(await noHorizontalScroll(page))
    await page.click('[data-testid="pose-commencer"]')
    await page.locator('[data-testid="pose-statut"]:has-text("En cours")').first().waitFor()

    await page.click('[data-testid="pose-reception"]')
    await page.waitForURL(/\/reception$/)
    await page.fill('[data-testid="pv-signataire"]', 'Anne Lambert')
    await page.locator('label:has([data-testid="pv-mode-avec_reserves"])').click()
    await page.fill('[data-testid="pv-reserve-input"]', 'Rayure sur le dormant de la porte')
    await page.locator('[data-testid="pv-consentement"]').check()

    const canvas = page.locator('[data-testid="signature-canvas"]')
    await canvas.scrollIntoViewIfNeeded()
    const box = (await canvas.boundingBox())!
    await page.mouse.move(box.x + 30, box.y + 120)
    await page.mouse.down()
    for (let i = 1; i <= 20; i++) {
      await page.mouse.move(box.x + 30 + i * 14, box.y + 120 + (i % 2 ? -35 : 35), { steps: 2 })
    }
    await page.mouse.up()
    assert.isTrue(await noHorizontalScroll(page))
    await page.click('[data-testid="pv-signer"]')

    const pdf = page.locator('[data-testid="pv-pdf"]')
    await pdf.waitFor()
    assert.equal(await pdf.getAttribute('href'), `/esi/commandes/${commande.id}/reception/pdf`)
    const status = await page.evaluate(async (url) => {
      const answer = await fetch(url, { credentials: 'same-origin' })
      return answer.headers.get('content-type')
    }, `/esi/commandes/${commande.id}/reception/pdf`)
    assert.equal(status, 'application/pdf')
    assert.include(
      await page.locator('[data-testid="pv-reserve"]').innerText(),
      'Rayure sur le dormant'
    )
    assert.equal(await page.locator('[data-testid="pose-statut"]').first().innerText(), 'En cours')

    await page.click('[data-testid="pv-reserve-lever"]')
    await page.locator('[data-testid="pv-reserve-levee"]').waitFor()
    await page.locator('[data-testid="pose-statut"]:has-text("Faite")').first().waitFor()
    assert.isTrue(await noHorizontalScroll(page))
    await page.context().close()
  })
})
