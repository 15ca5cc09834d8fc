/*
 * Commandes (esi/commande Index and Show): created by signing a bdc, listed with their
 * withdrawal period end, filtered and sorted in the URL; the Show page links the bdc; esi only.
 */
import { test } from '@japa/runner'
import { systemActor } from '#services/actor'
import Commande from '#models/commande'
import { makeUser, withTransaction } from '#tests/helpers'
import { makeBdc, DRAWN } from '#tests/functional/bdc/helpers'
import { decodeDrawnSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { signBdc } from '#services/commandes/sign_bdc'
import type { LieuSignature } from '#shared/devis'
import Bdc from '#models/bdc'
import Facture from '#models/facture'
import { createAcompteFacture, issueFacture } from '#services/factures/facture_service'
import {
  createDemandePaiementForBdc,
  markDemandePayee,
} from '#services/paiement/demande_paiement_service'
import { esiSociete } from '#tests/functional/bdc/helpers'
import {
  commandeListItem,
  commandeListItemOfModel,
  commandeListQuery,
  parseCommandeListParams,
} from '#services/commandes/commande_service'

async function commandeFor(clientNom: string, lieu: LieuSignature = 'etablissement') {
  const bdc = await makeBdc({ clientNom, objet: `Travaux ${clientNom}` })
  const decoded = decodeDrawnSignature(DRAWN)
  if ('error' in decoded) throw new Error(decoded.error)
  const { commande } = await signBdc(systemActor(), {
    bdcId: bdc.id,
    lockVersion: bdc.lockVersion,
    signataire: clientNom,
    lieu,
    signatureType: 'dessin',
    signaturePath: await storeDrawnSignature(decoded.bytes),
    signatureMime: 'image/png',
    renonciation: false,
    userId: null,
  })
  return { bdc, commande }
}

test.group('Commandes / list and show', (group) => {
  withTransaction(group)

  test('the list shows the commandes with their withdrawal end, searchable and sortable', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const a = await commandeFor('Aubry')
    const b = await commandeFor('Zénon', 'domicile')
    const list = (query = '') => client.get(`/esi/commandes${query}`).loginAs(user).withInertia()
    const numeros = (response: any) =>
      response.body().props.commandes.data.map((c: { numero: string }) => c.numero)

    // Newest first (the default is now the most overdue first, issue 12)
    const all = await list('?sort=-date')
    all.assertStatus(200)
    all.assertInertiaComponent('esi/commande/Index')
    assert.deepEqual(numeros(all), [b.commande.numero, a.commande.numero])
    const row = all.body().props.commandes.data[0]
    assert.equal(row.bdc_numero, b.bdc.numero)
    assert.equal(row.fin_retractation, b.commande.finRetractation?.toISODate())
    assert.isNull(all.body().props.commandes.data[1].fin_retractation)

    assert.deepEqual(numeros(await list('?q=zenon')), [b.commande.numero])
    // Counted without the joins (decision 661): the same rows
    const searched = await list('?q=zenon')
    assert.deepEqual(searched.body().props.commandes.total, { count: 1, exact: true })
    assert.deepEqual(numeros(await list('?sort=client')), [a.commande.numero, b.commande.numero])
    assert.deepEqual(numeros(await list('?filter[statut]=en_attente')).length, 2)
    assert.deepEqual(numeros(await list('?filter[statut]=terminee')), [])
    // Keyset on a nullable column: no withdrawal end sorts first, both directions
    assert.deepEqual(numeros(await list('?sort=fin_retractation')), [
      a.commande.numero,
      b.commande.numero,
    ])
    assert.deepEqual(numeros(await list('?sort=-fin_retractation&page=last')), [
      b.commande.numero,
      a.commande.numero,
    ])
    assert.deepEqual(all.body().props.commandes.total, { count: 2, exact: true })
  })

  test('the list reads only the columns it shows, and shows them as the whole row does', async ({
    assert,
  }) => {
    await esiSociete()
    const { commande } = await commandeFor('Lecteur')
    await Commande.query()
      .where('id', commande.id)
      .update({ terminee_le: new Date(), prochaine_echeance: '2030-01-02' })
    const params = parseCommandeListParams({ q: 'lecteur' })
    const [row] = await commandeListQuery(params)
    const whole = await Commande.findOrFail(commande.id)
    const bdc = await Bdc.findOrFail(whole.bdcId)
    whole.$extras.bdc_numero = bdc.numero
    assert.deepEqual(commandeListItem(row), commandeListItemOfModel(whole))
    // Decision 707: the search text and the instants the list never shows are not read
    for (const unread of ['recherche', 'terminee_le', 'updated_at', 'motif_annulation']) {
      assert.notProperty(row, unread)
    }
  })

  test('the Show page: header, bdc link, withdrawal end; esi only, unknown 404', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande } = await commandeFor('Lambert', 'domicile')
    const response = await client.get(`/esi/commandes/${commande.id}`).loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('esi/commande/Show')
    const props = response.body().props.commande
    assert.equal(props.numero, commande.numero)
    assert.equal(props.bdc.id, bdc.id)
    assert.equal(props.bdc.numero, bdc.numero)
    assert.equal(props.bdc.lieu, 'domicile')
    assert.match(props.fin_retractation, /^\d{4}-\d{2}-\d{2}$/)

    for (const role of ['pro', 'other'] as const) {
      const other = await makeUser(role)
      for (const url of ['/esi/commandes', `/esi/commandes/${commande.id}`]) {
        const refused = await client.get(url).loginAs(other).withInertia().redirects(0)
        assert.equal(refused.status(), 403, `${role} ${url}`)
      }
    }
    const unknown = await client.get('/esi/commandes/999999').loginAs(user).withInertia()
    assert.equal(unknown.status(), 404)
    assert.exists(await Commande.find(commande.id))
  })

  test('the Show page says what of the acompte is paid, and what is still awaited', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await esiSociete()
    const { bdc, commande } = await commandeFor('Peeters')
    const show = async () => {
      const response = await client.get(`/esi/commandes/${commande.id}`).loginAs(user).withInertia()
      return response.body().props.commande.bdc
    }
    let props = await show()
    assert.equal(props.paye, 0)
    assert.equal(props.en_attente, 0)

    const fresh = await Bdc.findOrFail(bdc.id)
    const demande = await createDemandePaiementForBdc(systemActor(), {
      bdcId: bdc.id,
      lockVersion: fresh.lockVersion,
      userId: user.id,
    })
    props = await show()
    assert.equal(props.en_attente, demande.montant)
    assert.equal(props.paye, 0)

    await markDemandePayee(systemActor(), demande.id, user.id)
    props = await show()
    assert.equal(props.paye, demande.montant)
    assert.equal(props.en_attente, 0)
    assert.match(props.paye_le, /^\d{4}-\d{2}-\d{2}T/)
  })

  test('the client page account follows the acompte: asked, then paid, then the balance', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await esiSociete()
    const { bdc, commande } = await commandeFor('Vandenberghe')
    const compte = async () => {
      const response = await client
        .get(`/esi/customers/${commande.clientId}`)
        .loginAs(user)
        .withInertia()
      response.assertStatus(200)
      return response.body().props.compte
    }
    let c = await compte()
    assert.equal(c.commandes_ttc, commande.totalTtc)
    assert.equal(c.paye, 0)
    assert.equal(c.du, 0)
    assert.lengthOf(c.mouvements, 0)

    const fresh = await Bdc.findOrFail(bdc.id)
    const demande = await createDemandePaiementForBdc(systemActor(), {
      bdcId: bdc.id,
      lockVersion: fresh.lockVersion,
      userId: user.id,
    })
    c = await compte()
    assert.equal(c.en_attente, demande.montant)
    assert.equal(c.paye, 0)
    assert.deepInclude(c.mouvements[0], { numero: demande.numero, statut: 'envoyee' })

    await markDemandePayee(systemActor(), demande.id, user.id)
    c = await compte()
    assert.equal(c.paye, demande.montant)
    assert.equal(c.en_attente, 0)
    // No acompte facture issued yet: the payment waits as the client's credit
    assert.equal(c.credit, demande.montant)
    assert.equal(c.du, 0)
    assert.deepInclude(c.mouvements[0], { numero: demande.numero, statut: 'payee' })
    assert.match(c.mouvements[0].date, /^\d{4}-\d{2}-\d{2}$/)
  })

  test('the client page account with an issued acompte facture: invoiced, paid, due', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await esiSociete()
    const { bdc, commande } = await commandeFor('Dubois')
    let fresh = await Bdc.findOrFail(bdc.id)
    const demande = await createDemandePaiementForBdc(systemActor(), {
      bdcId: bdc.id,
      lockVersion: fresh.lockVersion,
      userId: user.id,
    })
    fresh = await Bdc.findOrFail(bdc.id)
    const draft = await createAcompteFacture(systemActor(), {
      bdcId: bdc.id,
      lockVersion: fresh.lockVersion,
      userId: user.id,
    })
    const saved = await Facture.findOrFail(draft.id)
    const facture = await issueFacture(systemActor(), {
      factureId: draft.id,
      lockVersion: saved.lockVersion,
      userId: user.id,
    })
    await markDemandePayee(systemActor(), demande.id, user.id)

    const response = await client
      .get(`/esi/customers/${commande.clientId}`)
      .loginAs(user)
      .withInertia()
    const c = response.body().props.compte
    assert.equal(c.facture, facture.totalTtc)
    assert.equal(c.paye, demande.montant)
    // The payment went to the acompte facture; what it does not cover is still due
    const reloaded = await Facture.findOrFail(facture.id)
    assert.equal(c.du, reloaded.totalTtc - reloaded.montantPaye - reloaded.montantCredite)
    assert.equal(c.facture - c.credite - (c.paye - c.credit), c.du)
    assert.deepInclude(c.factures[0], { numero: facture.numero, reste: c.du })
  })
})
