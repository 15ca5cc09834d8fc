/*
 * Accessibility of the planning (issue 15 §3): the calendar (week, resources, an opened visit,
 * the « À planifier » list), the map of the commercial and technical visits, the teams and the
 * technician's day. axe finds no serious or critical violation, light and dark at desktop
 * width; the technician's day, the calendar and the teams also at 390 px. One login per mode.
 */
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { PHONE, sweep } from '#tests/browser/helpers/accessibility'
import { commandeAPlanifier, makeRdv } from '#tests/functional/planning/helpers'
import { todayIso } from '#shared/dates'
import { jourOuvrableDepuis } from '#tests/browser/helpers/days'

/** Opens the first visit of the calendar (its dialog). */
async function openVisit(page: Page) {
  await page.locator('.ec-event').first().click()
  await page.getByRole('dialog').waitFor()
}

/** Opens the « À planifier » list (a panel below 1200 px, always shown above). */
async function openAttente(page: Page) {
  const button = page.getByRole('button', { name: /À planifier/ })
  if (await button.isVisible()) await button.click()
  await page.locator('#planning-attente .planning-attente-item').first().waitFor()
}

test.group('Browser / accessibility of the planning (axe)', (group) => {
  withTransaction(group)

  test('calendar · map · teams · the day — desktop and 390 px', async ({ assert }) => {
    const user = await makeUser('esi', { name: 'Julie Technicienne' })
    // Today, or Monday when the suite runs on a Sunday (the week views hide Sundays)
    const day = jourOuvrableDepuis(todayIso())
    await makeRdv(user, `${day}T08:00`, `${day}T09:00`)
    await makeRdv(user, `${day}T14:00`, `${day}T15:30`)
    await commandeAPlanifier()
    const found = await sweep(user, [
      `/esi/planning/com?date=${day}`,
      { url: `/esi/planning/com?date=${day}`, then: openVisit },
      { url: `/esi/planning/tec?date=${day}`, then: openAttente },
      `/esi/planning/com?vue=ressources&date=${day}`,
      `/esi/planning/com/carte?date=${day}&personne=${user.id}`,
      `/esi/planning/tec/carte?date=${day}`,
      '/esi/planning/equipes',
      '/esi/planning/ma-journee',
    ])
    found.push(
      ...(await sweep(
        user,
        [
          '/esi/planning/ma-journee',
          `/esi/planning/com?date=${day}`,
          `/esi/planning/com/carte?date=${day}&personne=${user.id}`,
          '/esi/planning/equipes',
        ],
        { viewport: PHONE }
      ))
    )
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(900_000)
})
