/*
 * The devis list and statistics in a real Chromium (issue 5): a click on a header sorts and
 * puts the sort in the URL, a statut button filters, a row opens the devis; the stats page shows
 * its tables and draws its charts (chart.js loaded on demand).
 */
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { makeDevis } from '#tests/functional/devis/devis_list_helpers'
import { loginAs, newPage } from '#tests/browser/helpers/browser'

const clientNames = (page: Page) =>
  page
    .locator('#devis-table tbody tr td:nth-child(4)')
    .evaluateAll((cells) => cells.map((c) => c.textContent?.trim()))

test.group('Browser / devis list and stats', (group) => {
  withTransaction(group)

  test('sort, filter by statut, open a devis; the stats page draws', async ({ assert }) => {
    const user = await makeUser('esi')
    const today = new Date().toISOString().slice(0, 10)
    await makeDevis({ clientNom: 'Dupont', date: today, statut: 'brouillon', ht: 50_000 })
    await makeDevis({
      clientNom: 'Aubry',
      numero: 'DEV-2026-00001',
      date: today,
      statut: 'accepte',
      ht: 150_000,
      commercial: user,
      envoyeLe: `${today}T08:00:00Z`,
      accepteLe: `${today}T09:00:00Z`,
    })
    await makeDevis({
      clientNom: 'Zidane',
      numero: 'DEV-2026-00002',
      date: today,
      statut: 'envoye',
      ht: 90_000,
      envoyeLe: `${today}T08:00:00Z`,
    })
    const page = await newPage({ viewport: { width: 1400, height: 900 } })
    await loginAs(page, user.email, TEST_PASSWORD)

    await page.goto('/esi/devis?sort=-total_ttc')
    await page.waitForSelector('#devis-table tbody tr[data-id]')
    assert.deepEqual(await clientNames(page), ['Aubry', 'Zidane', 'Dupont'])
    assert.include(await page.locator('#devis-table').textContent(), 'Brouillon')

    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('sort') === 'client_nom'),
      page.click('button[data-sort-key="client_nom"]'),
    ])
    await page.waitForFunction(
      () => document.querySelector('#devis-table tbody td:nth-child(4)')?.textContent === 'Aubry'
    )
    assert.deepEqual(await clientNames(page), ['Aubry', 'Dupont', 'Zidane'])

    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('filter[statut]') === 'envoye'),
      page.click('button[data-statut="envoye"]'),
    ])
    await page.waitForFunction(
      () => document.querySelectorAll('#devis-table tbody tr').length === 1
    )
    assert.deepEqual(await clientNames(page), ['Zidane'])
    assert.equal(await page.getAttribute('button[data-statut="envoye"]', 'aria-pressed'), 'true')

    // The stats: the period form, the tables and the two charts
    await page.goto('/esi/devis/stats')
    await page.waitForSelector('#stats-statut')
    await page.waitForSelector('canvas', { state: 'attached' })
    assert.equal(await page.locator('canvas').count(), 2)
    const accepte = await page.locator('#stats-statut tr[data-statut="accepte"]').textContent()
    assert.include(accepte, '1')
    assert.include(await page.locator('#stats-kpis').textContent(), 'Taux de conversion')
  })
})
