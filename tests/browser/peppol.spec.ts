/*
 * « Envoyer via Peppol » in a real Chromium (decision 279): with the `directory` adapter into a
 * temporary folder, the issued facture of a professional client offers the button; confirmed, the
 * UBL lands in the folder and the page says when and by whom it was sent, the button gone.
 */
import { test } from '@japa/runner'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { issuedProfessional } from '#tests/functional/factures/helpers'
import { usePeppolSettings } from '#services/compta/peppol/adapter'

test.group('Browser / Peppol sending', (group) => {
  withTransaction(group)

  test('the button sends once, the page shows the sending', async ({ assert }) => {
    const folder = await mkdtemp(path.join(tmpdir(), 'peppol-browser-'))
    usePeppolSettings({ adapter: 'directory', directory: folder })
    try {
      const user = await makeUser('esi', { name: 'Julie Marchal' })
      const facture = await issuedProfessional()
      const page = await newPage({ viewport: { width: 1400, height: 1000 } })
      await loginAs(page, user.email, TEST_PASSWORD)
      await page.goto(`/esi/compta/facture/${facture.id}`)

      await page.click('[data-testid="facture-peppol"]')
      await page.click('.swal2-confirm:has-text("Envoyer")')
      const envoi = page.locator('[data-testid="facture-peppol-envoi"]')
      await envoi.waitFor()
      assert.include(await envoi.innerText(), 'par Julie Marchal')
      assert.include(await envoi.innerText(), `${facture.numero}.xml`)
      assert.equal(await page.locator('[data-testid="facture-peppol"]').count(), 0)
      assert.deepEqual(await readdir(folder), [`${facture.numero}.xml`])
    } finally {
      usePeppolSettings(null)
      await rm(folder, { recursive: true, force: true })
    }
  }).timeout(120_000)
})
