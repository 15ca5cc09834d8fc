/*
 * The browser section of `npm run bench` (issue 15 §1): measured in Debian's Chromium
 * (playwright-core, headless, the flags of tests/browser/helpers/browser.ts) against the bench's
 * server and its production assets, logged in with the bench session's cookies:
 * - LCP of the staff dashboard and of the devis list: a fresh context each time (cold cache), the
 *   median of 3 visits;
 * - INP, as Chromium's Event Timing reports it (PerformanceObserver 'event' entries, grouped by
 *   interactionId, the longest one): typing in the devis list's search box, clicking
 *   « Enregistrer » on a 50-line devis, and dropping a visit on the planning's day of 50 technicians. Event
 *   Timing only reports events of 16 ms or more: « < 16 » means every one was shorter.
 * Printed in the report, never asserted (decision 578). A step that fails is reported as such.
 */
import { CHROMIUM_ARGS } from './chromium_args.js'

/** Installed before any page script: keeps every LCP and event-timing entry. */
function observe() {
  window.__lcp = []
  window.__events = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp.push(e.startTime)
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__events.push({ name: e.name, duration: e.duration, id: e.interactionId })
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.floor((s.length - 1) / 2)]
}

/** The longest interaction among the entries (INP over a handful of interactions). */
function inpOf(events) {
  const byId = new Map()
  for (const e of events) {
    if (!e.id) continue
    byId.set(e.id, Math.max(byId.get(e.id) ?? 0, e.duration))
  }
  return byId.size ? Math.max(...byId.values()) : null
}

/**
 * `base`: the server; `cookies`: [name, value] of the logged-in bench session; `devisId`: a
 * 50-line bench devis; `planningDate`: the day of the volume's planning week.
 */
