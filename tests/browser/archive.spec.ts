/*
 * The archive in a real Chromium (issue 14 §4), at 1366 and 390 px: a search typed in the list
 * goes to the URL and finds the finished commande by its site address, its row opens the
 * read-only file (its sections there, no form, no button that writes), and the phone width
 * scrolls nothing sideways; axe finds no serious or critical violation on either page.
 */
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { commandeArchivee } from '#tests/functional/archive/helpers'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { violationsOf } from '#tests/browser/helpers/accessibility'

const SECTIONS = [
  'resume',
  'devis',
  'bdc',
  'mesurage',
  'fournisseurs',
  'reception',
  'factures',
  'notes-credit',
  'paiements',
  'mails',
  'photos',
  'historique',
]

async function openFromList(page: Page, assert: any, numero: string, id: number) {
  await page.goto('/esi/archive')
  await page.waitForSelector('#list-search')
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get('q') === 'Clairière'),
    page.fill('#list-search', 'Clairière'),
  ])
  await page.waitForSelector(`[data-testid="archive-open-${id}"]`)
  assert.equal(await page.locator('tbody tr').count(), 1)
  assert.deepEqual(await violationsOf(page, page.url()), [])
  await Promise.all([
    page.waitForURL(`**/esi/archive/${id}`),
    page.click(`[data-testid="archive-open-${id}"]`),
  ])
  await page.waitForSelector('[data-testid="archive-lecture"]')
  assert.include(await page.locator('h1').textContent(), numero)
  for (const section of SECTIONS) {
    assert.isTrue(
      await page.locator(`[data-testid="archive-section-${section}"]`).isVisible(),
      section
    )
  }
  assert.deepEqual(await violationsOf(page, page.url()), [])
  // Read only: no form, no button but the sections' own disclosures
  assert.equal(await page.locator('.content form').count(), 0)
  assert.equal(await page.locator('.content button').count(), 0)
  // A section folds away and comes back
  await page.click('[data-testid="archive-section-devis"] summary')
  assert.isFalse(await page.locator('[data-testid="archive-devis-versions"]').isVisible())
  await page.click('[data-testid="archive-section-devis"] summary')
  assert.isTrue(await page.locator('[data-testid="archive-devis-versions"]').isVisible())
}

test.group('Browser / archive', (group) => {
  withTransaction(group)

  for (const width of [1366, 390]) {
    test(`search the archive and open a finished commande's file at ${width} px`, async ({
      assert,
    }) => {
      const user = await makeUser('esi')
      const commande = await commandeArchivee({
        clientNom: `Archive${width}`,
        adresse: 'Allée de la Clairière 7, 1310 La Hulpe',
      })
      await commandeArchivee({ clientNom: 'Autre', adresse: 'Rue du Bois 2, 1000 Bruxelles' })
      const page = await newPage({ viewport: { width, height: 900 } })
      await loginAs(page, user.email, TEST_PASSWORD)
      await openFromList(page, assert, commande.numero, commande.id)
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth)
      assert.isAtMost(scroll, width)
      await page.context().close()
    })
  }
})
