/*
 * Browser tests drive Debian's Chromium through playwright-core (no browser download).
 * One browser per run, one fresh context (cookies, storage) per test.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core'
import env from '#start/env'
import { CHROMIUM_ARGS } from '../../../scripts/lib/chromium_args.js'

let browser: Browser | null = null

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * A locator's box once it is drawn and still: a calendar re-renders its events after each
 * server answer, and a box read in between is null or moving (seen under load in CI).
 */
export async function settledBox(locator: Locator, ms = 15_000) {
  const end = Date.now() + ms
  let last = await locator.boundingBox()
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, 150))
    const box = await locator.boundingBox()
    if (box && last && box.x === last.x && box.y === last.y && box.height === last.height) {
      return box
    }
    last = box
  }
  throw new Error(`no settled box for ${locator} in ${ms} ms`)
}

export function baseUrl() {
  return `http://${env.get('HOST')}:${env.get('PORT')}`
}

export async function getBrowser(): Promise<Browser> {
  if (!browser) {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    })
  }
  return browser
}

export async function closeBrowser() {
  await browser?.close()
  browser = null
}

export async function newContext(
  options: Parameters<Browser['newContext']>[0] = {}
): Promise<BrowserContext> {
  const b = await getBrowser()
  const context = await b.newContext({ baseURL: baseUrl(), locale: 'fr-BE', ...options })
  // A page compiled on demand by the Vite dev server on a busy 2-core machine can take longer
  // than Playwright's 30 s default; a failure still fails, only later
  context.setDefaultTimeout(60_000)
  context.setDefaultNavigationTimeout(90_000)
  // No request may leave the machine (gravatar, fonts, tiles): answer them locally
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
    route.fulfill({ status: 204, body: '' })
  )
  return context
}

export async function newPage(options?: Parameters<Browser['newContext']>[0]): Promise<Page> {
  const context = await newContext(options)
  return context.newPage()
}

/**
 * Logs in through the real login form, and through the two-factor challenge when the user has
 * two-factor on (every esi user does), with a code computed from his stored secret.
 */
export async function loginAs(page: Page, email: string, password = 'demo-password-2026') {
  await page.goto('/login')
  await page.fill('input[name="email"]', email)
  await page.fill('input[name="password"]', password)
  await Promise.all([
    page.waitForURL(/\/(dashboard|two-factor-challenge)$/),
    page.click('button[type="submit"]'),
  ])
  if (new URL(page.url()).pathname === '/two-factor-challenge') {
    const { default: User } = await import('#models/user')
    const { nextTotpOf, totpOf } = await import('#tests/auth_helpers')
    const user = await User.findByOrFail('email', email)
    // A code is accepted once (replay protection): a second login of the same user within one
    // 30 s step is refused, so it gives the next step's code (valid now: the ±1 step window)
    for (const code of [totpOf(user), nextTotpOf(user)]) {
      await page.fill('input[name="code"]', code)
      const done = await Promise.all([
        page.waitForURL('**/dashboard', { timeout: 15_000 }).then(
          () => true,
          () => false
        ),
        page.click('button[type="submit"]'),
      ])
      if (done[0]) return
    }
    throw new Error(`loginAs: the two-factor challenge refused ${email}`)
  }
}
