/*
 * The commande's factures beyond the acompte (decisions 229–231): the « Facturation » block,
 * an intermédiaire of a %, the solde deducting every acompte and intermédiaire issued (its TTC
 * is what the bdc still asks), refused twice, while a draft is pending, when nothing is left,
 * and rights.
 */
import { test } from '@japa/runner'
import Facture from '#models/facture'
import Bdc from '#models/bdc'
import { makeUser, withTransaction } from '#tests/helpers'
import { acompteDraft, issued } from '#tests/functional/factures/helpers'
import { computeTotals } from '#shared/totals'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'

async function post(client: ApiClient, user: User, url: string, form: Record<string, unknown>) {
  return client
    .post(url)
    .loginAs(user)
    .header('referer', url)
    .form(form)
    .withCsrfToken()
    .withInertia()
    .redirects(0)
}

test.group('Factures / intermédiaire and solde of a commande', (group) => {
  withTransaction(group)

  test('acompte, intermédiaire 40 %, then the solde: it asks what the bdc still asks', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande, facture } = await acompteDraft()
    const acompte = await issued(facture)

    let fresh = await Bdc.findOrFail(bdc.id)
    const inter = await post(client, user, `/esi/commandes/${commande.id}/facture-intermediaire`, {
      lock_version: fresh.lockVersion,
      pct: '40',
    })
    inter.assertStatus(302)
    const draft = await Facture.query()
      .where({ bdc_id: bdc.id, type: 'intermediaire' })
      .preload('lignes')
      .firstOrFail()
    assert.equal(draft.totalTtc, Math.round(bdc.totalTtc * 0.4))
    assert.include(draft.lignes[0].designation, 'Facture intermédiaire de 40\u00a0%')

    // A solde while the intermédiaire is still a draft is refused
    fresh = await Bdc.findOrFail(bdc.id)
    const early = await post(client, user, `/esi/commandes/${commande.id}/facture-solde`, {
      lock_version: fresh.lockVersion,
    })
    assert.include(early.flashMessage('error'), 'encore un brouillon')

    const intermediaire = await issued(draft)
    fresh = await Bdc.findOrFail(bdc.id)
    const solde = await post(client, user, `/esi/commandes/${commande.id}/facture-solde`, {
      lock_version: fresh.lockVersion,
    })
    solde.assertStatus(302)
    const made = await Facture.query()
      .where({ bdc_id: bdc.id, type: 'solde' })
      .preload('lignes', (q) => q.orderBy('position'))
      .firstOrFail()
    solde.assertHeader('location', `/esi/compta/facture/${made.id}`)
    assert.equal(made.totalTtc, bdc.totalTtc - acompte.totalTtc - intermediaire.totalTtc)
    const recomputed = computeTotals({ lignes: made.lignes.map((l) => l.toData()) })
    assert.equal(recomputed.total_ttc, made.totalTtc)
    assert.isTrue(
      made.lignes.some((l) => l.designation.startsWith(`Acompte ${acompte.numero} déduit`))
    )
    assert.isTrue(
      made.lignes.some((l) =>
        l.designation.startsWith(`Facture intermédiaire ${intermediaire.numero} déduite`)
      )
    )
    // Issued like any facture: the deduction lines (quantity −1) pass the database's checks
    const solded = await issued(made)
    assert.equal(solded.statut, 'emise')

    // A second solde is refused, and so is an intermédiaire afterwards
    fresh = await Bdc.findOrFail(bdc.id)
    const twice = await post(client, user, `/esi/commandes/${commande.id}/facture-solde`, {
      lock_version: fresh.lockVersion,
    })
    assert.include(twice.flashMessage('error'), 'existe déjà')
    const after = await post(client, user, `/esi/commandes/${commande.id}/facture-intermediaire`, {
      lock_version: fresh.lockVersion,
      pct: '10',
    })
    assert.include(after.flashMessage('error'), 'existe déjà')
    assert.lengthOf(await Facture.query().where({ bdc_id: bdc.id, type: 'solde' }), 1)

    const page = await client.get(`/esi/commandes/${commande.id}`).loginAs(user).withInertia()
    page.assertInertiaComponent('esi/commande/Show')
    const facturation = page.body().props.facturation
    assert.deepEqual(
      facturation.factures.map((f: { type: string }) => f.type),
      ['acompte', 'intermediaire', 'solde']
    )
    assert.equal(facturation.reste_a_facturer, 0)
    assert.isFalse(facturation.solde_possible)
    // One balance for the commande: invoiced in full, nothing paid nor credited yet
    assert.deepEqual(facturation.balance, {
      commande_ttc: bdc.totalTtc,
      facture: bdc.totalTtc,
      credite: 0,
      paye: 0,
      reste_du: bdc.totalTtc,
    })
  })

  test('an intermédiaire above what is left, a stale version, nothing left', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande, facture } = await acompteDraft()
    await issued(facture)
    let fresh = await Bdc.findOrFail(bdc.id)
    const tooMuch = await post(
      client,
      user,
      `/esi/commandes/${commande.id}/facture-intermediaire`,
      {
        lock_version: fresh.lockVersion,
        pct: '100',
      }
    )
    assert.include(tooMuch.flashMessage('error'), 'Il ne reste que')
    const stale = await post(client, user, `/esi/commandes/${commande.id}/facture-intermediaire`, {
      lock_version: fresh.lockVersion - 1,
      pct: '10',
    })
    assert.equal(stale.status(), 302)
    assert.notExists(await Facture.query().where({ bdc_id: bdc.id, type: 'intermediaire' }).first())
    const bad = await post(client, user, `/esi/commandes/${commande.id}/facture-intermediaire`, {
      lock_version: fresh.lockVersion,
      pct: '120',
    })
    assert.deepEqual((bad.flashMessage('inputErrorsBag') as any).pct, [
      'Le pourcentage doit être compris entre 0 et 100.',
    ])

    // The rest invoiced as an intermédiaire: then no solde
    fresh = await Bdc.findOrFail(bdc.id)
    const acompteFacture = await Facture.findOrFail(facture.id)
    const acompteTtc = acompteFacture.totalTtc
    const restPct = (((bdc.totalTtc - acompteTtc) / bdc.totalTtc) * 100).toFixed(2)
    const rest = await post(client, user, `/esi/commandes/${commande.id}/facture-intermediaire`, {
      lock_version: fresh.lockVersion,
      pct: restPct,
    })
    const inter = await Facture.query().where({ bdc_id: bdc.id, type: 'intermediaire' }).first()
    assert.exists(inter, String(rest.flashMessage('error')))
    // The pct's rounding may leave a cent or two: the draft is made to take exactly the rest
    await Facture.query()
      .where('id', inter!.id)
      .update({ total_ttc: bdc.totalTtc - acompteTtc })
    await issued(await Facture.findOrFail(inter!.id))
    fresh = await Bdc.findOrFail(bdc.id)
    const solde = await post(client, user, `/esi/commandes/${commande.id}/facture-solde`, {
      lock_version: fresh.lockVersion,
    })
    assert.include(solde.flashMessage('error'), 'Rien ne reste à facturer')
  })

  test('esi only: pro and other get 403', async ({ client, assert }) => {
    const { bdc, commande } = await acompteDraft()
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      for (const url of [
        `/esi/commandes/${commande.id}/facture-solde`,
        `/esi/commandes/${commande.id}/facture-intermediaire`,
      ]) {
        const response = await client
          .post(url)
          .loginAs(user)
          .form({ lock_version: bdc.lockVersion, pct: '10' })
          .withCsrfToken()
          .redirects(0)
        response.assertStatus(403)
      }
    }
    assert.lengthOf(await Facture.query().where('bdc_id', bdc.id), 1)
  })
})
