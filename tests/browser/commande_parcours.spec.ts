/*
 * Issue 12 end to end in a real Chromium: from a bdc signed at the customer's home with the
 * express waiver of the withdrawal period to a finished commande, by clicking the pages the staff
 * uses — the commande's timeline (acompte awaited, the approvisionnement gate on its disabled
 * button), the acompte facture issued and paid on « Paiements », the measurement sheet on a
 * phone (sizes matching the devis, validated without écart), the supplier orders prepared, sent
 * and confirmed at desktop width, every line received on a phone, the pose started and the PV de
 * réception signed on the phone without reserve, then the facture de solde created, issued and
 * paid: the commande is « Terminée », every step behind it, the PV's PDF attached.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import Commande from '#models/commande'
import Facture from '#models/facture'
import Produit from '#models/produit'
import Societe from '#models/societe'
import { systemActor } from '#services/actor'
import { signBdc } from '#services/commandes/sign_bdc'
import { decodeDrawnSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { DRAWN, makeBdc } from '#tests/functional/bdc/helpers'
import { produit } from '#tests/functional/document_helpers'
import { centsToInput } from '#shared/totals'
import type { LigneData } from '#shared/devis'

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const DESKTOP = { viewport: { width: 1366, height: 900 } }

/**
 * The quote: two windows and a door from two suppliers (their sizes in the designation, which
 * the sheet takes as the devis' reference), and the pose (work, not measured, not ordered).
 */
async function signedAtHome() {
  const tag = Math.random().toString(36).slice(2, 7)
  const fournisseur = (nom: string) =>
    Societe.create({ nom: `${nom} ${tag}`, type: 'fournisseur', pays: 'BE', email: `${tag}@x.be` })
  const profils = await fournisseur('Profilés du parcours')
  const portes = await fournisseur('Portes du parcours')
  const article = (libelle: string, categorie: string, prix: number, f: Societe | null) =>
    Produit.create({
      reference: `PARC-${tag}-${categorie.slice(0, 4)}`,
      libelle,
      categorie,
      unite: 'piece',
      prixAchat: Math.round(prix * 0.6),
      prixVenteHt: prix,
      tauxTva: 6,
      fournisseurId: f?.id ?? null,
      actif: true,
    })
  const chassis = await article('Châssis PVC 1 vantail 60 × 120 cm', 'Châssis PVC', 450_00, profils)
  const porte = await article('Porte d’entrée aluminium 100 × 215 cm', 'Portes', 1800_00, portes)
  const pose = await article('Pose de châssis', 'Pose', 150_00, null)
  const ligne = (p: Produit, quantite: string): LigneData => ({
    ...produit(p.libelle, p.prixVenteHt, 6, quantite),
    produit_id: p.id,
  })
  const bdc = await makeBdc({
    clientNom: 'Vanparcours',
    lignes: [ligne(chassis, '2'), ligne(porte, '1'), ligne(pose, '3')],
  })
  const decoded = decodeDrawnSignature(DRAWN)
  if ('error' in decoded) throw new Error(decoded.error)
  const { commande } = await signBdc(systemActor(), {
    bdcId: bdc.id,
    lockVersion: bdc.lockVersion,
    signataire: 'Anne Vanparcours',
    lieu: 'domicile',
    signatureType: 'dessin',
    signaturePath: await storeDrawnSignature(decoded.bytes),
    signatureMime: 'image/png',
    renonciation: true,
    userId: null,
  })
  return { bdc, commande: await Commande.findOrFail(commande.id), profils, portes }
}

const statut = (page: Page, etape: string) => page.getByTestId(`etape-${etape}-statut`)

async function etapeEst(page: Page, etape: string, label: string) {
  await page.locator(`[data-testid="etape-${etape}-statut"]:text-is("${label}")`).waitFor()
}

/** Draws a stroke on the signature pad, like a finger. */
async function drawSignature(page: Page) {
  const canvas = page.locator('[data-testid="signature-canvas"]')
  await canvas.scrollIntoViewIfNeeded()
  const box = (await canvas.boundingBox())!
  await page.mouse.move(box.x + 30, box.y + 110)
  await page.mouse.down()
  for (let i = 1; i <= 20; i++) {
    await page.mouse.move(box.x + 30 + i * 14, box.y + 110 + (i % 2 ? -35 : 35), { steps: 2 })
  }
  await page.mouse.up()
}

