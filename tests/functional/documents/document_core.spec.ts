/*
 * The document core (app/services/documents/): issued documents are immutable whatever code
 * writes them, the numbering series are in one place, the version check is never skipped.
 */
import { test } from '@japa/runner'
import { systemActor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import Bdc from '#models/bdc'
import Devis from '#models/devis'
import DemandePaiement from '#models/demande_paiement'
import { withTransaction } from '#tests/helpers'
import { makeBdc } from '#tests/functional/bdc/helpers'
import { FROZEN_MESSAGE } from '#services/documents/immutable'
import { counterKey, formatNumero, nextNumero, SERIES } from '#services/documents/numbering'
import { conflictMessage } from '#services/documents/optimistic_lock'
import { changeDevisStatut } from '#services/devis/devis_lifecycle'
import { createDemandePaiementForBdc } from '#services/paiement/demande_paiement_service'

async function messageOf(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn()
  } catch (error) {
    return (error as Error).message
  }
  return 'no error'
}

test.group('Documents / issued documents are immutable', (group) => {
  withTransaction(group)

  test('an accepted devis and its bdc refuse a content change; statut columns still move', async ({
    assert,
  }) => {
    const bdc = await makeBdc()
    const devis = await Devis.findOrFail(bdc.devisId)
    assert.equal(devis.statut, 'accepte')

    devis.objet = 'Autre chose'
    await assert.rejects(() => devis.save(), FROZEN_MESSAGE)
    const stored = await Devis.findOrFail(devis.id)
    assert.equal(stored.objet, bdc.objet)

    bdc.totalTtc = bdc.totalTtc + 100
    await assert.rejects(() => bdc.save(), FROZEN_MESSAGE)
    const storedBdc = await Bdc.findOrFail(bdc.id)
    assert.notEqual(storedBdc.totalTtc, bdc.totalTtc)

    // What is not content (the statut, the version) still changes
    const fresh = await Bdc.findOrFail(bdc.id)
    fresh.motifAnnulation = 'Doublon'
    fresh.lockVersion += 1
    await fresh.save()
  })

  test('a demande de paiement keeps its amount', async ({ assert }) => {
    const bdc = await makeBdc()
    const demande = await createDemandePaiementForBdc(systemActor(), {
      bdcId: bdc.id,
      montant: 1000,
      lockVersion: bdc.lockVersion,
      userId: null,
    })
    const row = await DemandePaiement.findOrFail(demande.id)
    row.montant = 1
    await assert.rejects(() => row.save(), FROZEN_MESSAGE)
  })

  test('a stale version is refused by every status change with the one message', async ({
    assert,
  }) => {
    const bdc = await makeBdc()
    const stale = await messageOf(() =>
      createDemandePaiementForBdc(systemActor(), {
        bdcId: bdc.id,
        montant: 100,
        lockVersion: bdc.lockVersion - 1,
        userId: null,
      })
    )
    assert.match(
      stale,
      /^Le bon de commande BDC-.* a été modifié .*depuis que vous l’avez ouvert\. Vos changements ne sont pas enregistrés/
    )
    const devis = await Devis.findOrFail(bdc.devisId)
    const staleDevis = await messageOf(() =>
      changeDevisStatut(systemActor(), {
        devisId: devis.id,
        to: 'annule',
        motif: 'Doublon',
        lockVersion: devis.lockVersion - 1,
        userId: null,
      })
    )
    assert.match(
      staleDevis,
      /^Le devis DEV-.* a été modifié .*Vos changements ne sont pas enregistrés/
    )
  })
})

test.group('Documents / numbering series', () => {
  test('every document type has its prefix and format, the offre one series per société', ({
    assert,
  }) => {
    assert.deepEqual(SERIES, {
      devis: 'DEV',
      bdc: 'BDC',
      commande: 'CMD',
      offre: 'OFF',
      demande_paiement: 'DP',
      facture: 'FAC',
      note_credit: 'NC',
      commande_fournisseur: 'CF',
    })
    assert.equal(formatNumero('facture', 2026, 42), 'FAC-2026-00042')
    assert.equal(formatNumero('commande_fournisseur', 2026, 7), 'CF-2026-00007')
    assert.equal(counterKey('offre', 7), 'OFF:7')
    assert.equal(counterKey('devis'), 'DEV')
    assert.throws(() => counterKey('offre'))
    assert.include(conflictMessage('Cette offre', 'Alice', null, true), 'a été modifiée par Alice')
  })

  test('a rolled back number is given again', async ({ assert }) => {
    const first = await db
      .transaction(async (trx) => {
        const n = await nextNumero(trx, 'note_credit', { annee: 1999 })
        throw new Error(n)
      })
      .catch((e: Error) => e.message)
    const again = await db.transaction((trx) => nextNumero(trx, 'note_credit', { annee: 1999 }))
    assert.equal(again, first)
    await db.from('document_counters').where({ serie: 'NC', annee: 1999 }).delete()
  })
})
