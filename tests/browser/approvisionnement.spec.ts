/*
 * Approvisionnement in the browser (issue 12 §3): the commande's page prepares the drafts from
 * the validated sheet, shows the row without supplier, edits a draft's quantity, sends it after
 * the confirmation dialog and records the supplier's date; the list then shows the order, and
 * the rest is sent by the bulk action. No console error on the way.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { cfsOf, lignesOf, readyCommande } from '#tests/functional/commandes_fournisseur/helpers'

test.group('Browser / approvisionnement', (group) => {
  withTransaction(group)

  test('prepare, edit, send, confirm, then the bulk send from the list', async ({ assert }) => {
    const user = await makeUser('esi')
    const s = await readyCommande()
    const page = await newPage({ viewport: { width: 1280, height: 900 } })
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/commandes/production/${s.commande.id}`)
    await page.getByTestId('cf-preparer').click()
    await page.getByTestId('sans-fournisseur').waitFor()
    await page.getByTestId('cf-card').nth(1).waitFor()
    assert.include(await page.getByTestId('sans-fournisseur').innerText(), 'Volet roulant')

    // The windows' draft: 3 instead of 2, saved, then sent
    const card = page.getByTestId('cf-card').first()
    await card.getByLabel('Quantité ligne 1').fill('3')
    await card.getByRole('button', { name: 'Enregistrer' }).click()
    await page.getByText('Brouillon enregistré').first().waitFor()
    const [draft] = await cfsOf(s.commande.id)
    const [ligne] = await lignesOf(draft.id)
    assert.equal(Number(ligne.quantite), 3)
    await card.getByTestId('cf-envoyer').click()
    await page.click('.swal2-confirm:has-text("Envoyer")')
    await page.getByText(`envoyée à ${s.profils.email}`).first().waitFor()
    let [sent] = await cfsOf(s.commande.id)
    assert.equal(sent.statut, 'envoyee')

    await card.getByLabel('Livraison confirmée le').fill('2026-12-15')
    await card.getByTestId('cf-confirmer').click()
    await page.getByText('Livraison confirmée pour le 15/12/2026').first().waitFor()
    ;[sent] = await cfsOf(s.commande.id)
    assert.equal(sent.statut, 'confirmee')

    // The list: the other draft ticked and sent
    await page.goto('/esi/commandes/production')
    await page.getByTestId('cf-brouillon').first().waitFor()
    await page.getByTestId('cf-brouillon').first().getByRole('checkbox').check()
    await page.getByTestId('cf-envoyer-groupe').click()
    await page.click('.swal2-confirm:has-text("Envoyer")')
    await page.getByText('1 commande envoyée').first().waitFor()
    const both = await cfsOf(s.commande.id)
    assert.deepEqual(
      both.map((c) => c.statut),
      ['confirmee', 'envoyee']
    )
    await page.goto('/esi/commandes/fourniture')
    await page.getByTestId('cf-attendue').first().waitFor()
    assert.deepEqual(errors, [])
    await page.context().close()
  }).timeout(120_000)
})
