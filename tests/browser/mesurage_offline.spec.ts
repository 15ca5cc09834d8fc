/*
 * The measurement sheet on a phone (390 px), offline (issue 12 §2): the network is cut, rows are
 * typed and one is added — the page says what is not yet sent and the draft is in IndexedDB;
 * a reload while the server cannot be reached keeps it; when the network is back, one
 * submission sends everything and the server has exactly the rows typed.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { commandeAMesurer } from '#tests/functional/mesurage/helpers'

async function rowsOf(commandeId: number) {
  return db
    .from('mesure_lignes')
    .join('mesures', 'mesures.id', 'mesure_lignes.mesure_id')
    .where('mesures.commande_id', commandeId)
    .orderBy('mesure_lignes.position')
    .select('mesure_lignes.*')
}

/** The draft as the page stored it (idb-keyval's default store). */
function storedDraft(page: Page, key: string) {
  return page.evaluate(
    (k) =>
      new Promise<any>((resolve, reject) => {
        const open = indexedDB.open('keyval-store')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const get = open.result.transaction('keyval').objectStore('keyval').get(k)
          get.onsuccess = () => resolve(get.result ?? null)
          get.onerror = () => reject(get.error)
        }
      }),
    key
  )
}

test.group('Browser / measurement sheet offline on a phone', (group) => {
  withTransaction(group)

  test('typed offline, kept through a reload, sent once when the network is back', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await commandeAMesurer()
    const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true })
    await loginAs(page, user.email, TEST_PASSWORD)
    const syncs: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/mesurage/${commande.id}/sync`))
        syncs.push(r.url())
    })
    await page.goto(`/esi/commandes/mesurage/${commande.id}`)
    const cards = page.getByTestId('mesure-ligne')
    await cards.first().waitFor()
    assert.equal(await cards.count(), 3)
    const status = page.getByTestId('sync-status')
    await status.getByText('Tout est enregistré sur le serveur.').waitFor()

    // Fits the phone: nothing wider than the screen, numeric keyboard for millimetres
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
    }))
    assert.isAtMost(widths.page, widths.screen)
    assert.equal(await page.locator('#l0-largeur').getAttribute('inputmode'), 'numeric')

    // The network is cut
    await page.context().setOffline(true)
    await status.getByText('Hors ligne.').waitFor()
    await page.locator('#l0-repere').fill('Cuisine')
    await page.locator('#l0-largeur').fill('605')
    await page.locator('#l0-hauteur').fill('1195')
    await cards.first().getByRole('radio', { name: 'Oscillo-battant gauche' }).click()
    await page.locator('#l1-largeur').fill('1000')
    await page.locator('#l1-hauteur').fill('2150')
    await page.getByRole('button', { name: 'Ajouter un élément' }).click()
    await page.locator('#l3-designation').fill('Porte de service')
    await page.locator('#l3-largeur').fill('900')
    await page.locator('#l3-hauteur').fill('2000')
    await status.getByText('3 modifications pas encore envoyées').waitFor()
    assert.isTrue(
      await page.getByRole('button', { name: 'Valider le mesurage' }).isDisabled(),
      'no validation while something waits'
    )
    // Kept in the browser as typed; nothing reached the server
    await page.waitForTimeout(300)
    const draft = await storedDraft(page, `mesurage:${commande.id}`)
    assert.equal(draft.rows[0].largeur_mm, '605')
    assert.lengthOf(Object.keys(draft.pending), 3)
    assert.deepEqual(syncs, [])
    const untouched = await rowsOf(commande.id)
    assert.isTrue(untouched.every((r) => r.largeur_mm === null))

    // Back online but the server unreachable: a reload keeps the draft
    await page.route('**/sync', (route) => route.abort('internetdisconnected'))
    await page.context().setOffline(false)
    await page.reload()
    await cards.first().waitFor()
    await status.getByText('3 modifications pas encore envoyées').waitFor()
    assert.equal(await page.locator('#l0-largeur').inputValue(), '605')
    assert.equal(await cards.count(), 4)

    // The server reachable again: one submission with everything
    const before = syncs.length
    await page.unroute('**/sync')
    await status.getByRole('button', { name: 'Envoyer' }).click()
    await status.getByText('Tout est enregistré sur le serveur.').waitFor({ timeout: 10_000 })
    const sentAfter = syncs.length - before
    assert.equal(sentAfter, 1, 'one submission')
    const rows = await rowsOf(commande.id)
    assert.lengthOf(rows, 4)
    const cuisine = rows[0]
    assert.include(cuisine, {
      repere: 'Cuisine',
      largeur_mm: 605,
      hauteur_mm: 1195,
      sens_ouverture: 'oscillo_battant_gauche',
    })
    assert.include(rows[1], { largeur_mm: 1000, hauteur_mm: 2150 })
    assert.include(rows[3], {
      designation: 'Porte de service',
      largeur_mm: 900,
      bdc_ligne_id: null,
    })
    // Reloaded: the server's rows, nothing pending, nothing doubled
    await page.reload()
    await cards.first().waitFor()
    assert.equal(await cards.count(), 4)
    await status.getByText('Tout est enregistré sur le serveur.').waitFor()
    await page.context().close()
  })

  test('the list, then validation: missing sizes in red, écarts in red, the step blocked', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await commandeAMesurer()
    const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto('/esi/commandes/mesurage')
    const link = page.getByRole('link', { name: commande.numero })
    await link.waitFor()
    const listWidth = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
    }))
    assert.isAtMost(listWidth.page, listWidth.screen, 'the list fits the phone')
    await link.click()
    const cards = page.getByTestId('mesure-ligne')
    await cards.first().waitFor()
    const status = page.getByTestId('sync-status')
    // Two rows measured (the first 30 mm wider than the devis), the third left empty
    await page.locator('#l0-largeur').fill('630')
    await page.locator('#l0-hauteur').fill('1200')
    await page.locator('#l1-largeur').fill('1000')
    await page.locator('#l1-hauteur').fill('2150')
    // The écart is announced as it is typed
    await cards.first().getByTestId('ecarts').getByText('écart +30 mm').waitFor()
    await status.getByText('Tout est enregistré sur le serveur.').waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: 'Valider le mesurage' }).click()
    await page.click('.swal2-confirm:has-text("Valider")')
    await page.getByText('Mesurez la largeur (mm).').waitFor()
    assert.include(await page.locator('#l2-largeur').getAttribute('class'), 'is-invalid')

    await page.locator('#l2-largeur').fill('1000')
    await page.locator('#l2-hauteur').fill('1400')
    await status.getByText('Tout est enregistré sur le serveur.').waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: 'Valider le mesurage' }).click()
    await page.click('.swal2-confirm:has-text("Valider")')
    await page.getByText('Mesurage : Avenant à faire signer').waitFor({ timeout: 10_000 })
    await page.getByText('Écarts avec le devis').waitFor()
    assert.isFalse(await page.getByRole('button', { name: 'Valider le mesurage' }).isVisible())
    await page.getByRole('button', { name: 'Rouvrir la feuille' }).waitFor()
    const step = await db
      .from('commande_etapes')
      .where({ commande_id: commande.id, etape: 'mesurage' })
      .first()
    assert.equal(step.statut, 'bloquee')
    if (process.env.PHONE_SCREENSHOT)
      await page.screenshot({ path: process.env.PHONE_SCREENSHOT, fullPage: true })
    await page.context().close()
  })
})
