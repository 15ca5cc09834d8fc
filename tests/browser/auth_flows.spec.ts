/*
 * Account flows in a real Chromium (issue 3 item 9): register → verify through the kept e-mail
 * → enable two-factor from the profile → log out → log in with a code; and a staff member
 * looking at the app as a pro: the pro menu, and 403 on an esi page.
 */
import { test } from '@japa/runner'
import { Secret, TOTP } from 'otpauth'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { lastMailTo, linkIn } from '#tests/auth_helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'

const VIEWPORT = { viewport: { width: 1280, height: 900 } }

/** The code an authenticator app shows for that secret at that moment. */
function codeOf(secret: string, at = Date.now()): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 })
  return totp.generate({ timestamp: at })
}

const menuNames = (page: Page) =>
  page
    .locator('#sidebar .nav-main-link-name')
    .evaluateAll((els) => els.map((el) => el.textContent?.trim()))

test.group('Browser / account flows', (group) => {
  withTransaction(group)

  test('register, verify by e-mail, enable two-factor, log out, log in with a code', async ({
    assert,
  }) => {
    const email = `camille.navigateur.${Date.now()}@example.com`
    const password = 'une-phrase-de-passe-2026'
    const page = await newPage(VIEWPORT)

    // Register: the account exists, unverified, and waits on the verification page
    await page.goto('/register')
    await page.fill('input[name="name"]', 'Camille Navigateur')
    await page.fill('input[name="email"]', email)
    await page.fill('input[name="password"]', password)
    await page.fill('input[name="password_confirmation"]', password)
    await Promise.all([page.waitForURL('**/email/verify'), page.click('button[type="submit"]')])
    await page
      .getByRole('heading', { name: 'Vérifiez votre adresse e-mail', exact: true })
      .waitFor()

    // The link of the kept e-mail (storage/mails/test) verifies the address
    const mail = await lastMailTo(email)
    assert.exists(mail, 'no verification e-mail kept')
    await page.goto(linkIn(mail!))
    await page.waitForURL('**/dashboard')

    // Two-factor from the profile: QR code and secret, then a code of the authenticator
    await page.goto('/profile')
    await page.getByRole('heading', { name: 'Mon profil', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Activer la double authentification' }).click()
    const secretText = await page.getByTestId('two-factor-secret').textContent()
    const secret = (secretText ?? '').replace(/\s+/g, '')
    assert.match(secret, /^[A-Z2-7]{32}$/)
    await page.fill('input[name="code"]', codeOf(secret))
    await page.getByRole('button', { name: 'Confirmer et activer' }).click()
    await page.getByText('Conservez ces codes de récupération en lieu sûr').waitFor()
    assert.lengthOf(await page.getByLabel('Codes de récupération').locator('li').all(), 8)
    await page.locator('#two-factor-title').getByText('Activée').waitFor()

    // Log out from the user menu
    await page.getByRole('button', { name: /Menu utilisateur de Camille Navigateur/ }).click()
    await Promise.all([
      page.waitForURL('**/login'),
      page.getByRole('button', { name: 'Log Out' }).click(),
    ])

    // Log in: the password, then the code of the next time step (the one just used is spent)
    await page.fill('input[name="email"]', email)
    await page.fill('input[name="password"]', password)
    await Promise.all([
      page.waitForURL('**/two-factor-challenge'),
      page.click('button[type="submit"]'),
    ])
    await page.fill('input[name="code"]', codeOf(secret, Date.now() + 30_000))
    await Promise.all([page.waitForURL('**/dashboard'), page.click('button[type="submit"]')])
    assert.include(await menuNames(page), 'Profil')
    await page.context().close()
  })

  test('staff viewing the app as a pro see the pro menu and get 403 on esi pages', async ({
    assert,
  }) => {
    const staff = await makeUser('esi', { name: 'Sophie Lambert' })
    const page = await newPage(VIEWPORT)
    await loginAs(page, staff.email, TEST_PASSWORD)
    assert.include(await menuNames(page), 'Devis')

    await page.getByRole('button', { name: "Panneau latéral : paramètres d'affichage" }).click()
    await page.locator('#side-overlay').getByRole('button', { name: 'Voir comme pro' }).click()
    // The switch may first ask for the password: follow the detour when it comes
    await page.waitForLoadState('networkidle')
    if (new URL(page.url()).pathname === '/confirm-password') {
      await page.fill('input[name="password"]', TEST_PASSWORD)
      await page.click('button[type="submit"]')
      await page.locator('#side-overlay').getByRole('button', { name: 'Voir comme pro' }).click()
    }
    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll('#sidebar .nav-main-link-name')].some(
          (el) => el.textContent?.trim() === 'Devis'
        )
    )
    const names = await menuNames(page)
    for (const name of ['Contacts', 'Offres', 'Profil']) assert.include(names, name)
    for (const name of ['Devis', 'Clients', 'Planning', 'Textes modèles'])
      assert.notInclude(names, name)

    for (const url of ['/esi/devis', '/esi/textes']) {
      const response = await page.goto(url)
      assert.equal(response?.status(), 403, url)
    }
    await page.context().close()
  })
})
