/*
 * The planning's settings page in a real Chromium (issue 13): an admin adds a technician to the
 * technical planning with his team, sets the travel time, creates a commercial request that then
 * waits in the list and cancels it; at 390 px nothing is wider than the screen.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { makeTechnicien } from '#tests/functional/planning/helpers'
import { trajetMinutes } from '#services/planning/planification_personnes'

test.group('Browser / planning settings', (group) => {
  withTransaction(group)

  test('an admin sets the teams, the travel time and a request', async ({ assert }) => {
    const exists = await db.from('societes').where('type', 'esi').first()
    if (!exists) {
      await db
        .table('societes')
        .insert({ nom: 'ESI', type: 'esi', created_at: new Date(), updated_at: new Date() })
    }
    const admin = await makeUser('esi', {
      name: 'Admin Planning',
      droitsAccordes: ['admin'],
      droit: 'admin',
    })
    const tech = await makeTechnicien('Kevin Lejeune')
    const page = await newPage({ viewport: { width: 1366, height: 900 } })
    await loginAs(page, admin.email, TEST_PASSWORD)
    await page.goto('/esi/planning/equipes')

    const ajout = page.locator('[data-testid="ajout-tec"]')
    await ajout.locator('select').selectOption(String(tech.id))
    await ajout.locator('input[type="text"]').fill('Équipe pose 1')
    await ajout.locator('button[type="submit"]').click()
    const row = page.locator(`[data-testid="ressource-tec-${tech.id}"]`)
    await row.waitFor()
    assert.equal(await row.locator('input[type="text"]').inputValue(), 'Équipe pose 1')

    await page.fill('#trajet-minutes', '30')
    await page.locator('[data-testid="trajet-form"] button[type="submit"]').click()
    await page.waitForFunction(
      () => (document.querySelector('#trajet-minutes') as HTMLInputElement)?.value === '30'
    )
    await page.waitForTimeout(300)
    assert.equal(await trajetMinutes(), 30)

    await page.click('[data-testid="demande-nouvelle"]')
    await page.check('#demande-type-com')
    await page.fill('#demande-titre', 'Visite showroom — M. Dubois')
    await page.fill('#demande-duree', '90')
    await page.click('button[form="demande-form"]')
    const item = page.locator('[data-testid="demandes-com"] li', {
      hasText: 'Visite showroom — M. Dubois',
    })
    await item.waitFor()
    assert.include(await item.innerText(), '90 min')

    page.once('dialog', (d) => d.accept())
    await item.locator('button', { hasText: 'Annuler' }).click()
    await item.waitFor({ state: 'detached' })

    // A phone: the same session in a page opened at 390 px
    const phone = await page.context().newPage()
    await phone.setViewportSize({ width: 390, height: 844 })
    await phone.goto('/esi/planning/equipes')
    await phone.locator('[data-testid="ressources-tec"]').waitFor()
    const width = await phone.evaluate(() => document.documentElement.scrollWidth)
    assert.isAtMost(width, 390)
    await phone.close()
    await page.close()
  }).timeout(60_000)
})
