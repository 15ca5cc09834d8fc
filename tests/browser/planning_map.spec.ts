/*
 * The planning map in a browser (issue 13 §4): the offline base map (the packaged GeoJSON, no
 * tile) with the waiting items and a person's day numbered in route order; a waiting item
 * planned from its popup; an address placed by a click; no request leaves the app; axe finds no
 * serious or critical violation; at 390 px the page fits the screen.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { violationsOf } from '#tests/browser/helpers/accessibility'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { baseUrl, loginAs, newContext } from '#tests/browser/helpers/browser'
import { systemActor } from '#services/actor'
import { createPlanification } from '#services/planning/planification_service'
import { formatKm, formatMinutes, ordonnerTournee } from '#shared/route_order'
import type { Page } from 'playwright-core'

const DATE = '2026-12-02'

/** SCREENSHOT_DIR=… keeps what the test saw, to look at it. */
async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true })
}

async function demande(titre: string, lat: number | null, lng: number | null) {
  const [row] = await db
    .table('planning_demandes')
    .insert({
      type: 'tec',
      nature: 'sav',
      titre,
      adresse: 'Rue de Fer 12, 5000 Namur',
      latitude: lat,
      longitude: lng,
      duree_minutes: 60,
    })
    .returning('id')
  return row.id as number
}

