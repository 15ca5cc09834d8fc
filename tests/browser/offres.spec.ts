/*
 * A pro's offre becomes an esi devis, in a real Chromium (issue 5): the pro writes an offre of
 * two catalogue products at his partner prices, previews it with his société's branding and
 * transmits it; an esi user opens it and turns it into a devis in one click.
 */
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import Offre from '#models/offre'
import OffreLigne from '#models/offre_ligne'
import Devis from '#models/devis'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { ProduitFactory } from '#database/factories/produit_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { addMember, makeContact, makeSociete } from '#tests/functional/societes/helpers'

/** A new produit line, its designation typed to search the catalogue, the product chosen. */
async function addProduit(page: Page, index: number, search: string, produitId: number) {
  await page.click('[aria-label="Ajouter une ligne"] button:has-text("Produit")')
  await page.fill(`#lignes-${index}-designation`, search)
  const option = page.locator(`[data-produit-id="${produitId}"]`)
  await option.waitFor()
  await option.dispatchEvent('mousedown')
}

/** The text of an element, every kind of space as a plain one. */
async function textOf(page: Page, selector: string) {
  const text = await page.locator(selector).innerText()
  return text.replace(/\s+/g, ' ').trim()
}

async function confirmDialog(page: Page) {
  await page.locator('.swal2-confirm').click()
}

test.group('Browser / offres', (group) => {
  withTransaction(group)

  test('a pro transmits an offre of two catalogue lines; esi turns it into a devis', async ({
    assert,
  }) => {
    const pro = await makeUser('pro')
    const societe = await makeSociete('pro', { nom: 'Menuiserie Partenaire SRL' })
    societe.remisePartenairePct = '10'
    await societe.save()
    await addMember(societe, pro, 'admin')
    const contact = await makeContact(societe, {
      nom: 'Lejeune',
      prenom: 'Amandine',
      email: 'amandine.browser@example.be',
    })
    const chassis = await ProduitFactory.merge({
      libelle: 'Châssis navigateur',
      prixVenteHt: 50_000,
      tauxTva: 6,
    }).create()
    const porte = await ProduitFactory.merge({
      libelle: 'Porte navigateur',
      prixVenteHt: 120_000,
      tauxTva: 21,
    }).create()

    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, pro.email, TEST_PASSWORD)
    await page.goto('/app/offres/create')
    await page.selectOption('#contact_id', String(contact.id))
    await page.fill('#objet', 'Châssis et porte')
    await addProduit(page, 0, 'Châssis navigateur', chassis.id)
    await addProduit(page, 1, 'Porte navigateur', porte.id)
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="lignes-table"] tr[data-ligne-type="produit"]')
          .length === 2
    )
    // Partner prices (catalogue − 10 %), live totals: 450 + 1 080 HT, VAT 27 + 226,80
    assert.equal(await textOf(page, '[data-testid="total-ht"]'), '1 530,00 €')
    assert.equal(await textOf(page, '[data-testid="total-ttc"]'), '1 783,80 €')

    await Promise.all([
      page.waitForURL(/\/app\/offres\/\d+\/edit$/),
      page.click('[data-testid="offre-save"]'),
    ])
    const offreId = Number(new URL(page.url()).pathname.split('/')[3])
    const offre = await Offre.findOrFail(offreId)
    assert.equal(offre.societeId, societe.id)
    assert.equal(offre.totalTtc, 178_380)
    const lignes = await OffreLigne.query().where('offre_id', offreId).orderBy('position')
    assert.deepEqual(
      lignes.map((l) => [l.produitId, l.prixUnitaireHt]),
      [
        [chassis.id, 45_000],
        [porte.id, 108_000],
      ]
    )

    // The preview shows the document with the pro's société as sender
    await Promise.all([
      page.waitForURL(`**/app/offres/${offreId}/preview`),
      page.getByRole('link', { name: 'Aperçu' }).click(),
    ])
    await page.getByText('Menuiserie Partenaire SRL').first().waitFor()
    assert.isTrue(await page.getByText('Porte navigateur').first().isVisible())

    await page.click('[data-testid="offre-transmettre"]')
    await confirmDialog(page)
    await page.locator('[data-statut="transmise"]').first().waitFor()
    await offre.refresh()
    assert.equal(offre.statut, 'transmise')
    assert.match(offre.numero ?? '', /^OFF-\d{4}-00001$/)
    await page.context().close()

    // esi opens it from its list and makes the devis
    const esi = await makeUser('esi')
    const esiPage = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(esiPage, esi.email, TEST_PASSWORD)
    await esiPage.goto('/app/offres')
    await Promise.all([
      esiPage.waitForURL(`**/app/offres/${offreId}/preview`),
      esiPage.click(`#offres-table tr[data-offre-id="${offreId}"] a`),
    ])
    const response = esiPage.waitForResponse((r) => /\/esi\/devis\/\d+\/edit$/.test(r.url()))
    await esiPage.click('[data-testid="offre-to-devis"]')
    await confirmDialog(esiPage)
    await esiPage.waitForURL(/\/esi\/devis\/\d+\/edit$/)
    const answer = await response
    assert.isBelow(answer.status(), 400)
    const devis = await Devis.query().where('offre_id', offreId).firstOrFail()
    assert.equal(new URL(esiPage.url()).pathname, `/esi/devis/${devis.id}/edit`)
    assert.equal(devis.apporteurId, societe.id)
    // The end client pays the catalogue prices (500 + 1 200 HT); the partner's 10 % is his
    // commission, said on the screen next to the totals (decision 187)
    assert.equal(devis.totalHt, 170_000)
    assert.equal(await textOf(esiPage, '[data-testid="total-ht"]'), '1 700,00 €')
    const block = await textOf(esiPage, '[data-testid="partner-commission"]')
    assert.include(
      block,
      `Devis issu de l’offre ${offre.numero} de Menuiserie Partenaire SRL : prix catalogue appliqués au client ; l’offre du partenaire totalisait 1 530,00 € HT.`
    )
    assert.include(block, 'Commission partenaire (Menuiserie Partenaire SRL, 10 %) : 170,00 € HT')
    await esiPage.context().close()
  })
})
