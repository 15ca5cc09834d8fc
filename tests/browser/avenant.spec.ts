/*
 * The avenant on a phone (390 px, issue 12 §2): the flagged rows shown beside the lines, a price
 * changed in the lines table with the new total and the acompte difference recomputed on the
 * page, saved, « Faire signer », the customer draws the signature with a finger-like stroke and
 * it is signed: the badge says « Signé », the demande de paiement is linked, nothing overflows.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { preparedAvenant, etapeStatut } from '#tests/functional/avenants/helpers'
import Avenant from '#models/avenant'

test.group('Browser / avenant at 390 px', (group) => {
  withTransaction(group)

  test('adjust a price, present, sign on the device', async ({ assert }) => {
    const user = await makeUser('esi')
    const { commande, avenant } = await preparedAvenant()
    const page = await newPage({ viewport: { width: 390, height: 844 }, hasTouch: true })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/commandes/${commande.id}/avenant`)
    await page.locator('[data-testid="ecarts"]').waitFor()
    assert.include(await page.locator('[data-testid="ecarts"]').innerText(), '1240 mm')

    // The door (3rd line) at 2 000,00 €: the difference and the acompte follow live
    const before = await page.locator('[data-testid="difference-ttc"]').innerText()
    const prix = page.locator('#lignes-2-prix_unitaire_ht')
    await prix.fill('2000,00')
    await page.waitForFunction(
      (old) => document.querySelector('[data-testid="difference-ttc"]')?.textContent !== old,
      before
    )
    assert.match(await page.locator('[data-testid="acompte-difference"]').innerText(), /€/)
    await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/esi/avenants/${avenant.id}/lignes`)),
      page.click('[data-testid="avenant-save"]'),
    ])
    await page.waitForLoadState('networkidle')
    // The « Avenant enregistré » toast first (one sweetalert at a time: the dialog replaces it)
    await page.locator('.swal2-toast').waitFor()
    const saved = await Avenant.findOrFail(avenant.id)
    assert.equal(saved.lockVersion, avenant.lockVersion + 1)
    let width = await page.evaluate(() => document.documentElement.scrollWidth)
    assert.isAtMost(width, 390)

    await page.click('[data-testid="avenant-presenter"]')
    await page.click('.swal2-popup:not(.swal2-toast) .swal2-confirm')
    await page.locator('[data-testid="avenant-sign-form"]').waitFor()

    const canvas = page.locator('[data-testid="signature-canvas"]')
    await canvas.scrollIntoViewIfNeeded()
    const box = (await canvas.boundingBox())!
    await page.mouse.move(box.x + 20, box.y + 100)
    await page.mouse.down()
    for (let i = 1; i <= 16; i++) {
      await page.mouse.move(box.x + 20 + i * 18, box.y + 100 + (i % 2 ? -40 : 40), { steps: 2 })
    }
    await page.mouse.up()
    await page.fill('[data-testid="avenant-signataire"]', 'Anne Lambert')
    width = await page.evaluate(() => document.documentElement.scrollWidth)
    assert.isAtMost(width, 390)
    await page.click('[data-testid="avenant-sign-submit"]')

    await page.locator('[data-testid="avenant-signed"]').waitFor()
    assert.equal(await page.locator('[data-testid="avenant-statut"]').innerText(), 'Signé')
    const signed = await Avenant.findOrFail(avenant.id)
    assert.equal(signed.statut, 'signe')
    assert.equal(signed.signataire, 'Anne Lambert')
    // The door's new price is in the signed total
    await signed.load('lignes')
    assert.equal(signed.lignes[2].prixUnitaireHt, 200_000)
    assert.equal(await etapeStatut(commande.id), 'faite')
    assert.isNotNull(signed.demandePaiementId)
    width = await page.evaluate(() => document.documentElement.scrollWidth)
    assert.isAtMost(width, 390)
    await page.context().close()
  }).timeout(120_000)
})
