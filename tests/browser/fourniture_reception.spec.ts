/*
 * Receiving on a phone (issue 12 §4): at 390 px the receiving page fits the screen; a partial
 * delivery is typed with the numeric field and the large state buttons, then the damaged
 * second window with its remark; the order is « reçue partiellement » and the line still
 * expected.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { systemActor } from '#services/actor'
import { prepareCommandesFournisseur } from '#services/commandes_fournisseur/cf_brouillon'
import { sendCommandeFournisseur } from '#services/commandes_fournisseur/cf_envoi'
import { cfsOf, lignesOf, readyCommande } from '#tests/functional/commandes_fournisseur/helpers'

test.group('Browser / receiving supplier goods on a phone', (group) => {
  withTransaction(group)

  test('at 390 px: a partial delivery, then a damaged line with its remark', async ({ assert }) => {
    const user = await makeUser('esi')
    const s = await readyCommande()
    await prepareCommandesFournisseur(systemActor(user), s.commande.id)
    for (const cf of await cfsOf(s.commande.id)) {
      await sendCommandeFournisseur(systemActor(user), user, cf.id)
    }
    const [profils] = await cfsOf(s.commande.id)
    const [fenetre] = await lignesOf(profils.id)

    const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/commandes/fourniture/${s.commande.id}`)
    const card = page.locator(`[data-testid="reception-card"][data-cf-id="${profils.id}"]`)
    await card.waitFor()

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth
    )
    assert.isAtMost(overflow, 0)

    // One window of the two arrives
    const quantite = card.getByLabel('Quantité')
    assert.equal(await quantite.getAttribute('inputmode'), 'decimal')
    await quantite.fill('1')
    await card.getByLabel('N° bon de livraison').fill('BL-2211')
    await card.getByTestId('reception-enregistrer').click()
    await page.getByText('reçue en partie').first().waitFor()
    let [cf] = await cfsOf(s.commande.id)
    assert.equal(cf.statut, 'recue_partiellement')
    let [ligne] = await lignesOf(profils.id)
    assert.equal(Number(ligne.quantite_recue), 1)

    // The second one is broken: state « Endommagé », a remark, still expected
    await page.reload()
    await card.waitFor()
    await card.getByRole('button', { name: 'Endommagé' }).click()
    await card.getByLabel('Remarque (ou photo)').fill('Vitrage fêlé')
    await card.getByTestId('reception-enregistrer').click()
    await page.getByText('toujours attendue').first().waitFor()
    ;[cf] = await cfsOf(s.commande.id)
    assert.equal(cf.statut, 'recue_partiellement')
    const last = await db
      .from('livraison_lignes')
      .where('commande_fournisseur_ligne_id', fenetre.id)
      .orderBy('id', 'desc')
      .first()
    assert.equal(last.etat, 'endommage')
    assert.equal(last.remarque, 'Vitrage fêlé')
    ;[ligne] = await lignesOf(profils.id)
    assert.equal(Number(ligne.quantite_recue), 1)
    await page.context().close()
  }).timeout(90_000)
})
