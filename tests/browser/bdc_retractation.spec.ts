/*
 * The bdc page in a real Chromium (issue 10 §4): the document shows the withdrawal information
 * and the model form with the company filled in; under the French rule, a bdc signed at home
 * two days ago shows why no payment may be asked and the action is off.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { esiSociete, makeBdc } from '#tests/functional/bdc/helpers'
import { TIME_ZONE } from '#shared/app'

const spaces = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim()

test.group('Browser / bdc withdrawal form', (group) => {
  withTransaction(group)

  test('the annex on the page, the acompte action off under the French rule', async ({
    assert,
  }) => {
    const societe = await esiSociete()
    await societe
      .merge({ acomptePendantRetractation: 'interdit_7_jours', email: 'info@esi.test' })
      .save()
    const user = await makeUser('esi')
    const bdc = await makeBdc({ email: null })
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await loginAs(page, user.email, TEST_PASSWORD)

    await page.goto(`/esi/bdc/${bdc.id}`)
    const annex = page.getByTestId('doc-retractation')
    await annex.waitFor()
    const text = spaces(await annex.textContent())
    assert.include(text, 'Modèle de formulaire de rétractation')
    assert.include(text, 'À l’attention de :Menuiseries Test SRL')
    assert.include(text, 'info@esi.test')
    assert.include(text, `Bon de commande n° ${bdc.numero}`)
    assert.notInclude(
      spaces(await page.getByTestId('document-view').textContent()),
      'Bon pour accord'
    )
    // Not signed yet: no payment under the French rule
    assert.isTrue(await page.getByTestId('demande-open').isDisabled())
    if (process.env.PREVIEW_SCREENSHOT)
      await page.screenshot({ path: process.env.PREVIEW_SCREENSHOT, fullPage: true })

    const signeLe = DateTime.now().setZone(TIME_ZONE).minus({ days: 2 }).set({ hour: 12 })
    await bdc
      .merge({
        statut: 'signe',
        signeLe,
        signataire: 'Anne Lambert',
        lieuSignature: 'domicile',
        finRetractation: signeLe.plus({ days: 14 }).startOf('day'),
      })
      .save()
    await page.goto(`/esi/bdc/${bdc.id}`)
    const reason = page.getByTestId('demande-bloquee')
    await reason.waitFor()
    assert.include(
      spaces(await reason.textContent()),
      `aucun paiement ne peut être demandé avant le ${signeLe.plus({ days: 8 }).toFormat('dd/MM/yyyy')}`
    )
    assert.isTrue(await page.getByTestId('demande-open').isDisabled())
    assert.deepEqual(errors, [])
  })
})
