/*
 * Signing a bon de commande in a real Chromium: the signature drawn with the mouse on the
 * canvas, the signataire filled, the form sent; the page then links the created commande, whose
 * page opens. Then a payment request from the same bdc, and its public link opened without an
 * account shows the EPC QR code.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newContext, newPage } from '#tests/browser/helpers/browser'
import { makeBdc } from '#tests/functional/bdc/helpers'

test.group('Browser / bdc signature', (group) => {
  withTransaction(group)

  test('draw, sign, see the commande; ask the acompte; the customer opens his link', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc({ user, email: 'browser.client@example.com' })
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/bdc/${bdc.id}`)

    const canvas = page.locator('[data-testid="signature-canvas"]')
    await canvas.scrollIntoViewIfNeeded()
    const box = (await canvas.boundingBox())!
    await page.mouse.move(box.x + 40, box.y + 120)
    await page.mouse.down()
    for (let i = 1; i <= 20; i++) {
      await page.mouse.move(box.x + 40 + i * 15, box.y + 120 + (i % 2 ? -30 : 30), { steps: 2 })
    }
    await page.mouse.up()
    await page.fill('[data-testid="signature-signataire"]', 'Anne Lambert')
    await page.click('[data-testid="signature-submit"]')

    const commande = page.locator('[data-testid="bdc-commande"] a')
    await commande.waitFor()
    const numero = (await commande.textContent())!.trim()
    assert.match(numero, /^CMD-\d{4}-\d{5}$/)
    assert.equal(await page.locator('[data-testid="bdc-statut"]').textContent(), 'Signé')
    assert.isTrue(await page.locator('[data-testid="bdc-signature-image"]').isVisible())

    // The acompte asked by email
    await page.click('[data-testid="demande-open"]')
    await page.click('button:has-text("Créer et envoyer")')
    await page.waitForURL(/\/esi\/paiement\/demandes\/\d+$/)
    await page.locator('[data-testid="paiement-qr"]').waitFor()
    const lien = await page.locator('[data-testid="demande-lien"]').inputValue()
    assert.include(lien, '/paiement/')

    // The customer: a fresh browser without any session
    const guest = await newContext()
    const customer = await guest.newPage()
    await customer.goto(new URL(lien).pathname + new URL(lien).search)
    await customer.locator('[data-testid="paiement-qr"]').waitFor()
    assert.include(await customer.locator('[data-testid="paiement-details"]').innerText(), '+++')
    await guest.close()

    // Back to the commande's page
    await page.goto(`/esi/bdc/${bdc.id}`)
    await page.click('[data-testid="bdc-commande"] a')
    await page.waitForURL(/\/esi\/commandes\/\d+$/)
    assert.include(await page.locator('h1').first().innerText(), numero)
    await page.context().close()
  })
})
