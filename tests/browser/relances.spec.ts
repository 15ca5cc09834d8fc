/*
 * Relances in a real Chromium (decisions 249–253): on an overdue facture's page, « Relancer
 * (niveau 1) » (confirmed) e-mails the reminder and the « Relances » block lists it with the
 * next level's date; the créances page leads to the morning proposals, where one proposal is
 * unticked and the others sent in one batch; both pages pass axe and fit a 390 px phone.
 */
import { test } from '@japa/runner'
import { violationsOf } from '#tests/browser/helpers/accessibility'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { lateFacture, relancesOf } from '#tests/functional/relances/helpers'
import { addDays, formatDate, todayIso } from '#shared/dates'
import { RELANCE_DELAIS } from '#shared/relances'

const SHOTS = process.env.RELANCES_SCREENSHOTS

async function widthAt390(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.waitForTimeout(200)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true })
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  await page.setViewportSize({ width: 1400, height: 1000 })
  return width
}

test.group('Browser / relances', (group) => {
  withTransaction(group)

  test('« Relancer (niveau 1) » on the facture page, then the history', async ({ assert }) => {
    const user = await makeUser('esi')
    const { facture } = await lateFacture(RELANCE_DELAIS[1] + 4)
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/compta/facture/${facture.id}`)
    await page.click('[data-testid="relancer"]')
    await page.click('.swal2-confirm:has-text("Envoyer")')
    const history = page.locator('[data-testid="relances-historique"]')
    await history.waitFor()
    const text = await history.innerText()
    assert.include(text, 'Rappel amical')
    assert.include(text, formatDate(todayIso()))
    assert.include(text, 'envoyé')
    assert.include(
      await page.locator('text=Prochaine relance').innerText(),
      formatDate(addDays(todayIso(), RELANCE_DELAIS[2]))
    )
    assert.equal(await page.locator('[data-testid="relancer"]').count(), 0)
    assert.lengthOf(await relancesOf(facture), 1)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/facture-desktop.png`, fullPage: true })
    const found = await violationsOf(page, page.url())
    assert.isAtMost(await widthAt390(page, 'facture'), 390)
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(90_000)

  test('créances → the morning proposals, one unticked, the others sent', async ({ assert }) => {
    const user = await makeUser('esi')
    const a = await lateFacture(RELANCE_DELAIS[1] + 1)
    const b = await lateFacture(RELANCE_DELAIS[1] + 2, { professionnel: true })
    const c = await lateFacture(RELANCE_DELAIS[1] + 3, { email: null })
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto('/esi/compta/creance')
    await page.click('[data-testid="creances-relances"]')
    await page.waitForURL(/\/esi\/compta\/relances$/)
    const rows = page.locator('[data-testid="relance-proposition"]')
    await rows.first().waitFor()
    for (const f of [a, b, c]) {
      assert.equal(await rows.filter({ hasText: f.facture.numero! }).count(), 1)
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/relances-desktop.png`, fullPage: true })
    const found = await violationsOf(page, page.url())
    assert.isAtMost(await widthAt390(page, 'relances'), 390)

    await page.uncheck(`input[aria-label="Relancer ${b.facture.numero}"]`)
    await page.click('[data-testid="relances-envoyer"]')
    await page.click('.swal2-confirm:has-text("Envoyer")')
    await page.locator('text=/2 relances faites/').first().waitFor()
    assert.lengthOf(await relancesOf(a.facture), 1)
    assert.lengthOf(await relancesOf(b.facture), 0)
    const [letter] = await relancesOf(c.facture)
    assert.equal(letter.canal, 'courrier')
    // Sent ones leave the list; the unticked one stays proposed
    await page.waitForLoadState('networkidle')
    assert.equal(await rows.count(), 1)
    assert.include(await rows.first().innerText(), b.facture.numero!)
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(90_000)
})
