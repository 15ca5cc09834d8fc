/*
 * The devis editor on a phone (390 px): nothing goes off screen — the header buttons wrap, the
 * lines are cards (designation, then quantity, unit, price, discount, VAT, total with their
 * labels) instead of a nine-column table scrolled sideways.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { autre, makeDevis, makeEsiSociete, produit } from '#tests/functional/pdf/helpers'

test.group('Browser / devis editor on a phone', (group) => {
  withTransaction(group)

  test('at 390 px the editor fits the screen and its lines are cards', async ({ assert }) => {
    await makeEsiSociete()
    const user = await makeUser('esi')
    const made = await makeDevis({
      lignes: [
        autre('section', 'Rez-de-chaussée'),
        produit('Fenêtre PVC oscillo-battante 120 × 140', 45000, 6, '2'),
        produit('Porte d’entrée aluminium', 250000, 21, '1'),
      ],
    })
    const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/devis/${made.devis.id}/edit`)
    await page.getByTestId('lignes-table').waitFor()

    const layout = await page.evaluate(() => {
      const width = document.documentElement.clientWidth
      const right = (el: Element | null) => (el ? el.getBoundingClientRect().right : 0)
      const row = document.querySelector('[data-testid="ligne-1"]')!
      const cells = [...row.querySelectorAll('td[data-label]')].map((td) => ({
        label: getComputedStyle(td, '::before').content,
        right: td.getBoundingClientRect().right,
      }))
      return {
        width,
        table: right(document.querySelector('[data-testid="lignes-table"]')),
        header: Math.max(
          ...[...document.querySelectorAll('.page-hero-actions .btn')].map((b) => right(b))
        ),
        rowDisplay: getComputedStyle(row).display,
        cells,
      }
    })
    assert.isAtMost(layout.table, layout.width)
    assert.isAtMost(layout.header, layout.width)
    assert.equal(layout.rowDisplay, 'flex')
    assert.deepInclude(
      layout.cells.map((c) => c.label),
      '"Quantité"'
    )
    for (const cell of layout.cells) assert.isAtMost(cell.right, layout.width, cell.label)
    if (process.env.PHONE_SCREENSHOT)
      await page.screenshot({ path: process.env.PHONE_SCREENSHOT, fullPage: true })
    await page.context().close()
  })
})