export async function measureBrowser({ base, cookies, devisId, planningDate }) {
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  })
  const measures = []
  const newPage = async (viewport = { width: 1280, height: 900 }) => {
    const context = await browser.newContext({ baseURL: base, locale: 'fr-BE', viewport })
    context.setDefaultTimeout(30_000)
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
      route.fulfill({ status: 204, body: '' })
    )
    // Secure, host-only cookies as production sets them (__Host-esi-session): Chromium sends
    // them to http://127.0.0.1, a potentially trustworthy origin
    const { hostname } = new URL(base)
    await context.addCookies(
      cookies.map(([name, value]) => ({ name, value, domain: hostname, path: '/', secure: true }))
    )
    await context.addInitScript(observe)
    return context.newPage()
  }
  const step = async (label, run) => {
    try {
      measures.push({ label, ...(await run()) })
    } catch (error) {
      measures.push({ label, value: null, detail: `échec : ${error.message.split('\n')[0]}` })
    }
  }
  const lcp = async (url) => {
    const values = []
    for (let i = 0; i < 3; i++) {
      const page = await newPage()
      await page.goto(url, { waitUntil: 'networkidle' })
      // Not the login page of an expired session: the page asked
      if (new URL(page.url()).pathname !== url) throw new Error(`redirigé vers ${page.url()}`)
      // LCP is final at the first input; the last entry so far is the page's
      const entries = await page.evaluate(() => window.__lcp)
      if (entries.length) values.push(entries.at(-1))
      await page.context().close()
    }
    if (!values.length) throw new Error('aucune entrée LCP')
    return {
      value: median(values),
      detail: `médiane de ${values.length} visites à froid (${values.map((v) => Math.round(v)).join(', ')} ms)`,
    }
  }
  const inp = async (page) => {
    // The last events are reported once their frame is painted
    await page.waitForTimeout(500)
    const events = await page.evaluate(() => window.__events)
    const value = inpOf(events)
    return value === null ? { value: null, detail: '< 16 ms (seuil de l’Event Timing)' } : { value }
  }

  try {
    await step('LCP — tableau de bord (/dashboard)', () => lcp('/dashboard'))
    await step('LCP — liste des devis (/esi/devis)', () => lcp('/esi/devis'))

    await step('INP — saisie dans le filtre de la liste des devis', async () => {
      const page = await newPage()
      await page.goto('/esi/devis', { waitUntil: 'networkidle' })
      const box = page.locator('#list-search')
      await box.click()
      await page.evaluate(() => (window.__events = []))
      const reloaded = page.waitForResponse((r) => r.url().includes('q=chassis'), {
        timeout: 10_000,
      })
      await box.pressSequentially('chassis', { delay: 120 })
      await reloaded
      await page.waitForLoadState('networkidle')
      const result = await inp(page)
      await page.context().close()
      return { ...result, detail: result.detail ?? '7 frappes, puis la liste rechargée' }
    })

    await step('INP — enregistrer un devis de 50 lignes', async () => {
      const page = await newPage()
      await page.goto(`/esi/devis/${devisId}/edit`, { waitUntil: 'networkidle' })
      await page.evaluate(() => (window.__events = []))
      const saved = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && r.url().includes(`/esi/devis/${devisId}`)
      )
      const t0 = Date.now()
      await page
        .getByRole('button', { name: /^Enregistrer/ })
        .first()
        .click()
      const response = await saved
      const roundTrip = Date.now() - t0
      const result = await inp(page)
      await page.context().close()
      return {
        ...result,
        detail: `${result.detail ? result.detail + ' ; ' : ''}clic → réponse HTTP ${response.status()} en ${roundTrip} ms`,
      }
    })

    await step('INP — déposer une visite sur le planning (50 techniciens)', async () => {
      // Tall enough for the whole day (07:00–19:00) without scrolling
      const page = await newPage({ width: 1600, height: 2400 })
      await page.goto(`/esi/planning/tec?vue=ressources&date=${planningDate}`, {
        waitUntil: 'networkidle',
      })
      // A visit one may move (planifiée), not the calendar's own pointer or selection events
      const event = page.locator('.ec-body .ec-event.planning-planifiee').first()
      await event.waitFor()
      await event.scrollIntoViewIfNeeded()
      const box = await event.boundingBox()
      // An hour's height, from the sidebar's labels
      const hour = async (h) => {
        const label = page.locator('.ec-body .ec-sidebar .ec-slot time', { hasText: h })
        const b = await label.boundingBox()
        // The label is centred on its hour's line
        return b.y + b.height / 2
      }
      const hourPx = (await hour('10:00')) - (await hour('09:00'))

      await page.evaluate(() => (window.__events = []))
      const saved = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && r.url().includes('/esi/planifications/'),
        { timeout: 10_000 }
      )
      const x = box.x + box.width / 2
      // Grabbed 6 px under its top, dropped with its top at 17:30: after the volume's last
      // visit of the day (16:50), a free slot, so a real save
      const y0 = box.y + 6
      const to = (await hour('17:00')) + hourPx / 2 + 8
      const drag = async (from, to) => {
        await page.mouse.move(x, from)
        await page.mouse.down()
        await page.mouse.move(x + 4, from + Math.sign(to - from) * 10, { steps: 4 })
        await page.mouse.move(x, to, { steps: 12 })
        await page.mouse.up()
      }
      await drag(y0, to)
      const response = await saved.catch(() => null)
      const result = await inp(page)
      // Dragged back where it was (not measured): the volume data stays as it was
      if (response?.ok()) {
        const back = page.waitForResponse(
          (r) => r.request().method() === 'PUT' && r.url().includes('/esi/planifications/'),
          { timeout: 10_000 }
        )
        await drag(to, y0)
        await back.catch(() => null)
      }
      await page.context().close()
      return {
        ...result,
        detail:
          `${result.detail ? result.detail + ' ; ' : ''}` +
          (response ? `enregistrement HTTP ${response.status()}` : 'aucun enregistrement envoyé'),
      }
    })
  } finally {
    await browser.close()
  }
  return {
    measures,
    note:
      'LCP : Largest Contentful Paint d’une visite à froid (contexte neuf). INP : la plus longue ' +
      'interaction selon l’Event Timing de Chromium (entrées ≥ 16 ms), une seule série ; à lire ' +
      'comme un ordre de grandeur, sur une machine partagée.',
  }
}
