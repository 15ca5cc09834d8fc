/*
 * The clients list in a real Chromium (issue 4): sorting by a column header changes the order
 * and the URL, typing in the search filters the rows and puts ?q= in the URL, and a reload keeps
 * the whole state (it lives in the URL).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { ClientFactory } from '#database/factories/client_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'

const names = (page: Page) =>
  page
    .locator('#clients-table tbody td.client-name')
    .evaluateAll((cells) => cells.map((c) => c.textContent?.replace(/\s+/g, ' ').trim()))

test.group('Browser / clients list', (group) => {
  withTransaction(group)

  test('sort by a header, search as you type, reload keeps the state', async ({ assert }) => {
    const user = await makeUser('esi')
    for (const [nom, prenom] of [
      ['Dupont', 'Jean'],
      ['Zidane', 'Paul'],
      ['Martin', 'Géraldine'],
      ['Aubry', 'Chloé'],
    ]) {
      await ClientFactory.merge({ nom, prenom, email: `${nom.toLowerCase()}@exemple.be` }).create()
    }
    const page = await newPage({ viewport: { width: 1400, height: 900 } })
    await loginAs(page, user.email, TEST_PASSWORD)

    await page.goto('/esi/customers?sort=-id_client')
    await page.waitForSelector('#clients-table tbody td.client-name')
    assert.deepEqual(await names(page), [
      'Aubry Chloé',
      'Martin Géraldine',
      'Zidane Paul',
      'Dupont Jean',
    ])
    assert.equal(
      await page
        .locator('th[aria-sort="descending"] [data-sort-key]')
        .getAttribute('data-sort-key'),
      'id_client'
    )

    // A click on « Nom »: ascending by name, in the URL
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('sort') === 'nom'),
      page.click('button[data-sort-key="nom"]'),
    ])
    await page.waitForFunction(() =>
      document.querySelector('#clients-table tbody td.client-name')?.textContent?.includes('Aubry')
    )
    assert.deepEqual(await names(page), [
      'Aubry Chloé',
      'Dupont Jean',
      'Martin Géraldine',
      'Zidane Paul',
    ])

    // Again: descending
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('sort') === '-nom'),
      page.click('button[data-sort-key="nom"]'),
    ])
    await page.waitForFunction(() =>
      document.querySelector('#clients-table tbody td.client-name')?.textContent?.includes('Zidane')
    )
    assert.deepEqual(await names(page), [
      'Zidane Paul',
      'Martin Géraldine',
      'Dupont Jean',
      'Aubry Chloé',
    ])

    // Typing in the search (no accent): the rows and the URL follow
    await page.fill('#list-search', 'geraldine')
    await page.waitForURL((url) => url.searchParams.get('q') === 'geraldine')
    await page.waitForFunction(
      () => document.querySelectorAll('#clients-table tbody td.client-name').length === 1
    )
    assert.deepEqual(await names(page), ['Martin Géraldine'])
    assert.equal(new URL(page.url()).searchParams.get('sort'), '-nom')

    // A reload keeps the sort, the search and the rows
    await page.reload()
    await page.waitForSelector('#clients-table tbody td.client-name')
    assert.equal(await page.inputValue('#list-search'), 'geraldine')
    assert.deepEqual(await names(page), ['Martin Géraldine'])
    assert.equal(
      await page
        .locator('th[aria-sort="descending"] [data-sort-key]')
        .getAttribute('data-sort-key'),
      'nom'
    )

    // Clearing the search brings every client back, still sorted by -nom
    await page.fill('#list-search', '')
    await page.waitForURL((url) => !url.searchParams.has('q'))
    await page.waitForFunction(
      () => document.querySelectorAll('#clients-table tbody td.client-name').length === 4
    )
    assert.deepEqual(await names(page), [
      'Zidane Paul',
      'Martin Géraldine',
      'Dupont Jean',
      'Aubry Chloé',
    ])
    await page.context().close()
  })

  test('the Show page draws the worksite map without any network request', async ({ assert }) => {
    const user = await makeUser('esi')
    const client = await ClientFactory.merge({ chantierLat: 50.4669, chantierLng: 4.8675 }).create()
    const page = await newPage({ viewport: { width: 1280, height: 900 } })
    const outside: string[] = []
    page.on('request', (r) => {
      if (!/^https?:\/\/(127\.0\.0\.1|localhost)/.test(r.url()) && !r.url().startsWith('data:')) {
        outside.push(r.url())
      }
    })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/customers/${client.idClient}`)
    await page.waitForSelector('[data-testid="chantier-map"] svg')
    assert.include(
      await page.locator('[data-testid="chantier-map"]').innerText(),
      '50,4669° N, 4,8675° E'
    )
    assert.isTrue(await page.getByText('Aucun devis pour ce client.').isVisible())
    // Nothing leaves the machine: no map tiles, no fonts, no gravatar
    assert.deepEqual(outside, [])
    await page.context().close()
  })

  test('a stale edit keeps what was typed and shows the conflict (issue 10)', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const client = await ClientFactory.merge({ nom: 'Avant' }).create()
    const page = await newPage({ viewport: { width: 1280, height: 900 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/customers/${client.idClient}`)
    await page.getByRole('button', { name: 'Modifier' }).click()
    await page.fill('#client-form [name="nom"]', 'Tapé par moi')
    // Someone else saves the client meanwhile
    await db
      .from('clients')
      .where('id_client', client.idClient)
      .update({ lock_version: 2, nom: 'Par un autre' })
    await page.locator('#client-form button[type="submit"]').click()
    const conflict = page.locator('[data-testid="form-conflict"]')
    await conflict.waitFor()
    assert.include(await conflict.innerText(), 'a été modifié')
    assert.equal(await page.inputValue('#client-form [name="nom"]'), 'Tapé par moi')
    await page.context().close()
  })
})
