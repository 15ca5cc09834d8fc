/*
 * Offline and private by default: no page asks anything outside the app (no gravatar, fonts or
 * map tiles). An esi user walks through the main pages on a desktop and on a 390-px phone; every
 * request must go to the app itself.
 */
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'

const PAGES = [
  '/dashboard',
  '/profile',
  '/app/company',
  '/app/contacts',
  '/esi/customers?sort=-id_client',
  '/esi/devis',
  '/esi/devis/create',
  '/esi/bdc',
  '/esi/commandes',
]

function watchOutside(page: Page): string[] {
  const outside: string[] = []
  page.on('request', (r) => {
    const url = r.url()
    if (!/^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url) && !/^(data|blob):/.test(url)) {
      outside.push(url)
    }
  })
  return outside
}

test.group('Browser / offline and private', (group) => {
  withTransaction(group)

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone (390 px)', { width: 390, height: 844 }],
  ] as const) {
    test(`no request leaves the app on the main pages (${label})`, async ({ assert }) => {
      const user = await makeUser('esi')
      const page = await newPage({ viewport })
      const outside = watchOutside(page)
      await loginAs(page, user.email, TEST_PASSWORD)
      for (const path of PAGES) {
        await page.goto(path)
        await page.waitForLoadState('networkidle')
      }
      // The user's picture is drawn from his initials, not fetched
      assert.isAbove(await page.locator('.img-avatar-initials').count(), 0)
      assert.deepEqual(outside, [])
      await page.context().close()
    })
  }
})
