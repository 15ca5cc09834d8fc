/*
 * The commande's « Facturation » block in a real Chromium (issue 11): its balance (commandé,
 * facturé, crédité, payé, reste dû), and « Lignes choisies… »: the modal lists the bdc's lines,
 * a quantity typed shows the TTC, « Créer le brouillon » opens the draft facture intermédiaire.
 * At 390 px the modal fits the screen.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import BdcLigne from '#models/bdc_ligne'
import { formatEuros } from '#shared/totals'

const squash = (text: string) => text.replace(/\s/g, '')

/** SCREENSHOT_DIR=… keeps what the test saw, to look at it. */
async function shot(page: { screenshot: (o: object) => Promise<unknown> }, name: string) {
  const dir = process.env.SCREENSHOT_DIR
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true })
}

test.group('Browser / commande balance and chosen lines', (group) => {
  withTransaction(group)

  test('balance figures, then an intermédiaire of one window', async ({ assert }) => {
    const user = await makeUser('esi')
    const { bdc, commande } = await signedBdc()
    const [fenetre] = await BdcLigne.query()
      .where('bdc_id', bdc.id)
      .where('type', 'produit')
      .orderBy('position')
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/commandes/${commande.id}`)
    const balance = page.locator('[data-testid="commande-balance"]')
    await balance.waitFor()
    assert.include(
      squash(await page.locator('[data-testid="commande-balance-commande_ttc"]').innerText()),
      squash(formatEuros(bdc.totalTtc))
    )
    assert.include(squash(await balance.innerText()), 'Restedû0,00€')

    await page.click('[data-testid="facture-intermediaire-lignes-open"]')
    const input = page.locator(`[data-testid="intermediaire-ligne-${fenetre.id}"]`)
    await input.waitFor()
    await input.fill('1')
    // 450,00 − 10 % = 405,00 HT + 6 % VAT
    assert.include(
      squash(await page.locator('[data-testid="intermediaire-lignes-total"]').innerText()),
      '429,30€'
    )
    await shot(page, 'lignes-choisies-desktop')
    await page.click('.modal button[type="submit"]:has-text("Créer le brouillon")')
    await page.waitForURL(/\/esi\/compta\/facture\/\d+$/)
    assert.include(await page.locator('h1').innerText(), 'Facture (brouillon)')
    assert.include(await page.locator('main').innerText(), 'lignes choisies')
    assert.include(await page.locator('main').innerText(), fenetre.designation)

    // At 390 px the modal and the balance stay within the screen
    const phone = page
    await phone.setViewportSize({ width: 390, height: 844 })
    await phone.goto(`/esi/commandes/${commande.id}`)
    await phone.locator('[data-testid="commande-balance"]').waitFor()
    await phone.click('[data-testid="facture-intermediaire-lignes-open"]')
    await phone.locator(`[data-testid="intermediaire-ligne-${fenetre.id}"]`).waitFor()
    const width = await phone.evaluate(() => document.documentElement.scrollWidth)
    assert.isAtMost(width, 390)
    await shot(phone, 'lignes-choisies-phone')
  }).timeout(120_000)
})
