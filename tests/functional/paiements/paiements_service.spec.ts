/*
 * Paiements (issue 11 §3) through the services: allocation to several factures of the same
 * client, never beyond a facture's reste nor the payment (server and database), the rest kept
 * as credit, allocated later or refunded, the idempotency key, and the demande « marquée payée »
 * recorded as a real payment on its acompte facture.
 */
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { systemActor } from '#services/actor'
import Facture from '#models/facture'
import Paiement from '#models/paiement'
import PaiementAllocation from '#models/paiement_allocation'
import DemandePaiement from '#models/demande_paiement'
import { withTransaction } from '#tests/helpers'
import { issued, pay } from '#tests/functional/notes_credit/helpers'
import { acompteDraft, libreDraft } from '#tests/functional/factures/helpers'
import { allocatePaiement, creditClient } from '#services/paiements/paiement_service'
import {
  createDemandePaiementForBdc,
  markDemandePayee,
} from '#services/paiement/demande_paiement_service'
import { createFactureLibre } from '#services/factures/facture_service'
import { LIBRE_LIGNES } from '#tests/functional/factures/helpers'

async function refused(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected a refusal')
}

/** A second issued facture for the same client. */
async function secondFacture(clientId: number) {
  const draft = await createFactureLibre(systemActor(), {
    clientId,
    objet: 'Seconde intervention',
    lignes: LIBRE_LIGNES,
    userId: null,
  })
  return issued(await Facture.findOrFail(draft.id))
}

test.group('Paiements / service', (group) => {
  withTransaction(group)

  test('one payment over two factures, partially; the rest is the client’s credit', async ({
    assert,
  }) => {
    const a = await issued()
    const b = await secondFacture(a.clientId)
    const { paiement } = await pay(a.clientId, 25000, [
      { factureId: a.id, montant: a.totalTtc },
      { factureId: b.id, montant: 5000 },
    ])
    const [fa, fb] = [await Facture.findOrFail(a.id), await Facture.findOrFail(b.id)]
    assert.equal(fa.statut, 'payee')
    assert.equal(fa.montantPaye, a.totalTtc)
    assert.equal(fb.statut, 'partiellement_payee')
    assert.equal(fb.montantPaye, 5000)
    assert.equal(await creditClient(a.clientId), 25000 - a.totalTtc - 5000)
    // Later: the credit goes to b, then is refunded no further than what is left
    await allocatePaiement(systemActor(), {
      paiementId: paiement.id,
      allocations: [{ factureId: b.id, montant: 1000 }],
      userId: null,
    })
    const reloaded1 = await Facture.findOrFail(b.id)
    assert.equal(reloaded1.montantPaye, 6000)
    const credit = await creditClient(a.clientId)
    assert.include(await refused(pay(a.clientId, -(credit + 1))), 'de crédit')
    await pay(a.clientId, -credit)
    assert.equal(await creditClient(a.clientId), 0)
  })

  test('never beyond a facture’s reste, the payment, or another client', async ({ assert }) => {
    const a = await issued()
    const other = await issued()
    assert.include(
      await refused(
        pay(a.clientId, a.totalTtc + 100, [{ factureId: a.id, montant: a.totalTtc + 1 }])
      ),
      'n’attend plus que'
    )
    assert.include(
      await refused(pay(a.clientId, 1000, [{ factureId: a.id, montant: 1001 }])),
      'n’a plus que'
    )
    assert.include(
      await refused(pay(a.clientId, 1000, [{ factureId: other.id, montant: 100 }])),
      'pas une facture émise de ce client'
    )
    const draft = await libreDraft()
    assert.include(
      await refused(pay(draft.clientId, 1000, [{ factureId: draft.id, montant: 100 }])),
      'pas une facture émise de ce client'
    )
    assert.lengthOf(await Paiement.query().where('client_id', a.clientId), 0)
  })

  test('the database refuses an allocation beyond the payment and a montant_paye beyond the total', async ({
    assert,
  }) => {
    const a = await issued()
    const { paiement } = await pay(a.clientId, 1000)
    const error = await db
      .transaction(async (trx) => {
        await trx.table('paiement_allocations').insert({
          paiement_id: paiement.id,
          facture_id: a.id,
          montant: 1001,
          created_at: new Date(),
          updated_at: new Date(),
        })
      })
      .then(() => null)
      .catch((e) => e)
    assert.equal(error?.code, '23514')
    const negative = await db
      .transaction(async (trx) => {
        await trx.table('paiement_allocations').insert({
          paiement_id: paiement.id,
          facture_id: a.id,
          montant: 0,
          created_at: new Date(),
          updated_at: new Date(),
        })
      })
      .then(() => null)
      .catch((e) => e)
    assert.equal(negative?.code, '23514')
    const over = await db
      .transaction(async (trx) => {
        await trx.rawQuery('UPDATE factures SET montant_paye = total_ttc + 1 WHERE id = ?', [a.id])
      })
      .then(() => null)
      .catch((e) => e)
    assert.equal(over?.code, '23514')
  })

  test('the same idempotency key twice records one payment and one allocation', async ({
    assert,
  }) => {
    const a = await issued()
    const key = randomUUID()
    const first = await pay(a.clientId, 5000, [{ factureId: a.id, montant: 5000 }], key)
    const second = await pay(a.clientId, 5000, [{ factureId: a.id, montant: 5000 }], key)
    assert.isTrue(first.created)
    assert.isFalse(second.created)
    assert.equal(second.paiement.id, first.paiement.id)
    assert.lengthOf(await Paiement.query().where('client_id', a.clientId), 1)
    assert.lengthOf(await PaiementAllocation.query().where('facture_id', a.id), 1)
    const reloaded2 = await Facture.findOrFail(a.id)
    assert.equal(reloaded2.montantPaye, 5000)
  })

  test('a demande marked paid records a virement on its issued acompte facture', async ({
    assert,
  }) => {
    const { bdc, facture } = await acompteDraft()
    const acompte = await issued(facture)
    const fresh = await bdc.refresh()
    const demande = await createDemandePaiementForBdc(systemActor(), {
      bdcId: fresh.id,
      lockVersion: fresh.lockVersion,
      userId: null,
    })
    await markDemandePayee(systemActor(), demande.id, null)
    const paiement = await Paiement.query()
      .where('demande_paiement_id', demande.id)
      .preload('allocations')
      .firstOrFail()
    const saved = await DemandePaiement.findOrFail(demande.id)
    assert.equal(paiement.montant, saved.montant)
    assert.equal(paiement.mode, 'virement')
    assert.equal(paiement.reference, saved.communication)
    assert.deepEqual(
      paiement.allocations.map((al) => [al.factureId, al.montant]),
      [[acompte.id, Math.min(saved.montant, acompte.totalTtc)]]
    )
    const after = await Facture.findOrFail(acompte.id)
    assert.equal(after.statut, saved.montant >= acompte.totalTtc ? 'payee' : 'partiellement_payee')
  })

  test('a demande marked paid without an issued acompte facture leaves client credit', async ({
    assert,
  }) => {
    const { bdc } = await acompteDraft()
    const fresh = await bdc.refresh()
    const demande = await createDemandePaiementForBdc(systemActor(), {
      bdcId: fresh.id,
      lockVersion: fresh.lockVersion,
      userId: null,
    })
    await markDemandePayee(systemActor(), demande.id, null)
    const paiement = await Paiement.query()
      .where('demande_paiement_id', demande.id)
      .preload('allocations')
      .firstOrFail()
    assert.lengthOf(paiement.allocations, 0)
    assert.equal(await creditClient(fresh.clientId), paiement.montant)
  })
})
