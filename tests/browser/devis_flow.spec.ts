/*
 * The sales flow in a real Chromium (issue 5): an esi user creates a devis with 3 lines through
 * the editor (client picker, catalogue autocomplete, live totals), saves it, sends it and accepts
 * it with the "Modification de statut" dialog, then signs the bon de commande, asks the acompte
 * with a payment request and opens the commande.
 */
import { test } from '@japa/runner'
import { systemActor } from '#services/actor'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { ClientFactory } from '#database/factories/client_factory'
import { ProduitFactory } from '#database/factories/produit_factory'
import Client from '#models/client'
import Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import Bdc from '#models/bdc'
import Texte from '#models/texte'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { formatEuros } from '#shared/totals'
import { createDevis, updateDevis } from '#services/devis/devis_service'
import { today } from '#services/documents/numbering'
import { changeDevisStatut } from '#services/devis/devis_lifecycle'
import { esiSociete } from '#tests/functional/bdc/helpers'

/** Picks a status in the 'Modification de statut' dialog and confirms what follows. */
async function changeStatut(page: Page, to: string) {
  await page.click('button:has-text("Modification de statut")')
  await page.waitForSelector('.swal2-popup .swal2-select')
  await page.selectOption('.swal2-popup .swal2-select', to)
  await page.click('.swal2-popup .swal2-confirm')
  // Envoyer and accepter ask for a confirmation of what they do
  await page.waitForSelector('.swal2-popup .swal2-confirm:has-text("Confirmer")')
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/statut') && r.request().method() === 'POST'),
    page.click('.swal2-popup .swal2-confirm'),
  ])
}

async function fillProduitLine(page: Page, index: number, search: string, quantite: string) {
  await page.fill(`#lignes-${index}-designation`, search)
  const option = page.locator('[role="listbox"] [role="option"]').first()
  await option.waitFor()
  await option.click()
  await page.fill(`#lignes-${index}-quantite`, quantite)
}

