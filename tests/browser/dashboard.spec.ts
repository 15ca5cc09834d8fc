/*
 * The staff dashboard in a real Chromium (issue 14 §2): its figures render at 1366 px and on a
 * 390 px phone (no sideways scroll), equal to what the server counts, and a figure's link opens
 * its list showing the rows counted (the devis to follow up, the commandes late at a step).
 */
import { test } from '@japa/runner'
import { AxeBuilder } from '@axe-core/playwright'
import db from '@adonisjs/lucid/services/db'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { commandeSignee } from '#tests/functional/commandes/timeline_helpers'
import { devisEnvoye, etapePrevue } from '#tests/functional/dashboard/helpers'
import { staffFigures } from '#services/dashboard/staff_figures'
import { addDays, todayIso } from '#shared/dates'

test.group('Browser / dashboard', (group) => {
  withTransaction(group)

  test('staff figures at 1366 and 390 px; a figure opens its list', async ({ assert }) => {
    const user = await makeUser('esi')
    const devisId = await devisEnvoye(12)
    const { commande } = await commandeSignee()
    await etapePrevue(commande.id, 'mesurage', addDays(todayIso(), -4))
    const figures = await staffFigures(todayIso())

    const found: string[] = []
    for (const width of [1366, 390]) {
      const page = await newPage({ viewport: { width, height: 900 } })
      await loginAs(page, user.email, TEST_PASSWORD)
      await page.goto('/dashboard')
      const relance = page.locator('[data-testid="fig-relance"]')
      await relance.waitFor()
      assert.include(await relance.innerText(), String(figures.devis_a_relancer.nombre))
      await page.locator('[data-testid="fig-signes-mois"]').waitFor()
      assert.include(
        await page.locator('[data-testid="fig-retard-total"]').innerText(),
        String(figures.commandes_en_retard)
      )
      const mesurage = page.locator('[data-testid="fig-retard-mesurage"]')
      const late = figures.etapes_en_retard.find((r) => r.etape === 'mesurage')!.nombre
      assert.include(await mesurage.innerText(), String(late))
      // No sideways scroll on the phone
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth
      )
      assert.isAtMost(overflow, 0, `${width} px`)
      await page.waitForLoadState('networkidle')
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
      found.push(
        ...axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${width}px: ${v.id} on ${v.nodes.map((n) => n.target).join(' | ')}`)
      )

      if (width === 1366) {
        // « Devis à relancer » → the devis list filtered on them: our devis is there
        await relance.click()
        await page.waitForURL(
          /\/esi\/devis\?filter%5Brelance%5D=1|\/esi\/devis\?filter\[relance\]=1/
        )
        const numero = await db.from('devis').where('id', devisId).select('numero').first()
        await page.locator('tbody tr', { hasText: numero.numero }).waitFor()
        assert.equal(
          await page.locator('#filter-relance').inputValue(),
          '1',
          'the filter shows in the list'
        )
      } else {
        // « Mesurage » late → the commandes late at that step
        await mesurage.click()
        await page.waitForURL(/etape_en_retard/)
        await page.locator(`tbody tr`, { hasText: commande.numero }).first().waitFor()
      }
      await page.close()
    }
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(120_000)
})
