/*
 * Bons de commande, commandes, demandes de paiement and the devis preview/PDF are staff-only: a
 * pro or an "other" account gets 403 on every action (area middleware and policy), nothing
 * changes; an unknown id is 404 for staff.
 */
import { test } from '@japa/runner'
import Bdc from '#models/bdc'
import DemandePaiement from '#models/demande_paiement'
import { systemActor } from '#services/actor'
import { createDemandePaiementForBdc } from '#services/paiement/demande_paiement_service'
import { makeUser, withTransaction } from '#tests/helpers'
import { api } from '#tests/functional/devis/editor_helpers'
import { makeBdc } from '#tests/functional/bdc/helpers'
import { makeEsiSociete } from '#tests/functional/pdf/helpers'

type Call = { method: 'get' | 'post'; url: string; body?: object }

test.group('Sales documents / rights', (group) => {
  withTransaction(group)

  for (const role of ['pro', 'other'] as const) {
    test(`a ${role} account gets 403 on every bdc, commande, paiement and preview action`, async ({
      client,
      assert,
    }) => {
      await makeEsiSociete()
      const bdc = await makeBdc()
      const demande = await createDemandePaiementForBdc(systemActor(), {
        bdcId: bdc.id,
        montant: 100,
        lockVersion: bdc.lockVersion,
        userId: null,
      })
      const fresh = await Bdc.findOrFail(bdc.id)
      const calls: Call[] = [
        { method: 'get', url: `/esi/bdc/${bdc.id}` },
        { method: 'get', url: `/esi/bdc/${bdc.id}/pdf` },
        { method: 'get', url: `/esi/bdc/${bdc.id}/signature` },
        {
          method: 'post',
          url: `/esi/bdc/${bdc.id}/annuler`,
          body: { motif: 'Doublon', lock_version: fresh.lockVersion },
        },
        {
          method: 'post',
          url: `/esi/bdc/${bdc.id}/demandes-paiement`,
          body: { lock_version: fresh.lockVersion },
        },
        { method: 'get', url: `/esi/paiement/demandes/${demande.id}` },
        { method: 'post', url: `/esi/paiement/demandes/${demande.id}/payee` },
        { method: 'post', url: `/esi/paiement/demandes/${demande.id}/renvoyer` },
        { method: 'get', url: `/esi/devis/${bdc.devisId}/preview` },
        { method: 'get', url: `/esi/devis/${bdc.devisId}/pdf` },
        { method: 'get', url: '/esi/commandes/1' },
      ]
      const user = await makeUser(role)
      for (const call of calls) {
        const request = api(client[call.method](call.url), user)
        const response = await (call.body ? request.json(call.body) : request)
        assert.equal(response.status(), 403, `${call.method} ${call.url}`)
      }
      const after = await Bdc.findOrFail(bdc.id)
      assert.equal(after.statut, 'a_signer')
      assert.equal(after.lockVersion, fresh.lockVersion)
      const stored = await DemandePaiement.findOrFail(demande.id)
      assert.equal(stored.statut, 'envoyee')
      assert.lengthOf(await DemandePaiement.all(), 1)
    })
  }
})
