/*
 * Créances in a real Chromium (issue 11 §4, §6): the staff dashboard's « En retard » card opens
 * the créances filtered on late clients, totals on top; a click on a client shows its open
 * factures with their delay; the créances pages and the exports page pass axe (light mode).
 */
import { test } from '@japa/runner'
import { AxeBuilder } from '@axe-core/playwright'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { ClientFactory } from '#database/factories/client_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { esiSociete } from '#tests/functional/bdc/helpers'
import { factureLate } from '#tests/functional/creances/helpers'

const squash = (text: string) => text.replace(/\s/g, '')

test.group('Browser / créances', (group) => {
  withTransaction(group)

  test('dashboard « En retard » → late clients → a client’s open factures', async ({ assert }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const late = await ClientFactory.merge({
      nom: 'Retardataire',
      prenom: null,
      civilite: null,
    }).create()
    const onTime = await ClientFactory.merge({
      nom: 'Ponctuel',
      prenom: null,
      civilite: null,
    }).create()
    const facture = await factureLate(late, 45)
    await factureLate(onTime, -10)

    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto('/dashboard')
    // The card whose text starts with « En retard » (the staff figures also have « Commandes en
    // retard », issue 14 §2)
    const card = page.locator('a', { hasText: /^\s*En retard/ })
    assert.include(squash(await card.innerText()), '121,00€')
    await card.click()
    await page.waitForURL(/\/esi\/compta\/creance\?filter/)
    const totaux = page.locator('[data-testid="creances-totaux"]')
    await totaux.waitFor()
    assert.include(squash(await totaux.innerText()), '121,00€')
    assert.equal(await page.locator('tbody tr', { hasText: 'Ponctuel' }).count(), 0)

    const violations = async () => {
      await page.waitForLoadState('networkidle')
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${page.url()}: ${v.id} on ${v.nodes.map((n) => n.target).join(' | ')}`)
    }
    const found = await violations()

    await page.click('a:has-text("Retardataire")')
    await page.waitForURL(/\/esi\/compta\/creance\/client\/\d+$/)
    const row = page.locator('tr', { hasText: facture.numero! })
    await row.waitFor()
    assert.include(await row.innerText(), '45\u00a0jours')
    assert.include(await row.innerText(), '31–60 jours')
    found.push(...(await violations()))

    await page.goto('/esi/compta/exports')
    await page.locator('#export-du').waitFor()
    found.push(...(await violations()))
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(90_000)
})
