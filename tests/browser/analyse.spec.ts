/*
 * An analyse page in a real Chromium (issue 14 §3): the acceptance of the devis draws its chart
 * (chart.js downloaded by this page only, not by the devis list) and its tables at 1366 and
 * 390 px without a horizontal scroll of the page nor a serious axe violation; a period preset and the du / au form put the
 * period in the URL and the figures follow.
 */
import { test } from '@japa/runner'
import { AxeBuilder } from '@axe-core/playwright'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { makeDevis } from '#tests/functional/devis/devis_list_helpers'
import { loginAs, newPage } from '#tests/browser/helpers/browser'

/** A commercial with one devis sent and accepted today: her row says 100 %. */
async function aliceWithAcceptedDevis() {
  const user = await makeUser('esi', { name: 'Alice Analyse' })
  const today = new Date().toISOString().slice(0, 10)
  await makeDevis({
    statut: 'accepte',
    commercial: user,
    envoyeLe: `${today}T08:00:00Z`,
    accepteLe: `${today}T09:00:00Z`,
  })
  return user
}

test.group('Browser / analyse', (group) => {
  withTransaction(group)

  for (const width of [1366, 390]) {
    test(`acceptance page at ${width} px: chart, tables, period in the URL`, async ({ assert }) => {
      const user = await aliceWithAcceptedDevis()
      await makeDevis({ statut: 'refuse', commercial: user, envoyeLe: '2031-02-10T08:00:00Z' })
      const page = await newPage({ viewport: { width, height: 900 } })
      const chartRequests: string[] = []
      page.on('request', (r) => {
        if (/chart/i.test(r.url())) chartRequests.push(r.url())
      })
      await loginAs(page, user.email, TEST_PASSWORD)

      await page.goto('/esi/devis')
      await page.waitForSelector('#devis-table')
      assert.deepEqual(chartRequests, [], 'the devis list loads no chart code')

      await page.goto('/esi/analyse/acceptation')
      await page.waitForSelector('#analyse-table')
      await page.waitForSelector('canvas[role="img"]', { state: 'attached' })
      assert.isAbove(chartRequests.length, 0, 'chart.js loaded by the analyse page')
      const alice = page.locator('#analyse-table tbody tr', { hasText: 'Alice Analyse' })
      assert.include(await alice.textContent(), '100')
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth
      )
      assert.isAtMost(overflow, 0, 'no horizontal scroll of the page')
      // axe (WCAG 2 A and AA): no serious or critical violation
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
      assert.deepEqual(
        axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        []
      )

      // A typed period: the URL carries it, the refused devis of February 2031 now counts
      await page.fill('#analyse-du', '2031-01-01')
      await page.fill('#analyse-au', '2031-03-31')
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get('du') === '2031-01-01'),
        page.click('#analyse-periode button[type="submit"]'),
      ])
      assert.equal(new URL(page.url()).searchParams.get('au'), '2031-03-31')
      await page.waitForFunction(() =>
        document.querySelector('#analyse-table tbody')?.textContent?.includes('0\u00a0%')
      )
      // A preset: « Cette année »
      const year = new Date().toISOString().slice(0, 4)
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get('du') === `${year}-01-01`),
        page.getByRole('button', { name: 'Cette année' }).click(),
      ])
      assert.equal(
        await page.getByRole('button', { name: 'Cette année' }).getAttribute('aria-pressed'),
        'true'
      )
      // The export links carry the same period
      const csv = await page.getByRole('link', { name: 'CSV' }).getAttribute('href')
      assert.include(csv, `du=${year}-01-01`)
      await page.context().close()
    })
  }

  test('the chart code not fetched: the tables stay, the chart says so in French', async ({
    assert,
  }) => {
    const user = await aliceWithAcceptedDevis()
    const page = await newPage()
    await loginAs(page, user.email, TEST_PASSWORD)
    // The lazy chart module only: as when the connection drops or a release removed its chunk
    await page.route(/\/AnalyseChart[.-]/, (route) => route.abort())
    await page.goto('/esi/analyse/acceptation')
    const alert = page.getByTestId('chunk-echec')
    await alert.waitFor()
    assert.include(await alert.innerText(), 'Impossible de charger le graphique')
    // React did not unmount the page: its table is still there
    assert.include(
      await page.locator('#analyse-table tbody tr', { hasText: 'Alice Analyse' }).textContent(),
      '100'
    )
    await alert.getByRole('button', { name: 'Recharger la page' }).waitFor()
  }).timeout(90_000)
})
