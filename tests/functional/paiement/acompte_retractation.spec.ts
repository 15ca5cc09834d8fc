/*
 * The esi société's rule for payments during the withdrawal period (issue 10 §4, decision 189):
 * Belgium (default) lets the acompte be asked at once; France (C. conso L221-10) refuses any
 * request on a consumer's bdc signed at home for 7 days, and on a bdc not signed yet. The server
 * refuses with the date, the bdc page disables the action with the same reason; only staff set it.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Bdc from '#models/bdc'
import DemandePaiement from '#models/demande_paiement'
import Societe from '#models/societe'
import { systemActor } from '#services/actor'
import { makeUser, withTransaction } from '#tests/helpers'
import { esiSociete, fieldErrors, makeBdc } from '#tests/functional/bdc/helpers'
import { createDemandePaiementForBdc } from '#services/paiement/demande_paiement_service'
import { formatDate, todayIso, addDays } from '#shared/dates'
import { TIME_ZONE } from '#shared/app'

async function ask(client: any, user: any, bdcId: number) {
  const bdc = await Bdc.findOrFail(bdcId)
  return client
    .post(`/esi/bdc/${bdcId}/demandes-paiement`)
    .loginAs(user)
    .header('referer', `/esi/bdc/${bdcId}`)
    .form({ lock_version: bdc.lockVersion })
    .withCsrfToken()
    .withInertia()
    .redirects(0)
}

async function setRule(regle: 'autorise' | 'interdit_7_jours') {
  const societe = await esiSociete()
  await societe.merge({ acomptePendantRetractation: regle }).save()
}

/** Signed at the customer's home `daysAgo` days ago (Brussels days). */
async function signedAtHome(daysAgo: number): Promise<Bdc> {
  const bdc = await makeBdc({ email: null })
  const signeLe = DateTime.now().setZone(TIME_ZONE).minus({ days: daysAgo }).set({ hour: 12 })
  await bdc
    .merge({
      statut: 'signe',
      signeLe,
      signataire: 'Anne Lambert',
      lieuSignature: 'domicile',
      finRetractation: signeLe.plus({ days: 14 }).startOf('day'),
    })
    .save()
  return Bdc.findOrFail(bdc.id)
}

async function count(bdc: Bdc) {
  const rows = await DemandePaiement.query().where('bdc_id', bdc.id)
  return rows.length
}

/** The error flashed when the request is refused. */
async function refusal(client: any, user: any, bdcId: number): Promise<string | undefined> {
  const response = await ask(client, user, bdcId)
  return response.flashMessage('error')
}

test.group('Acompte pendant le délai de rétractation', (group) => {
  withTransaction(group)

  test('Belgium (default): the acompte may be asked the day a bdc is signed at home', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await signedAtHome(0)
    const societe = await esiSociete()
    assert.equal(societe.acomptePendantRetractation, 'autorise')
    const response = await ask(client, user, bdc.id)
    response.assertStatus(302)
    assert.equal(await count(bdc), 1)
  })

  test('France: refused within 7 days of a signature at home, with the first allowed date', async ({
    client,
    assert,
  }) => {
    await setRule('interdit_7_jours')
    const user = await makeUser('esi')
    const bdc = await signedAtHome(3)
    const signe = addDays(todayIso(), -3)
    const expected = `Bon de commande signé au domicile du client le ${formatDate(signe)} : aucun paiement ne peut être demandé avant le ${formatDate(addDays(signe, 8))} (7 jours après la signature, art. L221-10 du Code de la consommation).`

    // The bdc page says why and the action is off
    const page = await client.get(`/esi/bdc/${bdc.id}`).loginAs(user).withInertia()
    assert.equal(page.body().props.bdc.paiement_bloque, expected)

    const response = await ask(client, user, bdc.id)
    assert.equal(response.flashMessage('error'), expected)
    assert.deepEqual(fieldErrors(response), { _form: [expected] })
    assert.equal(await count(bdc), 0)
    // Whoever calls the service: a 422 with the same message
    await assert.rejects(
      () =>
        createDemandePaiementForBdc(systemActor(), {
          bdcId: bdc.id,
          lockVersion: bdc.lockVersion,
          userId: user.id,
        }),
      expected
    )
    // The waiver of the withdrawal right does not lift L221-10
    await bdc.merge({ renonciationRetractation: true, finRetractation: null }).save()
    assert.equal(await refusal(client, user, bdc.id), expected)
    assert.equal(await count(bdc), 0)
  })

  test('France: allowed from the 8th day, in the shop at once, for a business client', async ({
    client,
    assert,
  }) => {
    await setRule('interdit_7_jours')
    const user = await makeUser('esi')
    const seventh = await signedAtHome(7)
    assert.include(await refusal(client, user, seventh.id), 'avant le')
    const eighth = await signedAtHome(8)
    assert.isUndefined(await refusal(client, user, eighth.id))
    assert.equal(await count(eighth), 1)

    const shop = await signedAtHome(0)
    await shop.merge({ lieuSignature: 'etablissement', finRetractation: null }).save()
    await ask(client, user, shop.id)
    assert.equal(await count(shop), 1)

    // A business client as the bdc was issued (the frozen parties decide): no consumer rule
    const pro = await signedAtHome(0)
    await db
      .from('bdcs')
      .where('id', pro.id)
      .update({
        parties_snapshot: JSON.stringify({
          ...(pro.partiesSnapshot as object),
          client_professionnel: true,
        }),
      })
    await ask(client, user, pro.id)
    assert.equal(await count(pro), 1)
  })

  test('France: a bdc not signed yet asks no payment (it may still be signed at home)', async ({
    client,
    assert,
  }) => {
    await setRule('interdit_7_jours')
    const user = await makeUser('esi')
    const bdc = await makeBdc({ email: null })
    const response = await ask(client, user, bdc.id)
    assert.include(
      response.flashMessage('error'),
      'Aucun paiement ne peut être demandé avant la signature du bon de commande'
    )
    assert.equal(await count(bdc), 0)
    await setRule('autorise')
    await ask(client, user, bdc.id)
    assert.equal(await count(bdc), 1)
  })

  test('the rule is on the esi société’s form, written by staff only', async ({
    client,
    assert,
  }) => {
    const societe = await esiSociete()
    const admin = await makeUser('esi')
    const edit = await client.get(`/app/company/${societe.id}/edit`).loginAs(admin).withInertia()
    edit.assertStatus(200)
    assert.equal(edit.body().props.societe.acompte_pendant_retractation, 'autorise')
    const fields = { ...edit.body().props.societe }
    delete fields.logo_url
    delete fields.id
    const saved = await client
      .put(`/app/company/${societe.id}`)
      .loginAs(admin)
      .form({ ...fields, acompte_pendant_retractation: 'interdit_7_jours' })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.deepEqual(fieldErrors(saved), {})
    await societe.refresh()
    assert.equal(societe.acomptePendantRetractation, 'interdit_7_jours')

    const bad = await client
      .put(`/app/company/${societe.id}`)
      .loginAs(admin)
      .form({
        ...fields,
        lock_version: societe.lockVersion,
        acompte_pendant_retractation: 'jamais',
      })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.deepEqual(fieldErrors(bad).acompte_pendant_retractation, [
      'Choisissez une règle pour l’acompte pendant le délai de rétractation.',
    ])
    const kept = await Societe.findOrFail(societe.id)
    assert.equal(kept.acomptePendantRetractation, 'interdit_7_jours')
  })
})
