/*
 * Cancelling a bdc cancels its open demandes de paiement in the same transaction (issue 10):
 * the customer's link says so and shows no QR code, « payée » is refused, a paid one stays paid.
 */
import { test } from '@japa/runner'
import { randomBytes } from 'node:crypto'
import DemandePaiement from '#models/demande_paiement'
import Bdc from '#models/bdc'
import AuditLog from '#models/audit_log'
import { systemActor } from '#services/actor'
import { makeUser, withTransaction } from '#tests/helpers'
import { makeBdc } from '#tests/functional/bdc/helpers'
import { paymentLinkUrl } from '#services/paiement/payment_link'
import {
  createDemandePaiementForBdc,
  markDemandePayee,
} from '#services/paiement/demande_paiement_service'

const pathOf = (url: string) => {
  const u = new URL(url)
  return u.pathname + u.search
}

async function bdcStatut(id: number) {
  const bdc = await Bdc.findOrFail(id)
  return bdc.statut
}

async function demandeStatut(id: number) {
  const demande = await DemandePaiement.findOrFail(id)
  return demande.statut
}

async function demandeOn(bdcId: number, montant: number) {
  const bdc = await Bdc.findOrFail(bdcId)
  return createDemandePaiementForBdc(systemActor(), {
    bdcId,
    montant,
    lockVersion: bdc.lockVersion,
    userId: null,
  })
}

test.group('Integrity / a cancelled bdc cancels its payment requests', (group) => {
  withTransaction(group)

  test('the open request is cancelled, the paid one kept; its page says so; payée refused', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const bdc = await makeBdc({ email: `c-${randomBytes(4).toString('hex')}@example.com` })
    const paid = await demandeOn(bdc.id, 100)
    await markDemandePayee(systemActor(), paid.id, null)
    const open = await demandeOn(bdc.id, 200)

    const fresh = await Bdc.findOrFail(bdc.id)
    const response = await client
      .post(`/esi/bdc/${bdc.id}/annuler`)
      .loginAs(esi)
      .header('referer', `/esi/bdc/${bdc.id}`)
      .form({ motif: 'Le client renonce', lock_version: fresh.lockVersion })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    response.assertStatus(302)
    assert.equal(await bdcStatut(bdc.id), 'annule')
    assert.equal(await demandeStatut(open.id), 'annulee')
    assert.equal(await demandeStatut(paid.id), 'payee')
    assert.exists(
      await AuditLog.query()
        .where({ action: 'demande_paiement.annulee', subject_id: String(open.id) })
        .first()
    )

    // The customer's link: cancelled, nothing to scan
    const page = await client.get(pathOf(paymentLinkUrl(open))).withInertia()
    page.assertStatus(200)
    assert.equal(page.body().props.paiement.statut, 'annulee')
    assert.isNull(page.body().props.paiement.qr_data_url)

    // « Marquer comme payée » is refused with the reason
    const pay = await client
      .post(`/esi/paiement/demandes/${open.id}/payee`)
      .loginAs(esi)
      .header('referer', `/esi/paiement/demandes/${open.id}`)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.equal(pay.flashMessage('error'), `La demande ${open.numero} est annulée.`)
    assert.equal(await demandeStatut(open.id), 'annulee')
  })

  test('a refused cancellation leaves the requests open (same transaction)', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const bdc = await makeBdc({ email: `c-${randomBytes(4).toString('hex')}@example.com` })
    const open = await demandeOn(bdc.id, 100)
    // A stale version: refused, nothing written
    const response = await client
      .post(`/esi/bdc/${bdc.id}/annuler`)
      .loginAs(esi)
      .header('referer', `/esi/bdc/${bdc.id}`)
      .form({ motif: 'Doublon', lock_version: 1 })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    response.assertStatus(302)
    assert.exists(response.flashMessage('error'))
    assert.equal(await bdcStatut(bdc.id), 'a_signer')
    assert.equal(await demandeStatut(open.id), 'envoyee')
  })
})