test.group('Browser / devis flow', (group) => {
  withTransaction(group)

  test('create a devis with 3 lines, send it, accept it, sign the bdc, see the commande', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    await esiSociete() // the company paid by the acompte's payment request
    const client = await ClientFactory.merge({
      nom: 'Leclercq',
      prenom: 'Anne',
      email: 'anne.leclercq@exemple.be',
    }).create()
    await ProduitFactory.merge({
      reference: 'CH-PVC-1',
      libelle: 'Châssis PVC oscillo-battant',
      prixVenteHt: 45_000,
      tauxTva: 6,
    }).create()
    await ProduitFactory.merge({
      reference: 'PO-ALU-1',
      libelle: 'Porte d’entrée aluminium',
      prixVenteHt: 250_000,
      tauxTva: 6,
    }).create()
    await ProduitFactory.merge({
      reference: 'MO-POSE',
      libelle: 'Main-d’œuvre pose',
      unite: 'heure',
      prixVenteHt: 5_500,
      tauxTva: 21,
    }).create()

    await Texte.createMany([
      {
        code: 'devis_intro',
        titre: 'Introduction',
        categorie: 'devis_intro',
        contenu: 'Madame, Monsieur,',
        version: 1,
      },
      {
        code: 'cgv',
        titre: 'Conditions générales',
        categorie: 'devis_conditions',
        contenu: 'CGV.',
        version: 1,
      },
      {
        code: 'acompte',
        titre: 'Acompte',
        categorie: 'devis_conditions',
        contenu: 'Acompte de 30 %.',
        version: 1,
      },
    ])
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto('/esi/devis/create')

    // Intro and conditions start from the Textes modèles; another one can be inserted
    assert.equal(await page.inputValue('#intro'), 'Madame, Monsieur,')
    assert.equal(await page.inputValue('#conditions'), 'Acompte de 30 %.')
    await page.locator('button:has-text("Insérer un texte modèle")').nth(1).click()
    await page.click('.dropdown-menu.show button:has-text("Conditions générales")')
    assert.equal(await page.inputValue('#conditions'), 'Acompte de 30 %.\n\nCGV.')

    // The client, searched without accent
    await page.fill('#client_search', 'leclercq')
    await page.locator('[role="listbox"] [role="option"]').first().click()
    await page.waitForSelector('[data-testid="client-choisi"]')

    // Three lines from the catalogue; the totals follow live
    await fillProduitLine(page, 0, 'chassis', '3')
    await page.click('button:has-text("Produit")')
    await fillProduitLine(page, 1, 'porte', '1')
    await page.click('button:has-text("Produit")')
    await fillProduitLine(page, 2, 'pose', '6,5')
    // 3 × 450 + 2 500 = 3 850 € at 6 %; 6,5 × 55 = 357,50 € at 21 %
    const ttc = 385_000 + 23_100 + 35_750 + 7_508
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="total-ttc"]')?.textContent === expected,
      formatEuros(ttc)
    )

    // Saved without an objet: the French message on the field, nothing typed is lost
    await page.click('button:has-text("Créer le devis")')
    await page.waitForSelector('#objet-error:has-text("Saisissez l’objet du devis.")')
    assert.match(page.url(), /\/esi\/devis\/create/)
    assert.equal(await page.inputValue('#lignes-2-quantite'), '6,5')
    assert.equal(await page.textContent('[data-testid="total-ttc"]'), formatEuros(ttc))
    await page.fill('#objet', 'Remplacement des châssis du rez-de-chaussée')

    // Drag to reorder with the keyboard: the last line taken by its handle, moved to the top
    await page.focus('button[aria-label="Déplacer la ligne 3"]')
    // dnd-kit measures the rows between key presses: give it a frame or two each time
    for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key)
      await page.waitForTimeout(200)
    }
    await page.waitForFunction(
      () =>
        (document.querySelector('#lignes-0-designation') as HTMLTextAreaElement | null)?.value ===
        'Main-d’œuvre pose'
    )
    assert.equal(await page.textContent('[data-testid="total-ttc"]'), formatEuros(ttc))

    // Leaving with unsaved changes asks first; « Annuler » stays on the page, data kept
    await page.click('a:has-text("Liste")')
    await page.waitForSelector('.swal2-popup:has-text("Êtes-vous sûr ?")')
    await page.click('.swal2-popup .swal2-cancel')
    assert.match(page.url(), /\/esi\/devis\/create/)
    assert.equal(await page.inputValue('#objet'), 'Remplacement des châssis du rez-de-chaussée')

    await Promise.all([
      page.waitForURL(/\/esi\/devis\/\d+\/edit$/),
      page.click('button:has-text("Créer le devis")'),
    ])
    const devis = await Devis.query().where('client_id', client.idClient).firstOrFail()
    assert.equal(devis.totalTtc, ttc)
    const lignes = await DevisLigne.query().where('devis_id', devis.id).orderBy('position')
    assert.deepEqual(
      lignes.map((l) => l.designation),
      ['Main-d’œuvre pose', 'Châssis PVC oscillo-battant', 'Porte d’entrée aluminium']
    )
    assert.equal(await page.textContent('[data-testid="total-ttc"]'), formatEuros(ttc))

    // Send: numbered, mailed
    await changeStatut(page, 'envoye')
    await page.waitForFunction(
      () => document.querySelector('[data-testid="statut"]')?.textContent === 'Envoyé'
    )
    const sent = await Devis.findOrFail(devis.id)
    assert.match(sent.numero ?? '', /^DEV-\d{4}-\d{5}$/)
    assert.include(await page.title(), sent.numero!)

    // Accept: the bon de commande is created and linked
    await changeStatut(page, 'accepte')
    await page.waitForFunction(
      () => document.querySelector('[data-testid="statut"]')?.textContent === 'Accepté'
    )
    const bdc = await Bdc.findByOrFail('devis_id', devis.id)
    const link = page.locator(`a[href="/esi/bdc/${bdc.id}"]`)
    assert.equal(await link.textContent(), bdc.numero)

    // The bon de commande: signed on screen, which creates the commande
    await Promise.all([page.waitForURL(new RegExp(`/esi/bdc/${bdc.id}$`)), link.click()])
    const canvas = page.locator('[data-testid="signature-canvas"]')
    await canvas.scrollIntoViewIfNeeded()
    const box = (await canvas.boundingBox())!
    await page.mouse.move(box.x + 40, box.y + 100)
    await page.mouse.down()
    for (let i = 1; i <= 20; i++) {
      await page.mouse.move(box.x + 40 + i * 15, box.y + 100 + (i % 2 ? -25 : 25), { steps: 2 })
    }
    await page.mouse.up()
    await page.fill('[data-testid="signature-signataire"]', 'Anne Lambert')
    await page.click('[data-testid="signature-submit"]')
    const commandeLink = page.locator('[data-testid="bdc-commande"] a')
    await commandeLink.waitFor()
    const commandeNumero = (await commandeLink.textContent())!.trim()
    assert.match(commandeNumero, /^CMD-\d{4}-\d{5}$/)
    assert.equal(await page.locator('[data-testid="bdc-statut"]').textContent(), 'Signé')

    // The acompte asked by a payment request, with its QR code
    await page.click('[data-testid="demande-open"]')
    await Promise.all([
      page.waitForURL(/\/esi\/paiement\/demandes\/\d+$/),
      page.click('button:has-text("Créer et envoyer")'),
    ])
    await page.locator('[data-testid="paiement-qr"]').waitFor()
    assert.include(await page.locator('[data-testid="demande-lien"]').inputValue(), '/paiement/')

    // And the commande
    await page.goto(`/esi/bdc/${bdc.id}`)
    await Promise.all([
      page.waitForURL(/\/esi\/commandes\/\d+$/),
      page.click('[data-testid="bdc-commande"] a'),
    ])
    assert.include(await page.locator('h1').first().innerText(), commandeNumero)
    await page.close()
  }).timeout(120_000)

  test('a concurrent save is explained with a sticky alert; what was typed stays', async ({
    assert,
  }) => {
    const user = await makeUser('esi', { name: 'Sophie Lambert' })
    const other = await makeUser('esi', { name: 'Marc Dubois' })
    const client = await ClientFactory.create()
    const devis = await createDevis(
      systemActor(),
      {
        client_id: client.idClient,
        objet: 'Version initiale',
        date_devis: today(),
        intro: null,
        conditions: null,
        lignes: [
          {
            type: 'produit',
            produit_id: null,
            designation: 'Châssis',
            quantite: '1',
            unite: 'piece',
            prix_unitaire_ht: 10_000,
            remise_pct: '0',
            taux_tva: 21,
          },
        ],
      },
      { userId: user.id }
    )
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/devis/${devis.id}/edit`)
    await page.waitForSelector('#objet')

    // Someone else saves meanwhile
    await updateDevis(
      systemActor(),
      devis.id,
      devis.lockVersion,
      {
        client_id: client.idClient,
        objet: 'Version de Marc',
        lignes: [],
      },
      other.id
    )

    await page.fill('#objet', 'Ma version')
    await page.click('button:has-text("Enregistrer")')
    const alert = page.locator('.alert-danger:has-text("Conflit de version")')
    await alert.waitFor()
    assert.include(await alert.textContent(), 'modifié par Marc Dubois')
    assert.equal(await page.inputValue('#objet'), 'Ma version')
    const stored = await Devis.findOrFail(devis.id)
    assert.equal(stored.objet, 'Version de Marc')
    assert.isTrue(await page.locator('button:has-text("Recharger")').isVisible())
    await page.close()
  }).timeout(60_000)

  test('a client created from the editor’s modal is chosen; its errors show by field', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto('/esi/devis/create')
    await page.fill('#client_search', 'Vandamme')
    await page.click('button:has-text("Nouveau client")')
    await page.waitForSelector('#new_client_nom')
    assert.equal(await page.inputValue('#new_client_nom'), 'Vandamme')
    await page.fill('#new_client_email', 'pas-un-email')
    await page.click('button:has-text("Créer le client")')
    await page.waitForSelector('#new_client_email-error:has-text("adresse e-mail valide")')
    await page.fill('#new_client_email', 'luc@vandamme.be')
    await page.click('button:has-text("Créer le client")')
    await page.waitForSelector('[data-testid="client-choisi"]:has-text("Vandamme")')
    const created = await Client.findByOrFail('email', 'luc@vandamme.be')
    assert.equal(created.nom, 'Vandamme')
    await page.close()
  }).timeout(60_000)

  test('editing a sent devis makes rév. 2; rév. 1 stays readable', async ({ assert }) => {
    const user = await makeUser('esi')
    const client = await ClientFactory.create()
    const devis = await createDevis(
      systemActor(),
      {
        client_id: client.idClient,
        objet: 'Objet envoyé',
        date_devis: today(),
        intro: null,
        conditions: null,
        lignes: [
          {
            type: 'produit',
            produit_id: null,
            designation: 'Châssis',
            quantite: '1',
            unite: 'piece',
            prix_unitaire_ht: 10_000,
            remise_pct: '0',
            taux_tva: 21,
          },
        ],
      },
      { userId: user.id }
    )
    await changeDevisStatut(systemActor(), {
      devisId: devis.id,
      to: 'envoye',
      lockVersion: devis.lockVersion,
      userId: user.id,
    })
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto(`/esi/devis/${devis.id}/edit`)
    await page.waitForSelector(
      'text=Modifier ce devis en crée une nouvelle version (rév. 2) ; la version envoyée reste consultable.'
    )
    await page.fill('#objet', 'Objet revu')
    await page.click('button:has-text("Enregistrer la rév. 2")')
    await page.waitForSelector('a:has-text("Rév. 1")')
    assert.equal(await page.textContent('[data-testid="statut"]'), 'Brouillon')
    assert.equal(await page.inputValue('#objet'), 'Objet revu')

    await Promise.all([page.waitForURL(/\/revisions\/1$/), page.click('a:has-text("Rév. 1")')])
    await page.waitForSelector('text=Version rév. 1 de ce devis')
    assert.equal(await page.inputValue('#objet'), 'Objet envoyé')
    assert.isTrue(await page.locator('#objet').evaluate((el) => (el as HTMLInputElement).readOnly))
    await page.close()
  }).timeout(60_000)
})
