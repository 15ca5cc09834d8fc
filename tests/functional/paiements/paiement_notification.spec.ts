/*
 * « Paiement reçu » (issue 11): a payment recorded — by the form's service, or by « marquer comme
 * payée » on a demande — notifies the commercial of the commande and the author of each facture
 * it settles, never the actor; a payment allocated to nothing reaches the commercials of the
 * client's commandes in progress; a refund notifies nobody.
 */
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import Notification from '#models/notification'
import Facture from '#models/facture'
import { makeUser, withTransaction } from '#tests/helpers'
import { makeBdc } from '#tests/functional/bdc/helpers'
import { produit } from '#tests/functional/document_helpers'
import { issued } from '#tests/functional/factures/helpers'
import { systemActor } from '#services/actor'
import { createFactureLibre } from '#services/factures/facture_service'
import { recordPaiement, type Allocation } from '#services/paiements/paiement_service'
import {
  createDemandePaiementForBdc,
  markDemandePayee,
} from '#services/paiement/demande_paiement_service'
import { today } from '#services/documents/numbering'
import type User from '#models/user'

async function payBy(
  user: User | null,
  clientId: number,
  montant: number,
  allocations: Allocation[] = []
) {
  return recordPaiement(systemActor(), {
    clientId,
    date: today(),
    montant,
    mode: 'virement',
    reference: null,
    compte: null,
    idempotencyKey: randomUUID(),
    allocations,
    userId: user?.id ?? null,
  })
}

async function received(user: User) {
  return Notification.query().where({ user_id: user.id, type: 'paiement.recu' }).orderBy('id')
}

test.group('Paiements / notification « paiement reçu »', (group) => {
  withTransaction(group)

  test('the facture’s author and the commande’s commercial hear of it, not the actor', async ({
    assert,
  }) => {
    const commercial = await makeUser('esi')
    const author = await makeUser('esi')
    const cashier = await makeUser('esi')
    const bdc = await makeBdc({ user: commercial, clientNom: 'Lemaire' })
    // A facture of that client made by `author` (on a commande of `commercial` via the bdc)
    const draft = await createFactureLibre(systemActor(), {
      clientId: bdc.clientId,
      objet: 'Dépannage',
      lignes: [produit('Réglage', 100_00, 21, '1')],
      userId: author.id,
    })
    await Facture.query().where('id', draft.id).update({ bdc_id: bdc.id })
    const facture = await issued(await Facture.findOrFail(draft.id))

    await payBy(cashier, bdc.clientId, 121_00, [{ factureId: facture.id, montant: 121_00 }])
    const forAuthor = await received(author)
    const forCommercial = await received(commercial)
    assert.lengthOf(forAuthor, 1)
    assert.lengthOf(forCommercial, 1)
    assert.lengthOf(await received(cashier), 0)
    assert.include(forAuthor[0].titre, 'Paiement reçu : 121,00')
    assert.include(forAuthor[0].titre, facture.numero!)
    assert.equal(forAuthor[0].lien, `/esi/compta/facture/${facture.id}`)

    // The author records the next one himself: only the commercial hears of it
    await payBy(author, bdc.clientId, 10_00)
    assert.lengthOf(await received(author), 1)
    // Allocated to nothing: the commercials of the client's commandes in progress (none here:
    // the bdc is not signed), so nobody
    assert.lengthOf(await received(commercial), 1)

    // A refund is not a payment received
    await payBy(cashier, bdc.clientId, -5_00)
    assert.lengthOf(await received(commercial), 1)
    assert.lengthOf(await received(author), 1)
  })

  test('« marquer comme payée » notifies the demande’s commercial once', async ({ assert }) => {
    const commercial = await makeUser('esi')
    const cashier = await makeUser('esi')
    const bdc = await makeBdc({ user: commercial, email: null })
    const demande = await createDemandePaiementForBdc(systemActor(), {
      bdcId: bdc.id,
      lockVersion: bdc.lockVersion,
      userId: commercial.id,
    })
    await markDemandePayee(systemActor(), demande.id, cashier.id)
    const notes = await received(commercial)
    assert.lengthOf(notes, 1)
    assert.include(notes[0].titre, 'Paiement reçu')
    assert.equal(notes[0].lien, `/esi/compta/creance/client/${bdc.clientId}`)
    assert.lengthOf(
      await Notification.query().where({ user_id: commercial.id, type: 'demande_paiement.payee' }),
      0
    )
    assert.lengthOf(await received(cashier), 0)
  })
})
