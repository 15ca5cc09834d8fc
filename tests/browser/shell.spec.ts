/*
 * The application shell in a real Chromium (issue 2): each role's menu, dark mode surviving a
 * reload, the side overlay and Escape, the progress bar, the 419 → /login redirect.
 */
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'

const menuNames = (page: Page) =>
  page
    .locator('#sidebar .nav-main-link-name')
    .evaluateAll((els) => els.map((el) => el.textContent?.trim()))

test.group('Browser / shell', (group) => {
  withTransaction(group)

  test('each role sees its own menu (SPEC.md §6)', async ({ assert }) => {
    const expectations = {
      other: {
        has: ['Tableau de bord', 'Sociétés', 'Profil', 'Accueil'],
        not: ['Contacts', 'Devis', 'Clients'],
      },
      pro: { has: ['Contacts', 'Offres', 'Profil'], not: ['Devis', 'Clients', 'Planning'] },
      esi: {
        has: [
          'Contacts',
          'Clients',
          'Devis',
          'Commandes',
          'Planning',
          'Comptabilité',
          'Archive',
          'Test accès',
        ],
        not: [],
      },
    } as const
    for (const [role, expected] of Object.entries(expectations)) {
      const user = await makeUser(role as 'esi' | 'pro' | 'other')
      const page = await newPage({ viewport: { width: 1280, height: 800 } })
      await loginAs(page, user.email, TEST_PASSWORD)
      const names = await menuNames(page)
      for (const name of expected.has) assert.include(names, name, `${role} should see ${name}`)
      for (const name of expected.not)
        assert.notInclude(names, name, `${role} must not see ${name}`)
      // The server agrees with the menu: an esi page is refused to the others
      const response = await page.goto('/esi/devis')
      assert.equal(response?.status(), role === 'esi' ? 200 : 403)
      await page.context().close()
    }
  })

  test('dark mode chosen in the side overlay survives a reload; Escape closes the overlay', async ({
    assert,
  }) => {
    const user = await makeUser('pro')
    const page = await newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' })
    await loginAs(page, user.email, TEST_PASSWORD)
    const container = page.locator('#page-container')

    await page.getByRole('button', { name: "Panneau latéral : paramètres d'affichage" }).click()
    await assert.isTrue(await hasClass(container, 'side-overlay-o'))
    await page.locator('#side-overlay').getByRole('radio', { name: 'Sombre' }).click()
    assert.isTrue(
      await page.evaluate(() => document.documentElement.classList.contains('dark-mode'))
    )

    await page.keyboard.press('Escape')
    await page.waitForFunction(
      () => !document.querySelector('#page-container')?.classList.contains('side-overlay-o')
    )

    await page.reload()
    await page.waitForSelector('#page-container')
    assert.isTrue(
      await page.evaluate(() => document.documentElement.classList.contains('dark-mode'))
    )

    // "Système" follows the browser's scheme live
    await page.getByRole('button', { name: "Panneau latéral : paramètres d'affichage" }).click()
    await page.locator('#side-overlay').getByRole('radio', { name: 'Système' }).click()
    assert.isFalse(
      await page.evaluate(() => document.documentElement.classList.contains('dark-mode'))
    )
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.waitForFunction(() => document.documentElement.classList.contains('dark-mode'))
    await page.context().close()
  })

  test('a slow page visit shows the progress bar in #3b82f6', async ({ assert }) => {
    const user = await makeUser('esi')
    const page = await newPage({ viewport: { width: 1280, height: 800 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    // Hold the next visit for 1.2 s: longer than the 250 ms delay before the bar shows
    await page.route('**/test-access', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200))
      await route.continue()
    })
    await page.locator('#sidebar').getByRole('link', { name: 'Test accès' }).click()
    const bar = page.locator('#nprogress .bar')
    await bar.waitFor({ state: 'attached', timeout: 1000 })
    const color = await bar.evaluate((el) => getComputedStyle(el).backgroundColor)
    assert.equal(color, 'rgb(59, 130, 246)')
    await page.waitForURL('**/test-access')
    await page.context().close()
  })

  test('a request refused for a bad CSRF token (419) sends the user to /login', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const page = await newPage({ viewport: { width: 1280, height: 800 } })
    const warnings: string[] = []
    page.on('console', (msg) => msg.type() === 'warning' && warnings.push(msg.text()))
    await loginAs(page, user.email, TEST_PASSWORD)

    // A stale anti-forgery cookie, as after the server's key rotated
    await page.context().addCookies([{ name: 'XSRF-TOKEN', value: 'stale', url: page.url() }])
    const toLogin = page.waitForRequest((req) => new URL(req.url()).pathname === '/login')
    await page.getByRole('button', { name: "Panneau latéral : paramètres d'affichage" }).click()
    await page.locator('#side-overlay').getByRole('button', { name: 'Voir comme pro' }).click()
    await toLogin
    assert.isTrue(
      warnings.some((w) => /session/i.test(w)),
      `console warnings: ${warnings.join(' | ')}`
    )
    await page.context().close()
  })
})

async function hasClass(locator: ReturnType<Page['locator']>, name: string) {
  return locator.evaluate((el, cls) => el.classList.contains(cls), name)
}
