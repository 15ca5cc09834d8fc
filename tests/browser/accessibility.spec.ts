/*
 * Accessibility of the key pages (issue 10 §4): axe-core (WCAG 2 A and AA rules) finds no
 * serious or critical violation on any of them, in light and in dark mode, at desktop width.
 * Every page of a test is checked before the assertion, so one failure lists them all.
 */
import { test } from '@japa/runner'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import type User from '#models/user'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { makeBdc } from '#tests/functional/bdc/helpers'
import { makeDevis } from '#tests/functional/pdf/helpers'
import { makeOffre, proWithContact } from '#tests/functional/offres/helpers'
import { makeSociete } from '#tests/functional/societes/helpers'

type Mode = 'light' | 'dark'
const MODES: Mode[] = ['light', 'dark']

/** A page at desktop width in that mode (the layout store reads the saved choice first). */
async function pageIn(mode: Mode, viewport = { width: 1400, height: 1000 }) {
  const page = await newPage({ viewport, colorScheme: mode })
  await page.addInitScript(
    (on) => localStorage.setItem('esi.layout.darkMode', on ? 'on' : 'off'),
    mode === 'dark'
  )
  return page
}

/** The serious and critical violations of the page, one line each (rule, then targets). */
async function violationsOf(page: Page, label: string): Promise<string[]> {
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

/** Logs the user in once per mode, then checks each url; returns every violation found. */
async function sweep(user: User | null, urls: string[]): Promise<string[]> {
  const found: string[] = []
  for (const mode of MODES) {
    const page = await pageIn(mode)
    if (user) await loginAs(page, user.email, TEST_PASSWORD)
    for (const url of urls) {
      await page.goto(url)
      found.push(...(await violationsOf(page, `${mode} ${url}`)))
    }
    await page.context().close()
  }
  return found
}

test.group('Browser / accessibility (axe)', (group) => {
  withTransaction(group)

  test('the login page, logged out', async ({ assert }) => {
    const found = await sweep(null, ['/login'])
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  })

  test('the esi pages: dashboard, clients, devis, bdc, commandes, sociétés, profile', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc({ user })
    const brouillon = await makeDevis({ commercialId: user.id })
    const societe = await makeSociete('pro', { nom: 'Menuiserie Partenaire SRL' })
    const found = await sweep(user, [
      '/dashboard',
      '/esi/customers',
      `/esi/customers/${bdc.clientId}`,
      '/esi/devis',
      `/esi/devis/${brouillon.devis.id}/edit`,
      '/esi/bdc',
      `/esi/bdc/${bdc.id}`,
      '/esi/commandes',
      '/app/company',
      `/app/company/${societe.id}/edit`,
      '/profile',
    ])
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(600_000)

  test('the pro pages: contacts, a contact, offres', async ({ assert }) => {
    const { pro, societe, contact } = await proWithContact()
    await makeOffre(societe, contact, { auteur: pro })
    const found = await sweep(pro, ['/app/contacts', `/app/contacts/${contact.id}`, '/app/offres'])
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(300_000)
})
