/*
 * Accessibility of the public pages (issue 15 §3): login and its two-factor step, register,
 * forgotten and reset password, the customer's devis signing page, payment page and facture,
 * the public réalisations. axe finds no serious or critical violation, in light and dark mode,
 * at desktop width and at 390 px (the customer opens them on a phone). No login.
 */
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { PHONE, sweep, urlOf } from '#tests/browser/helpers/accessibility'
import { linkPath, sentDevis } from '#tests/functional/signature_en_ligne/helpers'
import { makeRealisation } from '#tests/functional/routes/params/realisations'

test.group('Browser / accessibility of the public pages (axe)', (group) => {
  withTransaction(group)

  test('login · 2FA · passwords · devis signing · payment · facture · réalisations', async ({
    assert,
  }) => {
    const staff = await makeUser('esi')
    /** The login form sent for a staff member: the two-factor challenge shows. */
    const challenge = async (page: Page) => {
      await page.fill('input[name="email"]', staff.email)
      await page.fill('input[name="password"]', TEST_PASSWORD)
      await Promise.all([
        page.waitForURL('**/two-factor-challenge'),
        page.click('button[type="submit"]'),
      ])
    }
    await makeRealisation({ publique: true, legende: 'Châssis PVC à Namur' })
    const visits = [
      '/login',
      { url: '/login', then: challenge },
      '/register',
      '/forgot-password',
      '/reset-password/x',
      linkPath(await sentDevis()),
      await urlOf('signed.paiement.show', '/paiement/:publicId', null),
      await urlOf('signed.facture.show', '/facture/:publicId', null),
      '/realisations',
    ]
    const found = await sweep(null, visits)
    found.push(...(await sweep(null, visits, { viewport: PHONE })))
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(900_000)
})