test.group('Browser / planning map', (group) => {
  withTransaction(group)

  test('offline base map, waiting items, a day in route order, plan and place', async ({
    assert,
  }) => {
    const user = await makeUser('esi', { name: 'Claire Cartographe' })
    const namur = await demande('SAV Namur — porte qui frotte', 50.4674, 4.8718)
    await demande('SAV Liège — volet bloqué', 50.6326, 5.5797)
    await demande('SAV Gand — joint de fenêtre', 51.0543, 3.7174)
    const sans = await demande('SAV sans coordonnées', null, null)
    // The person's day: Charleroi at 08:00, Bruxelles at 13:00, Nivelles at 10:00 —
    // the route from Charleroi passes by Nivelles first
    const visit = (titre: string, h: string, lat: number, lng: number) =>
      createPlanification(systemActor(), {
        type: 'tec',
        nature: 'sav',
        titre,
        debut: `${DATE}T${h}`,
        fin: `${DATE}T${h.replace(':00', ':45')}`,
        personnes: [user.id],
        latitude: lat,
        longitude: lng,
      })
    await visit('Visite Charleroi', '08:00', 50.4108, 4.4446)
    await visit('Visite Bruxelles', '10:00', 50.8467, 4.3525)
    await visit('Visite Nivelles', '13:00', 50.5979, 4.3286)

    const context = await newContext({ viewport: { width: 1366, height: 900 } })
    const requests: string[] = []
    context.on('request', (r) => requests.push(r.url()))
    const page = await context.newPage()
    await loginAs(page, user.email, TEST_PASSWORD)

    // What waits, on the offline base map
    await page.goto(`/esi/planning/tec/carte?date=${DATE}`)
    await page.locator('.leaflet-container.carte-hors-ligne').waitFor()
    await page.locator(`[data-cle="demande:${namur}"]`).waitFor()
    const countries = await page.locator('.leaflet-overlay-pane path').count()
    assert.isAtLeast(countries, 5)
    assert.equal(await page.locator('.leaflet-tile').count(), 0)
    assert.equal(await page.locator('.carte-attente').count(), 3)
    await page.getByText('Fond : Natural Earth (domaine public)').waitFor()
    await page.getByText('À planifier sans coordonnées (1)').waitFor()
    assert.deepEqual(await violationsOf(page, page.url()), [])

    // Plan the Namur request from its popup: Claire at 14:00
    await page.locator(`[data-cle="demande:${namur}"]`).click()
    const popup = page.getByTestId('popup-attente')
    await popup.getByText('SAV Namur — porte qui frotte').waitFor()
    assert.include(
      await popup.getByRole('link', { name: 'Planifier' }).getAttribute('href'),
      `/esi/planning/tec?date=${DATE}&planifier=demande%3A${namur}`
    )
    await popup.getByLabel('Personne').selectOption(String(user.id))
    await popup.getByLabel('Heure de début').fill('14:00')
    await popup.getByRole('button', { name: /Planifier à 14:00/ }).click()
    await page.locator(`[data-cle="demande:${namur}"]`).waitFor({ state: 'detached' })
    const planned = await db.from('planifications').where('demande_id', namur).first()
    assert.equal(planned.statut, 'planifiee')
    assert.equal(new Date(planned.debut).toISOString(), '2026-12-02T13:00:00.000Z')

    // Place the request without coordinates by a click on the map
    await page.getByRole('button', { name: 'Placer sur la carte' }).click()
    await page.getByText('Cliquez sur la carte à l’endroit de').waitFor()
    await page.getByTestId('carte').scrollIntoViewIfNeeded()
    const box = (await page.getByTestId('carte').boundingBox())!
    // Near the bottom-left corner: no marker there (the items and visits are in the middle)
    await page.mouse.click(box.x + 40, box.y + box.height - 40)
    await page.getByText('À planifier sans coordonnées').waitFor({ state: 'detached' })
    const placed = await db.from('planning_demandes').where('id', sans).first()
    assert.isNotNull(placed.latitude)
    assert.isAbove(placed.latitude, 48.5)
    assert.isBelow(placed.latitude, 50.6)
    assert.isBelow(placed.longitude, 4.6)

    // Claire's day: numbered in route order, total km and time
    await page.getByLabel('Tournée de').selectOption(String(user.id))
    await page.waitForURL(`**/esi/planning/tec/carte?date=${DATE}&personne=${user.id}`)
    const tournee = page.getByTestId('tournee')
    await tournee.locator('li').nth(3).waitFor()
    const order = await tournee.locator('li').allInnerTexts()
    // The order the shared rule gives from the day's first visit (no company address placed)
    const day = [
      { t: '08:00 Visite Charleroi', lat: 50.4108, lng: 4.4446 },
      { t: '10:00 Visite Bruxelles', lat: 50.8467, lng: 4.3525 },
      { t: '13:00 Visite Nivelles', lat: 50.5979, lng: 4.3286 },
      { t: '14:00 SAV Namur — porte qui frotte', lat: 50.4674, lng: 4.8718 },
    ]
    const expected = ordonnerTournee(day)
    assert.deepEqual(
      order.map((t) => t.replace(/\s+/g, ' ').trim()),
      expected.ordre.map((i) => day[i].t)
    )
    assert.notDeepEqual(expected.ordre, [0, 1, 2, 3])
    const total = await page.getByTestId('tournee-total').innerText()
    assert.include(
      total.replace(/\s+/g, ' '),
      `${formatKm(expected.km)} à vol d’oiseau`.replace(/\s+/g, ' ')
    )
    assert.include(total, formatMinutes(expected.minutes))
    assert.equal(await page.locator('.carte-visite').count(), 4)
    assert.deepEqual(await violationsOf(page, page.url()), [])
    await shot(page, 'planning-map-1366')

    // « Réordonner la journée »: the visits take the route order from the first start
    await page.getByRole('button', { name: 'Réordonner la journée' }).click()
    await page.click('.swal2-popup:not(.swal2-toast) .swal2-confirm')
    await page.getByText('La journée suit déjà l’ordre de la tournée.').waitFor()
    const rows = await db
      .from('planifications as p')
      .join('planification_personnes as pp', 'pp.planification_id', 'p.id')
      .where('pp.user_id', user.id)
      .orderBy('p.debut')
      .select('p.titre', 'p.debut', 'p.fin')
    assert.deepEqual(
      rows.map((r) => r.titre),
      expected.ordre.map((i) => day[i].t.slice(6))
    )
    assert.equal(new Date(rows[0].debut).toISOString(), '2026-12-02T07:00:00.000Z')
    for (let i = 1; i < rows.length; i++) {
      assert.equal(+new Date(rows[i].debut), +new Date(rows[i - 1].fin))
    }

    // Nothing left the app
    const outside = requests.filter((url) => !url.startsWith(baseUrl()))
    assert.deepEqual(outside, [])
    await context.close()
  }).timeout(120_000)

  test('at 390 px the map page fits the screen', async ({ assert }) => {
    const user = await makeUser('esi')
    await demande('SAV Namur', 50.4674, 4.8718)
    const context = await newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
    const requests: string[] = []
    context.on('request', (r) => requests.push(r.url()))
    const page = await context.newPage()
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/planning/tec/carte?date=${DATE}&personne=${user.id}`)
    await page.locator('.carte-attente').first().waitFor()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth
    )
    assert.isAtMost(overflow, 0)
    const map = (await page.getByTestId('carte').boundingBox())!
    assert.isAtLeast(map.height, 360)
    assert.isAtMost(map.width, 390)
    assert.deepEqual(await violationsOf(page, page.url()), [])
    await shot(page, 'planning-map-390')
    assert.deepEqual(
      requests.filter((url) => !url.startsWith(baseUrl())),
      []
    )
    await context.close()
  }).timeout(90_000)

  test('the map code not fetched: a French message and a reload button, not a blank box', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const context = await newContext()
    const page = await context.newPage()
    await loginAs(page, user.email, TEST_PASSWORD)
    // The map module only (not use_leaflet_carte): as when the connection drops, or a new
    // release removed the chunk the page asks for
    await page.route(/\/leaflet_carte[.-]/, (route) => route.abort())
    await page.goto(`/esi/planning/tec/carte?date=${DATE}`)
    const alert = page.getByTestId('carte-echec')
    await alert.waitFor()
    assert.include(await alert.innerText(), 'Impossible de charger la carte')
    assert.equal(await page.getByTestId('carte').getAttribute('aria-busy'), 'false')
    await page.unroute(/\/leaflet_carte[.-]/)
    await Promise.all([
      page.waitForEvent('load'),
      alert.getByRole('button', { name: 'Recharger la page' }).click(),
    ])
    await page.locator('.leaflet-container.carte-hors-ligne').waitFor()
    assert.equal(await page.getByTestId('carte-echec').count(), 0)
    await context.close()
  }).timeout(90_000)
})
