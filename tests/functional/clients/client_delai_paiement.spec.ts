/*
 * Per-client payment term (issue 11): « délai de paiement (jours) » on the client form, 0 to
 * 120 or empty (the company's 30 days), checked with a French message next to the field, and
 * used for the due date when a facture of that client is issued.
 */
import { test } from '@japa/runner'
import type Client from '#models/client'
import { makeUser, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { esiSociete } from '#tests/functional/bdc/helpers'
import { factureOn } from '#tests/functional/creances/helpers'
import { CLIENT_MESSAGES } from '#validators/client'

const FORM = {
  type: 'particulier',
  nom: 'Delvaux',
  facturation_pays: 'BE',
}

async function save(client: any, user: any, target: Client, delai: unknown) {
  await target.refresh() // the version the form would carry
  return client
    .put(`/esi/customers/${target.idClient}`)
    .loginAs(user)
    .header('referer', `/esi/customers/${target.idClient}`)
    .form({ ...FORM, delai_paiement_jours: delai, lock_version: target.lockVersion })
    .withCsrfToken()
    .withInertia()
    .redirects(0)
}

test.group('Clients / délai de paiement', (group) => {
  withTransaction(group)

  test('saved from the form and used for the due date at issue', async ({ client, assert }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const target = await ClientFactory.create()
    const response = await save(client, user, target, '15')
    response.assertStatus(303)
    await target.refresh()
    assert.equal(target.delaiPaiementJours, 15)
    const page = await client.get(`/esi/customers/${target.idClient}`).loginAs(user).withInertia()
    assert.equal(page.inertiaProps.client.delai_paiement_jours, 15)

    const f15 = await factureOn(target, '2026-06-15')
    assert.equal(f15.echeance?.toISODate(), '2026-06-30')

    // 0: due on the day of the facture
    await save(client, user, target, '0')
    await target.refresh()
    const f0 = await factureOn(target, '2026-06-15')
    assert.equal(f0.echeance?.toISODate(), '2026-06-15')

    // Emptied: back to the company's 30 days; an issued facture keeps its own due date
    await save(client, user, target, '')
    await target.refresh()
    assert.isNull(target.delaiPaiementJours)
    const f30 = await factureOn(target, '2026-06-15')
    assert.equal(f30.echeance?.toISODate(), '2026-07-15')
    await f15.refresh()
    assert.equal(f15.echeance?.toISODate(), '2026-06-30')
  })

  test('out of 0–120 or not a whole number: the French message next to the field', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const target = await ClientFactory.create()
    for (const bad of ['121', '-1', '12,5', 'trente', '1e3']) {
      const response = await save(client, user, target, bad)
      response.assertStatus(303)
      const errors = response.flashMessage('inputErrorsBag') as Record<string, string[]>
      assert.deepEqual(
        errors.delai_paiement_jours,
        [CLIENT_MESSAGES['delai_paiement_jours.max']],
        bad
      )
    }
    await target.refresh()
    assert.isNull(target.delaiPaiementJours)
  })
})
