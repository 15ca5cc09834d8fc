/*
 * « Ma journée » on a 390 px phone (issue 13 §5): the technician sees his visits of the day in
 * time order, each with the navigation link and the tel: link; « Marquer réalisée » (confirmed)
 * marks the visit; the ICS card makes the subscription URL; nothing overflows the screen, no
 * request leaves the app, and axe finds no serious or critical violation.
 */
import { test } from '@japa/runner'
import { violationsOf } from '#tests/browser/helpers/accessibility'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { baseUrl, loginAs, newPage } from '#tests/browser/helpers/browser'
import { makeRdv, makeTechnicien } from '#tests/functional/planning/helpers'
import { todayIso } from '#shared/dates'

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const SHOTS = process.env.JOURNEE_SCREENSHOTS

test.group('Browser / Ma journée', (group) => {
  withTransaction(group)

  test('the day on a phone: visits in order, navigation and tel: links, « Marquer réalisée »', async ({
    assert,
  }) => {
    const tech = await makeTechnicien('Julie Technicienne')
    const day = todayIso()
    const apresMidi = await makeRdv(tech, `${day}T14:00`, `${day}T15:30`)
    const matin = await makeRdv(tech, `${day}T08:00`, `${day}T09:00`)
    await db.from('clients').where('id_client', matin.client!.id).update({ gsm: '0475 12 34 56' })

    const page = await newPage(PHONE)
    const outside: string[] = []
    page.on('request', (r) => {
      const url = r.url()
      if (!url.startsWith(baseUrl()) && !url.startsWith('data:') && !url.startsWith('blob:')) {
        outside.push(url)
      }
    })
    await loginAs(page, tech.email, TEST_PASSWORD)
    await page.goto('/esi/planning/ma-journee')
    const cards = page.locator('[data-testid="journee-visite"]')
    await cards.first().waitFor()
    assert.deepEqual(
      await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id')))),
      [matin.id, apresMidi.id]
    )
    assert.include(
      await cards.first().locator('[data-testid="journee-horaire"]').innerText(),
      '08:00'
    )
    const nav = cards.first().locator('[data-testid="journee-navigation"]')
    assert.match(
      (await nav.getAttribute('href'))!,
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=50\.465000%2C4\.866000$/
    )
    assert.equal(
      await cards.first().locator('[data-testid="journee-tel"]').getAttribute('href'),
      'tel:0475123456'
    )
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/journee-390.png`, fullPage: true })
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    assert.isAtMost(width, 390)
    const found = await violationsOf(page, page.url())

    await cards.first().locator('[data-testid="journee-realisee"]').click()
    await page.click('.swal2-confirm:has-text("Marquer réalisée")')
    await cards.first().locator('[data-testid="journee-statut"]').waitFor()
    assert.include(
      await cards.first().locator('[data-testid="journee-statut"]').innerText(),
      'Réalisée'
    )
    assert.equal(await cards.first().locator('[data-testid="journee-realisee"]').count(), 0)
    const row = await db.from('planifications').where('id', matin.id).first()
    assert.equal(row.statut, 'realisee')

    // The ICS card: the URL shown once
    await page.click('[data-testid="journee-ics-creer"]')
    const url = page.locator('[data-testid="journee-ics-url"]')
    await url.waitFor()
    assert.match(await url.inputValue(), /\/ics\/[A-Za-z0-9_-]{43}$/)
    assert.isAtMost(await page.evaluate(() => document.documentElement.scrollWidth), 390)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/journee-ics-390.png`, fullPage: true })

    // The arrows: the next day has no visit
    await page.click('[data-testid="journee-suivant"]')
    await page.locator('[data-testid="journee-vide"]').waitFor()

    assert.deepEqual(outside, [], `requests outside the app:\n${outside.join('\n')}`)
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(120_000)
})
