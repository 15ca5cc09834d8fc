/*
 * Accessibility checks shared by the axe tests (issue 10 §4, issue 15 §3): a page in light or
 * dark mode at a given width, the serious and critical violations axe-core (WCAG 2 A and AA
 * rules) finds on it, and a sweep of many urls with one login per mode.
 */
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import type User from '#models/user'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { DOMAIN_PARAMS } from '#tests/functional/routes/params/index'

export type Mode = 'light' | 'dark'
export const MODES: Mode[] = ['light', 'dark']

export const DESKTOP = { width: 1400, height: 1000 }
export const PHONE = { width: 390, height: 844 }

/** A page at that width in that mode (the layout store reads the saved choice first). */
export async function pageIn(mode: Mode, viewport = DESKTOP) {
  const page = await newPage({
    viewport,
    colorScheme: mode,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  })
  await page.addInitScript(
    (on) => localStorage.setItem('esi.layout.darkMode', on ? 'on' : 'off'),
    mode === 'dark'
  )
  return page
}

/** The serious and critical violations of the page, one line each (rule, then targets). */
export async function violationsOf(page: Page, label: string): Promise<string[]> {
  // Page rendered and its toasts / transitions settled: axe measures the colours on screen
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(400)
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const data = n.any[0]?.data as {
          fgColor?: string
          bgColor?: string
          contrastRatio?: number
        }
        const colours = data?.contrastRatio
          ? ` ${data.fgColor}/${data.bgColor} ${data.contrastRatio}`
          : ''
        return `${n.target.join(' ')}${colours}`
      })
      return `${label}: ${v.id} (${v.impact}) on ${nodes.join(' | ')}`
    })
}

/**
 * Logs the user in once per mode, then checks each url; returns every violation found. A url
 * may come with a step run on the page before the check (open a dialog, pick a tab).
 */
export type Visit = string | { url: string; then: (page: Page) => Promise<unknown> }

export async function sweep(
  user: User | null,
  visits: Visit[],
  options: { viewport?: { width: number; height: number }; modes?: Mode[] } = {}
): Promise<string[]> {
  const found: string[] = []
  const viewport = options.viewport ?? DESKTOP
  const width = viewport.width === DESKTOP.width ? '' : ` ${viewport.width}px`
  for (const mode of options.modes ?? MODES) {
    const page = await pageIn(mode, viewport)
    if (user) await loginAs(page, user.email, TEST_PASSWORD)
    for (const visit of visits) {
      const url = typeof visit === 'string' ? visit : visit.url
      // A signed link's signature is long and says nothing: left out of the messages
      const label = `${mode}${width} ${url.replace(/signature=[^&]+/, 'signature=…')}`
      const response = await page.goto(url)
      if (!response || response.status() >= 400)
        found.push(`${label}: answered ${response?.status()}`)
      if (typeof visit !== 'string') await visit.then(page)
      found.push(...(await violationsOf(page, label)))
      // A11Y_SCREENSHOTS=/tmp/dir: one picture per page and mode, to look at the colours
      if (process.env.A11Y_SCREENSHOTS)
        await page.screenshot({
          path: `${process.env.A11Y_SCREENSHOTS}/${mode}${width.trim()}${url.replace(/\W+/g, '_').slice(0, 80)}.png`,
          fullPage: true,
        })
    }
    await page.context().close()
  }
  return found
}

/**
 * The url of a named route with its parameters made by the route matrix's providers
 * (tests/functional/routes/params): a record the user may see, or a whole signed link.
 */
export async function urlOf(name: string, pattern: string, user: User | null): Promise<string> {
  const route = { name, pattern }
  const whole = DOMAIN_PARAMS.find((provider) => provider.url && provider.matches(route))
  if (whole) return whole.url!(route, user)
  const params: Record<string, string | number> = {}
  for (const provider of DOMAIN_PARAMS) {
    if (provider.matches(route)) Object.assign(params, await provider.params(route, user))
  }
  return pattern.replace(/:(\w+)/g, (_, key) => String(params[key]))
}
