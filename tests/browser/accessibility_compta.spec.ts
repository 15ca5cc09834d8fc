/*
 * Accessibility of the accounting pages (issue 15 §3): factures (list, a facture, the free
 * facture's form, the Peppol sending), notes de crédit, paiements and the bank statement import,
 * créances, relances, exports and the four analyse pages. axe finds no serious or critical
 * violation, in light and dark mode at desktop width. One login per mode.
 */
import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { makeUser, withTransaction } from '#tests/helpers'
import { sweep, urlOf } from '#tests/browser/helpers/accessibility'
import { issued, issuedProfessional, libreDraft } from '#tests/functional/factures/helpers'
import { ncDraft, ncIssued } from '#tests/functional/notes_credit/helpers'
import { lateFacture, recorded } from '#tests/functional/relances/helpers'
import { dayForLate } from '#tests/functional/creances/helpers'
import { usePeppolSettings } from '#services/compta/peppol/adapter'

/** Opens the Peppol confirmation, or sends through it (the page then says it was sent). */
function peppol(send: boolean) {
  return async (page: Page) => {
    const button = page.locator('[data-testid="facture-peppol"]')
    if (!(await button.count())) return
    await button.click()
    await page.locator('.swal2-confirm').waitFor()
    if (!send) return
    await page.click('.swal2-confirm:has-text("Envoyer")')
    await page.locator('[data-testid="facture-peppol-envoi"]').waitFor()
  }
}

test.group('Browser / accessibility of the accounting pages (axe)', (group) => {
  withTransaction(group)

  test('factures · Peppol · notes de crédit · paiements · relevés', async ({ assert }) => {
    const folder = await mkdtemp(path.join(tmpdir(), 'peppol-a11y-'))
    usePeppolSettings({ adapter: 'directory', directory: folder })
    try {
      const user = await makeUser('esi')
      const facture = await issued()
      const draft = await libreDraft()
      const pro = await issuedProfessional()
      const nc = await ncIssued(await issued(), { kind: 'total', motif: 'Châssis hors cote' })
      const ncBrouillon = await ncDraft(await issued(), { kind: 'total' })
      const found = await sweep(user, [
        '/esi/compta/facture',
        `/esi/compta/facture/${facture.id}`,
        `/esi/compta/facture/${draft.id}`,
        '/esi/compta/facture/nouvelle',
        `/esi/compta/facture/${draft.id}/modifier`,
        { url: `/esi/compta/facture/${pro.id}`, then: peppol(false) },
        { url: `/esi/compta/facture/${pro.id}`, then: peppol(true) },
        '/esi/compta/nc',
        `/esi/compta/nc/${nc.id}`,
        `/esi/compta/nc/${ncBrouillon.id}`,
        `/esi/compta/facture/${facture.id}/note-credit`,
        '/esi/compta/paiements',
        '/esi/compta/paiements/import',
        await urlOf('esi.paiements.import.show', '/esi/compta/paiements/import/:id', user),
      ])
      assert.deepEqual(found, [], `\n${found.join('\n')}`)
    } finally {
      usePeppolSettings(null)
      await rm(folder, { recursive: true, force: true })
    }
  }).timeout(900_000)

  test('créances · relances · exports · analyse', async ({ assert }) => {
    const user = await makeUser('esi')
    const { facture, client } = await lateFacture(40)
    await recorded(facture, 1, dayForLate(10))
    await lateFacture(20, { professionnel: true })
    const found = await sweep(user, [
      '/esi/compta/creance',
      `/esi/compta/creance/client/${client.idClient}`,
      '/esi/compta/relances',
      '/esi/compta/exports',
      '/esi/analyse/chiffre-affaires',
      '/esi/analyse/rentabilite',
      '/esi/analyse/acceptation',
      '/esi/analyse/techniciens',
    ])
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(600_000)
})