/** « Émettre » on an open draft facture, confirmed: the issued facture. */
async function issueOpenDraft(page: Page): Promise<Facture> {
  await page.waitForURL(/\/esi\/compta\/facture\/\d+$/)
  await page.click('[data-testid="facture-emettre"]')
  await page.click('.swal2-confirm:has-text("Émettre")')
  await page.locator('h1:has-text("FAC-")').waitFor()
  const numero = /FAC-\d{4}-\d{5}/.exec(await page.locator('h1').innerText())![0]
  return Facture.findByOrFail('numero', numero)
}

/** « Paiements » → « Nouveau paiement »: the client, the whole amount, proposed on the facture. */
async function recordPayment(page: Page, facture: Facture) {
  await page.goto('/esi/compta/paiements')
  const form = page.getByTestId('paiement-form')
  await page.fill('#client_search', 'vanparcours')
  await page.locator('[role="listbox"] [role="option"]').first().click()
  const part = form.locator(`input[aria-label="Montant réparti sur ${facture.numero}"]`)
  await part.waitFor()
  await page.fill('#p-montant', centsToInput(facture.totalTtc))
  await page.fill('#p-reference', `Virement ${facture.numero}`)
  must(
    (await part.inputValue()) === centsToInput(facture.totalTtc),
    'the whole amount proposed on the facture'
  )
  await form.getByRole('button', { name: 'Enregistrer le paiement' }).click()
  await page.locator('tr', { hasText: `(${facture.numero})` }).waitFor()
  await facture.refresh()
}

function must(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message)
}

