/*
 * esi/devis/Preview in a real Chromium (issue 5, deliverable 3): the sheet shows the document
 * the PDF prints (client, lines, TOTAL TTC, draft mark), the toolbar links to the PDF and back to
 * the devis, and the page raises no JavaScript error.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { autre, makeDevis, makeEsiSociete, produit } from '#tests/functional/pdf/helpers'
import { formatEuros } from '#shared/totals'

const spaces = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim()

test.group('Browser / devis preview', (group) => {
  withTransaction(group)

  test('the preview sheet, its toolbar and the draft mark', async ({ assert }) => {
    await makeEsiSociete()
    const user = await makeUser('esi')
    const made = await makeDevis({
      lignes: [
        autre('section', 'Cuisine'),
        produit('Fenêtre oscillo-battante', 123456, 6, '2'),
        autre('sous_total'),
        autre('texte', 'Pose comprise.'),
      ],
    })
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/devis/${made.devis.id}/preview`)
    const sheet = page.getByTestId('document-view')
    await sheet.waitFor()
    const text = spaces(await sheet.textContent())
    assert.include(text, 'Devis (brouillon)')
    assert.include(text, 'BROUILLON')
    assert.include(text, 'Fenêtre oscillo-battante')
    assert.include(text, `TOTAL TTC${spaces(formatEuros(made.totals.total_ttc))}`)
    assert.equal(
      await page.getByRole('link', { name: 'Télécharger le PDF' }).getAttribute('href'),
      `/esi/devis/${made.devis.id}/pdf`
    )
    assert.equal(
      await page.getByRole('link', { name: 'Retour au devis' }).getAttribute('href'),
      `/esi/devis/${made.devis.id}/edit`
    )
    if (process.env.PREVIEW_SCREENSHOT)
      await page.screenshot({ path: process.env.PREVIEW_SCREENSHOT, fullPage: true })
    assert.deepEqual(errors, [])
  })

  test('in dark mode the sheet keeps its paper colours: every text readable', async ({
    assert,
  }) => {
    await makeEsiSociete()
    const user = await makeUser('esi')
    const made = await makeDevis({ lignes: [produit('Porte d’entrée', 250000, 21, '1')] })
    const page = await newPage({ viewport: { width: 1400, height: 1000 }, colorScheme: 'dark' })
    await page.addInitScript(() => localStorage.setItem('esi.layout.darkMode', 'on'))
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/devis/${made.devis.id}/preview`)
    await page.getByTestId('document-view').waitFor()
    assert.isTrue(
      await page.evaluate(() => document.documentElement.classList.contains('dark-mode'))
    )
    // WCAG contrast of every text of the sheet against the background it sits on
    const worst = await page.evaluate(() => {
      const lum = (c: string) => {
        const [r, g, b] = (c.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map(Number)
        const f = (v: number) => {
          const x = v / 255
          return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4
        }
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)
      }
      const background = (el: Element | null): string => {
        for (let e = el; e; e = e.parentElement) {
          const bg = getComputedStyle(e).backgroundColor
          if (bg && !/rgba\(.*, 0\)$/.test(bg) && bg !== 'transparent') return bg
        }
        return 'rgb(255, 255, 255)'
      }
      let min = { ratio: 21, text: '' }
      const sheet = document.querySelector('[data-testid="document-view"]')!
      for (const el of sheet.querySelectorAll('*')) {
        const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim())
        if (!own || el.closest('.doc-watermark')) continue
        const a = lum(getComputedStyle(el).color)
        const b = lum(background(el))
        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
        if (ratio < min.ratio) min = { ratio, text: el.textContent!.trim().slice(0, 40) }
      }
      return min
    })
    if (process.env.DARK_PREVIEW_SCREENSHOT) {
      await page.evaluate(() => document.fonts.ready)
      await page.screenshot({ path: process.env.DARK_PREVIEW_SCREENSHOT, fullPage: true })
    }
    assert.isAtLeast(worst.ratio, 4.5, `contrast ${worst.ratio.toFixed(2)} on « ${worst.text} »`)
  })
})
