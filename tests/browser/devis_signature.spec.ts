/*
 * Issue 14 §1 in a real Chromium on a phone (390 px): the customer opens his link without an
 * account, unticks and ticks the options and sees the total follow (the figure of
 * shared/totals.ts), draws his signature with the mouse on the canvas, types « Lu et approuvé »,
 * consents, accepts, and lands on the acompte's payment page with its EPC QR code; the server
 * stored his choice.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { newPage } from '#tests/browser/helpers/browser'
import {
  OPTION_TICKED,
  OPTION_UNTICKED,
  lignesAvecOptions,
  linkPath,
  sentDevis,
} from '#tests/functional/signature_en_ligne/helpers'
import { computeTotals, formatEuros } from '#shared/totals'
import { withChoices } from '#shared/signature_en_ligne'

function expectedTtc(retenues: number[]) {
  return formatEuros(
    computeTotals({
      lignes: withChoices(lignesAvecOptions(), new Set(retenues)),
      acompte_pct: '30',
    }).total_ttc
  )
}

test.group('Browser / the customer signs a devis online', (group) => {
  withTransaction(group)

  test('390 px: options change the total, drawn signature, accept, payment page', async ({
    assert,
  }) => {
    const devis = await sentDevis()
    const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true })
    await page.goto(linkPath(devis))
    const total = page.locator('[data-testid="total-ttc"]')
    const shownTtc = async () => {
      const text = await total.innerText()
      return text.trim()
    }
    await total.waitFor()
    // Nothing wider than the phone: the sheet scrolls inside its own frame
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    assert.isAtMost(width, 390)
    assert.equal(await shownTtc(), expectedTtc([OPTION_TICKED]))

    // Tick the second option, then untick the first: the total follows each time
    await page.check(`[data-testid="option-${OPTION_UNTICKED}"]`)
    assert.equal(await shownTtc(), expectedTtc([OPTION_TICKED, OPTION_UNTICKED]))
    await page.uncheck(`[data-testid="option-${OPTION_TICKED}"]`)
    assert.equal(await shownTtc(), expectedTtc([OPTION_UNTICKED]))
    // The sheet below shows the same figure
    assert.include(await page.locator('.doc-ttc').innerText(), expectedTtc([OPTION_UNTICKED]))

    // Accept without anything: French errors next to the fields, the choice kept
    await page.fill('[data-testid="accept-signataire"]', 'Anne Lambert')
    await page.click('[data-testid="accept-submit"]')
    await page.locator('text=Recopiez la mention « Lu et approuvé ».').first().waitFor()
    assert.isFalse(await page.isChecked(`[data-testid="option-${OPTION_TICKED}"]`))

    await page.fill('[data-testid="accept-mention"]', 'lu et approuvé')
    const canvas = page.locator('[data-testid="signature-canvas"]')
    await canvas.scrollIntoViewIfNeeded()
    const box = (await canvas.boundingBox())!
    await page.mouse.move(box.x + 30, box.y + 100)
    await page.mouse.down()
    for (let i = 1; i <= 16; i++) {
      await page.mouse.move(box.x + 30 + i * 18, box.y + 100 + (i % 2 ? -35 : 35), { steps: 2 })
    }
    await page.mouse.up()
    await page.check('[data-testid="accept-consentement"]')
    await page.click('[data-testid="accept-submit"]')

    await page.waitForURL(/\/paiement\/[0-9a-f-]{36}\?signature=/)
    await page.locator('[data-testid="paiement-qr"]').waitFor()
    assert.include(await page.locator('[data-testid="paiement-details"]').innerText(), '+++')

    // The server stored the customer's choice and the bdc signed at a distance
    const lignes = await db.from('devis_lignes').where('devis_id', devis.id).orderBy('position')
    assert.isFalse(lignes[OPTION_TICKED].retenue)
    assert.isTrue(lignes[OPTION_UNTICKED].retenue)
    const bdc = await db.from('bdcs').where('devis_id', devis.id).first()
    assert.equal(bdc.lieu_signature, 'distance')
    assert.equal(formatEuros(Number(bdc.total_ttc)), expectedTtc([OPTION_UNTICKED]))
    await page.context().close()
  })
})