test.group('Browser / a commande from the signed bdc to the end', (group) => {
  withTransaction(group)

  test('every step by its page: phone for the sheet, the receipt, the pose and the réception', async ({
    assert,
  }) => {
    // The office at its desk, the technician on site with his phone (each his own login)
    const user = await makeUser('esi', { name: 'Marc Bureau' })
    const technicien = await makeUser('esi', { name: 'Théo Technicien' })
    const { bdc, commande, profils, portes } = await signedAtHome()
    const errors: string[] = []

    // 1. Desktop: the commande waits for its acompte; the approvisionnement gate says so
    const desk = await newPage(DESKTOP)
    desk.on('pageerror', (e) => errors.push(e.message))
    await loginAs(desk, user.email, TEST_PASSWORD)
    await desk.goto(`/esi/commandes/${commande.id}`)
    await desk.getByTestId('etape-solde').waitFor()
    assert.equal(await statut(desk, 'acompte').innerText(), 'À faire')
    assert.equal(await statut(desk, 'retractation').innerText(), 'Sans objet')
    assert.include(await desk.getByTestId('commande-paiements').innerText(), 'Aucun paiement reçu')
    const start = desk.getByTestId('etape-approvisionnement-demarrer')
    assert.isTrue(await start.isDisabled())
    assert.equal(await start.getAttribute('title'), 'L’acompte n’est pas encore payé.')
    assert.equal(
      await desk.getByTestId('etape-approvisionnement-gate').innerText(),
      'L’acompte n’est pas encore payé.'
    )
    assert.include(
      await desk.locator('main, #main-container').first().innerText(),
      'Renonciation expresse du client'
    )
    assert.equal(
      await desk.getByTestId('facture-solde-gate').innerText(),
      'Le procès-verbal de réception n’est pas signé.'
    )

    // 2. The acompte facture issued from the bdc, then paid on « Paiements »
    await desk.getByTestId('commande-bdc-link').click()
    await desk.waitForURL(`**/esi/bdc/${bdc.id}`)
    await desk.click('[data-testid="facture-acompte-create"]')
    await desk.click('button:has-text("Créer le brouillon")')
    const acompte = await issueOpenDraft(desk)
    assert.equal(acompte.type, 'acompte')
    assert.equal(acompte.totalTtc, bdc.acompte)
    await recordPayment(desk, acompte)
    assert.equal(acompte.statut, 'payee')

    await desk.goto(`/esi/commandes/${commande.id}`)
    await etapeEst(desk, 'acompte', 'Faite')
    assert.equal(
      await desk.getByTestId('etape-approvisionnement-gate').innerText(),
      'Le mesurage n’est pas validé.'
    )
    assert.equal(
      await desk.getByTestId('etape-approvisionnement-demarrer').getAttribute('title'),
      'Le mesurage n’est pas validé.'
    )

    // 3. Phone: the measurement sheet, the sizes of the devis, validated without écart
    const phone = await newPage(PHONE)
    phone.on('pageerror', (e) => errors.push(e.message))
    await loginAs(phone, technicien.email, TEST_PASSWORD)
    await phone.goto(`/esi/commandes/${commande.id}`)
    await phone.getByTestId('etape-mesurage-lien-mesurage').click()
    await phone.waitForURL(`**/esi/commandes/mesurage/${commande.id}`)
    const rows = phone.getByTestId('mesure-ligne')
    await rows.first().waitFor()
    assert.equal(await rows.count(), 2, 'the windows and the door; the pose is not measured')
    const status = phone.getByTestId('sync-status')
    await phone.locator('#l0-repere').fill('Cuisine')
    await phone.locator('#l0-largeur').fill('600')
    await phone.locator('#l0-hauteur').fill('1200')
    await phone.locator('#l1-repere').fill('Entrée')
    await phone.locator('#l1-largeur').fill('1000')
    await phone.locator('#l1-hauteur').fill('2150')
    assert.equal(await rows.getByTestId('ecarts').count(), 0, 'no écart announced')
    await status.getByText('Tout est enregistré sur le serveur.').waitFor()
    await phone.getByRole('button', { name: 'Valider le mesurage' }).click()
    await phone.click('.swal2-confirm:has-text("Valider")')
    await phone.getByText('Mesurage : Faite').waitFor()
    await phone.getByRole('button', { name: 'Rouvrir la feuille' }).waitFor()
    assert.isAtMost(
      await phone.evaluate(() => document.documentElement.scrollWidth),
      390,
      'the sheet fits the phone'
    )

    // The commande: the gate is open, nothing explains a wait any more
    await desk.reload()
    await etapeEst(desk, 'mesurage', 'Faite')
    assert.equal(await desk.getByTestId('etape-approvisionnement-gate').count(), 0)
    assert.isFalse(await desk.getByTestId('etape-approvisionnement-demarrer').isDisabled())

    // 4. Desktop: Approvisionnement — one draft per supplier, sent, confirmed with a date
    await desk.getByTestId('etape-approvisionnement-lien-production').click()
    await desk.waitForURL(`**/esi/commandes/production/${commande.id}`)
    assert.equal(await desk.getByTestId('gate-reason').count(), 0)
    await desk.getByTestId('cf-preparer').click()
    const cards = desk.getByTestId('cf-card')
    await cards.nth(1).waitFor()
    assert.equal(await desk.getByTestId('sans-fournisseur').count(), 0)
    for (const f of [profils, portes]) {
      const draft = await db
        .from('commandes_fournisseur')
        .where({ commande_id: commande.id, fournisseur_id: f.id })
        .firstOrFail()
      assert.equal(draft.statut, 'brouillon')
      const card = desk.locator(`[data-testid="cf-card"][data-cf-id="${draft.id}"]`)
      await card.getByTestId('cf-envoyer').click()
      await desk.click('.swal2-confirm:has-text("Envoyer")')
      await desk.getByText(`envoyée à ${f.email}`).first().waitFor()
      await card.getByLabel('Livraison confirmée le').fill('2030-04-15')
      await card.getByTestId('cf-confirmer').click()
      await card.getByText('livraison confirmée le 15/04/2030').waitFor()
    }
    await desk.locator('[data-testid="etape-approvisionnement"]:text-is("Faite")').waitFor()

    // 5. Phone: Fourniture — everything arrives, each card in one receipt
    await phone.goto(`/esi/commandes/${commande.id}`)
    await etapeEst(phone, 'approvisionnement', 'Faite')
    assert.equal(await phone.getByTestId('etape-fourniture-gate').count(), 0)
    assert.equal(
      await phone.getByTestId('etape-pose-gate').innerText(),
      'Toutes les lignes fournisseur ne sont pas reçues.'
    )
    await phone.getByTestId('etape-fourniture-lien-fourniture').click()
    await phone.waitForURL(`**/esi/commandes/fourniture/${commande.id}`)
    const cfIds = await db
      .from('commandes_fournisseur')
      .where('commande_id', commande.id)
      .orderBy('id')
      .select('id')
    assert.lengthOf(cfIds, 2)
    for (const { id } of cfIds) {
      const card = phone.locator(`[data-testid="reception-card"][data-cf-id="${id}"]`)
      await card.waitFor()
      await card.getByLabel('N° bon de livraison').fill(`BL-${id}`)
      await card.getByTestId('reception-enregistrer').click()
      // A fresh card after the receipt: every line complete, nothing left to record
      await card.getByText('— complet').first().waitFor()
      assert.isTrue(await card.getByTestId('reception-enregistrer').isDisabled())
    }
    await phone.locator('[data-testid="etape-fourniture"]:text-is("Faite")').waitFor()
    await phone.getByText('Toute la marchandise est reçue').waitFor()
    assert.isAtMost(await phone.evaluate(() => document.documentElement.scrollWidth), 390)

    // 6. Phone: Pose — started, then the PV signed on the device without reserve
    await phone.goto(`/esi/commandes/${commande.id}`)
    await etapeEst(phone, 'fourniture', 'Faite')
    assert.equal(await phone.getByTestId('etape-pose-gate').count(), 0)
    await phone.getByTestId('etape-pose-lien-pose').click()
    await phone.waitForURL(`**/esi/commandes/${commande.id}/pose`)
    await phone.getByTestId('pose-commencer').click()
    await phone.locator('[data-testid="pose-statut"]:has-text("En cours")').first().waitFor()
    await phone.getByTestId('pose-reception').click()
    await phone.waitForURL(`**/esi/commandes/${commande.id}/reception`)
    await phone.fill('[data-testid="pv-signataire"]', 'Anne Vanparcours')
    assert.isTrue(await phone.getByTestId('pv-mode-sans_reserve').isChecked())
    await phone.getByTestId('pv-consentement').check()
    await drawSignature(phone)
    await phone.getByTestId('pv-signer').click()
    await phone.getByTestId('pv-sans-reserve').waitFor()
    await phone.getByTestId('pv-pdf').waitFor()
    await phone.locator('[data-testid="pose-statut"]:has-text("Faite")').first().waitFor()
    assert.isAtMost(await phone.evaluate(() => document.documentElement.scrollWidth), 390)
    await phone.context().close()

    // 7. Desktop: the facture de solde (now allowed), issued and paid; the commande is over
    await desk.goto(`/esi/commandes/${commande.id}`)
    await etapeEst(desk, 'pose', 'Faite')
    assert.equal(await desk.getByTestId('facture-solde-gate').count(), 0)
    await desk.click('[data-testid="facture-solde-create"]')
    await desk.click('.swal2-confirm:has-text("Créer le brouillon")')
    const solde = await issueOpenDraft(desk)
    assert.equal(solde.type, 'solde')
    await recordPayment(desk, solde)
    assert.equal(solde.statut, 'payee')

    await desk.goto(`/esi/commandes/${commande.id}`)
    await etapeEst(desk, 'solde', 'Faite')
    await desk.locator('.page-hero-subtitle .badge:text-is("Terminée")').waitFor()
    for (const etape of ['acompte', 'mesurage', 'approvisionnement', 'fourniture', 'pose']) {
      assert.equal(await statut(desk, etape).innerText(), 'Faite', etape)
      assert.equal(await desk.getByTestId(`etape-${etape}-gate`).count(), 0, etape)
    }
    assert.equal(await statut(desk, 'retractation').innerText(), 'Sans objet')
    assert.equal(await desk.getByTestId('commande-annuler').count(), 0)

    // The database says the same
    const etapes = await db
      .from('commande_etapes')
      .where('commande_id', commande.id)
      .select('etape', 'statut')
    assert.deepEqual(Object.fromEntries(etapes.map((e) => [e.etape, e.statut])), {
      acompte: 'faite',
      retractation: 'sans_objet',
      mesurage: 'faite',
      approvisionnement: 'faite',
      fourniture: 'faite',
      pose: 'faite',
      solde: 'faite',
    })
    await commande.refresh()
    assert.equal(commande.statut, 'terminee')
    const cfs = await db.from('commandes_fournisseur').where('commande_id', commande.id)
    assert.lengthOf(cfs, 2)
    for (const cf of cfs) {
      assert.equal(cf.statut, 'recue')
      assert.match(cf.numero, /^CF-\d{4}-\d{5}$/)
      assert.isNotNull(cf.date_livraison_confirmee)
    }
    const reception = await db.from('receptions').where('commande_id', commande.id).firstOrFail()
    assert.isNotNull(reception.fichier_id)
    const pdf = await db.from('commande_fichiers').where('id', reception.fichier_id).firstOrFail()
    assert.equal(pdf.mime, 'application/pdf')
    assert.equal(pdf.etape, 'pose')
    const reserves = await db.from('reception_reserves').where('reception_id', reception.id)
    assert.lengthOf(reserves, 0)
    const mesure = await db.from('mesures').where('commande_id', commande.id).firstOrFail()
    assert.equal(mesure.statut, 'validee')
    assert.deepEqual(mesure.ecarts ?? [], [])
    assert.deepEqual(errors, [])
    await desk.context().close()
  }).timeout(120_000)
})
