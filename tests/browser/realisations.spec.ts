/*
 * Réalisations in a real Chromium at 390 px (issue 14 §4): from the gallery, a commande chosen by
 * its number, two photos taken at once; both appear; one marked publique; an anonymous visitor
 * sees it (and not the other) on the portfolio, its image served and opened large; nothing
 * wider than the screen.
 */
import { test } from '@japa/runner'
import sharp from 'sharp'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import CommandeFichier from '#models/commande_fichier'
import type { Page } from 'playwright-core'

function jpeg(background: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer()
}

async function overflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth
  )
}

test.group('Browser / réalisations', (group) => {
  withTransaction(group)

  test('390 px: two photos uploaded from the gallery, one made publique, seen on the portfolio', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await signedBdc()
    const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto('/esi/realisation')

    // The upload panel (open): find the commande by its number, keep the step « pose »
    await page.fill('#upload-commande', commande.numero)
    await page.click(`[role="option"]:has-text("${commande.numero}")`)
    await page.locator('[data-testid="upload-commande-choisie"]').waitFor()
    await page.fill('#upload-legende', 'Baie vitrée posée')
    const camera = page.locator('input[type="file"][capture]')
    assert.equal(await camera.getAttribute('accept'), 'image/*')
    assert.isNotNull(await camera.getAttribute('multiple'))
    await camera.setInputFiles([
      { name: 'IMG_1.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#c84') },
      { name: 'IMG_2.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#48c') },
    ])
    const cards = page.locator(`[data-testid^="photo-"]:has-text("${commande.numero}")`)
    await page.waitForFunction(
      (numero) =>
        [...document.querySelectorAll('[data-testid^="photo-"]')].filter((c) =>
          c.textContent?.includes(numero)
        ).length === 2,
      commande.numero,
      { timeout: 30_000 }
    )
    assert.equal(await cards.count(), 2)
    const rows = await CommandeFichier.query().where('commandeId', commande.id).orderBy('id')
    assert.lengthOf(rows, 2)
    assert.deepEqual(
      rows.map((r) => [r.etape, r.legende, r.publique]),
      [
        ['pose', 'Baie vitrée posée', false],
        ['pose', 'Baie vitrée posée', false],
      ]
    )
    assert.isAtMost(await overflow(page), 0)

    // Mark the first uploaded one publique
    const [first, second] = rows
    const card = page.locator(`[data-testid="photo-${first.id}"]`)
    // Wait for the save's answer and its toast (the public URL answering is not the end of the
    // request: its audit row was still being written when the test went on, seen in CI)
    const [saved] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === 'PATCH' && r.url().includes(`/${first.id}`)
      ),
      card.locator('input[role="switch"]').check(),
    ])
    assert.equal(saved.status(), 200)
    await page.locator('.swal2-toast', { hasText: 'Photo visible sur le portfolio.' }).waitFor()
    await first.refresh()
    assert.isTrue(first.publique)

    // An anonymous visitor, on a phone: the publique photo, not the other, no client name
    const visitor = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true })
    await visitor.goto('/realisations')
    const shown = visitor.locator(`[data-testid="portfolio-${first.id}"]`)
    await shown.waitFor()
    assert.equal(await visitor.locator(`[data-testid="portfolio-${second.id}"]`).count(), 0)
    assert.include(await shown.innerText(), 'Baie vitrée posée')
    const body = await visitor.locator('body').innerText()
    assert.notInclude(body, commande.clientNom)
    assert.notInclude(body, commande.numero)
    await shown.locator('img').scrollIntoViewIfNeeded()
    await visitor.waitForFunction((id) => {
      const img = document.querySelector(`[data-testid="portfolio-${id}"] img`)
      return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0
    }, Number(first.id))
    assert.isAtMost(await overflow(visitor), 0)
    // Opened large in a dialog, the full photo loaded; Escape closes it
    await shown.locator('button').click()
    const large = visitor.locator('[data-testid="portfolio-agrandie"] img')
    await large.waitFor()
    await visitor.waitForFunction(() => {
      const img = document.querySelector('[data-testid="portfolio-agrandie"] img')
      return img instanceof HTMLImageElement && img.complete && img.naturalWidth === 640
    })
    await visitor.keyboard.press('Escape')
    await large.waitFor({ state: 'detached' })
    await visitor.context().close()
    await page.context().close()
  })
})
