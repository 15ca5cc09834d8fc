/*
 * The accounting flow of issue 11 in a real Chromium: a signed bdc's commande → its acompte
 * facture created and issued → the acompte paid by a bank statement uploaded on « Importer un
 * extrait bancaire » (a CAMT.053 made here with the facture's structured communication, matched
 * automatically) → the solde facture created and issued → a partial note de crédit issued → the
 * rest of the solde paid by a second statement → the client owes nothing (client page 0,00 €,
 * créance page « ne doit rien »).
 */
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { camtStatement } from '#tests/functional/releves/statements'
import Facture from '#models/facture'
import { factureReste } from '#shared/factures'
import { issued, receptionSignee } from '#tests/functional/factures/helpers'
import Client from '#models/client'
import db from '@adonisjs/lucid/services/db'
import { formatEuros } from '#shared/totals'

const squash = (text: string) => text.replace(/\s/g, '')

async function issueOpenDraft(page: Page): Promise<Facture> {
  await page.waitForURL(/\/esi\/compta\/facture\/\d+$/)
  await page.click('[data-testid="facture-emettre"]')
  await page.click('.swal2-confirm:has-text("Émettre")')
  await page.locator('h1:has-text("FAC-")').waitFor()
  const numero = /FAC-\d{4}-\d{5}/.exec(await page.locator('h1').innerText())![0]
  return Facture.findByOrFail('numero', numero)
}

/** Uploads a statement paying `montant` with the facture's communication; back on its page. */
async function importPayment(page: Page, facture: Facture, montant: number, ref: string) {
  const camt = camtStatement(
    [
      {
        ref,
        montant,
        date: '2026-03-02',
        nom: 'Client du flux',
        communication: facture.communication,
      },
    ],
    { id: ref }
  )
  await page.goto('/esi/compta/paiements')
  await page.click('a:has-text("Importer un extrait bancaire")')
  await page.waitForURL(/\/esi\/compta\/paiements\/import$/)
  await page.setInputFiles('#releve-fichier', {
    name: `${ref}.xml`,
    mimeType: 'application/xml',
    buffer: Buffer.from(camt, 'utf8'),
  })
  await page.click('[data-testid="releve-upload"] button[type="submit"]')
  await page.waitForURL(/\/esi\/compta\/paiements\/import\/\d+$/)
  const summary = page.locator('[data-testid="releve-summary"]')
  await summary.waitFor()
  return summary.innerText()
}

test.group('Browser / accounting flow', (group) => {
  withTransaction(group)

  test('commande → acompte issued → paid by an imported statement → solde → partial NC → créance 0', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande } = await signedBdc()
    // Issue 12: the réception signed, so the facture de solde may be made
    await receptionSignee(commande.id)
    const page = await newPage({ viewport: { width: 1400, height: 1000 } })
    await loginAs(page, user.email, TEST_PASSWORD)

    // The acompte facture, created from the bdc and issued
    await page.goto(`/esi/bdc/${bdc.id}`)
    await page.click('[data-testid="facture-acompte-create"]')
    await page.click('button:has-text("Créer le brouillon")')
    const acompte = await issueOpenDraft(page)
    assert.equal(acompte.type, 'acompte')

    // Its payment, from the bank statement: matched by the structured communication
    const first = await importPayment(page, acompte, acompte.totalTtc, `FLUX-A-${acompte.id}`)
    assert.match(first, /1\s*Rapprochées automatiquement/)
    const row = page.locator('tr[data-statut="rapprochee_auto"]')
    await row.waitFor()
    assert.include(await row.innerText(), acompte.numero!)
    await acompte.refresh()
    assert.equal(acompte.statut, 'payee')

    // The solde, from the commande, deducting the acompte; issued
    await page.goto(`/esi/commandes/${commande.id}`)
    await page.click('[data-testid="facture-solde-create"]')
    await page.click('.swal2-confirm:has-text("Créer le brouillon")')
    const solde = await issueOpenDraft(page)
    assert.equal(solde.type, 'solde')

    // A partial note de crédit on the solde: 100,00 € HT, issued
    await page.goto(`/esi/compta/facture/${solde.id}/note-credit`)
    await page.click('#kind-montant')
    await page.locator('input[id^="montant-"]').first().fill('100')
    await page.fill('#motif', 'Geste commercial : retard de pose')
    await page.click('button:has-text("Créer le brouillon")')
    await page.locator('[data-testid="nc-emettre"]').click()
    await page.click('.swal2-confirm:has-text("Émettre")')
    await page.locator('h1:has-text("NC-")').waitFor()
    await solde.refresh()
    assert.isAbove(solde.montantCredite, 0)
    const reste = factureReste({
      total_ttc: solde.totalTtc,
      montant_paye: solde.montantPaye,
      montant_credite: solde.montantCredite,
    })
    assert.isAbove(reste, 0)
    assert.isBelow(reste, solde.totalTtc)

    // What the solde still asks, paid by a second statement
    const second = await importPayment(page, solde, reste, `FLUX-S-${solde.id}`)
    assert.match(second, /1\s*Rapprochées automatiquement/)
    await solde.refresh()
    assert.equal(solde.statut, 'payee')

    // The client owes nothing: his page and his créance page say so
    await page.goto(`/esi/customers/${solde.clientId}`)
    const du = page.locator('[data-testid="compte-du"]')
    await du.waitFor()
    assert.equal(squash(await du.innerText()), squash(formatEuros(0)))
    await page.goto(`/esi/compta/creance/client/${solde.clientId}`)
    await page.locator('text=ce client ne doit rien').waitFor()
  }).timeout(180_000)

  test('at 390 px: a transfer without communication matched by hand to a client’s facture', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const facture = await issued()
    const client = await Client.findOrFail(facture.clientId)
    client.merge({ nom: 'Vandermeulen', prenom: 'Zoé', societe: null })
    await client.save()
    const page = await newPage({ viewport: { width: 390, height: 844 } })
    await loginAs(page, user.email, TEST_PASSWORD)
    const camt = camtStatement([
      { ref: 'TEL-1', montant: 10000, date: '2026-03-03', nom: 'Z VDM', libre: 'acompte' },
    ])
    await page.goto('/esi/compta/paiements/import')
    await page.setInputFiles('#releve-fichier', {
      name: 'telephone.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(camt, 'utf8'),
    })
    await page.click('[data-testid="releve-upload"] button[type="submit"]')
    await page.waitForURL(/\/esi\/compta\/paiements\/import\/\d+$/)
    const line = page.locator('tr[data-statut="a_rapprocher"]')
    await line.locator('button:visible:has-text("Rapprocher")').click()
    const dialog = page.locator('[data-testid="rapprochement-form"]')
    await page.fill('#client_search', 'vandermeulen')
    await page.locator('[role="listbox"] [role="option"]').first().click()
    // The open facture arrives with the whole transfer proposed on it
    const part = dialog.locator(`input[aria-label="Montant réparti sur ${facture.numero}"]`)
    await part.waitFor()
    assert.equal(await part.inputValue(), '100,00')
    await dialog.locator('button:has-text("Enregistrer le paiement")').click()
    await page.locator('tr[data-statut="rapprochee_manuelle"]').waitFor()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    assert.isAtMost(width, 390)
    const [row] = await db.from('releve_lignes').where('statut', 'rapprochee_manuelle')
    assert.isNotNull(row.paiement_id)
    await facture.refresh()
    assert.equal(facture.montantPaye, 10000)
  }).timeout(120_000)
})
