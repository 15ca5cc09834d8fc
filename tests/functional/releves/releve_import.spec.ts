/*
 * Bank import through HTTP (issue 11 §3): real-shaped CAMT.053 and CODA files become payments
 * allocated to the factures their structured communication names (or their exact amount and
 * the client's name), the facture's statut follows; the same file twice adds nothing; a
 * malformed file is refused with its line number and writes nothing; the rest is matched or
 * ignored by hand; esi only, unknown ids 404.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { systemActor } from '#services/actor'
import Facture from '#models/facture'
import Paiement from '#models/paiement'
import DemandePaiement from '#models/demande_paiement'
import { makeUser, withTransaction } from '#tests/helpers'
import { acompteDraft, issued } from '#tests/functional/factures/helpers'
import { creditClient } from '#services/paiements/paiement_service'
import { createDemandePaiementForBdc } from '#services/paiement/demande_paiement_service'
import { clientDisplayName } from '#shared/clients'
import Client from '#models/client'
import { camtStatement, fixtureWith } from '#tests/functional/releves/statements'

const URL = '/esi/compta/paiements/import'

function upload(client: any, user: any, bytes: Buffer | string, filename: string) {
  return client
    .post(URL)
    .loginAs(user)
    .header('accept', 'application/json')
    .file('fichier', Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'utf8'), { filename })
    .withCsrfToken()
    .redirects(0)
}

async function counts() {
  const [r] = await db.from('releves_bancaires').count('* as n')
  const [l] = await db.from('releve_lignes').count('* as n')
  const [p] = await db.from('paiements').count('* as n')
  return { releves: Number(r.n), lignes: Number(l.n), paiements: Number(p.n) }
}

async function lignes(statut?: string) {
  const query = db.from('releve_lignes').orderBy('id')
  if (statut) query.where('statut', statut)
  return query
}

async function statutOf(ligneId: number) {
  const line = await db.from('releve_lignes').where('id', ligneId).firstOrFail()
  return line.statut as string
}

async function factureStatut(id: number) {
  const facture = await Facture.findOrFail(id)
  return facture.statut
}

async function expectStatus(
  request: PromiseLike<{ assertStatus(s: number): void }>,
  status: number
) {
  const response = await request
  response.assertStatus(status)
}

test.group('Bank import / upload and automatic matching', (group) => {
  withTransaction(group)

  test('a CAMT.053 pays the facture its communication names; the same file again adds nothing', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const facture = await issued()
    const response = await upload(
      client,
      user,
      fixtureWith('bnp_camt053_v02.xml', facture.communication!),
      'bnp.xml'
    )
    response.assertStatus(302)
    const releve = await db.from('releves_bancaires').firstOrFail()
    assert.equal(response.header('location'), `${URL}/${releve.id}`)
    assert.equal(releve.format, 'camt053')
    assert.equal(releve.compte_iban, 'BE73735012345660')
    assert.equal(releve.fichier_nom, 'bnp.xml')
    assert.match(releve.fichier_sha256, /^[0-9a-f]{64}$/)
    assert.equal(releve.rapprochees_auto, 1)
    assert.equal(releve.imported_by, user.id)

    const rows = await lignes()
    const paid = rows.find((l) => l.statut === 'rapprochee_auto')!
    assert.equal(Number(paid.montant), 125000)
    assert.equal(paid.rapprochement, 'communication')
    assert.equal(rows.filter((l) => l.statut === 'a_rapprocher').length, rows.length - 1)
    assert.isTrue(rows.some((l) => Number(l.montant) < 0 && l.statut === 'a_rapprocher'))

    const paiement = await Paiement.query()
      .where('id', paid.paiement_id)
      .preload('allocations')
      .firstOrFail()
    assert.equal(paiement.montant, 125000)
    assert.equal(paiement.mode, 'virement')
    assert.equal(paiement.clientId, facture.clientId)
    assert.equal(paiement.reference, paid.reference_banque)
    assert.equal(paiement.compte, 'BE78310098765486')
    assert.equal(paiement.datePaiement.toISODate(), '2025-03-14')
    assert.deepEqual(
      paiement.allocations.map((a) => [a.factureId, a.montant]),
      [[facture.id, facture.totalTtc]]
    )
    const after = await Facture.findOrFail(facture.id)
    assert.equal(after.statut, 'payee')
    assert.equal(await creditClient(facture.clientId), 125000 - facture.totalTtc)

    const before = await counts()
    const again = await upload(
      client,
      user,
      fixtureWith('bnp_camt053_v02.xml', facture.communication!),
      'bnp-encore.xml'
    )
    again.assertStatus(302)
    assert.equal(again.header('location'), URL)
    assert.deepEqual(await counts(), before)
    const page = await client.get(URL).loginAs(user).withInertia()
    page.assertStatus(200)
  })

  test('a CODA pays the facture too; the same movements in another file add nothing', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const facture = await issued()
    // 1 250,00 € by communication on a facture of 181,50 €: paid, the rest is credit
    const response = await upload(
      client,
      user,
      fixtureWith('kbc_2025-03-15.cod', facture.communication!),
      'kbc.cod'
    )
    response.assertStatus(302)
    const releve = await db.from('releves_bancaires').firstOrFail()
    assert.equal(releve.format, 'coda')
    assert.equal(releve.releve_ref, '052')
    assert.equal(Number(releve.solde_final), 1380607)
    const rows = await lignes()
    assert.equal(rows.length, releve.lignes_fichier)
    const paid = rows.filter((l) => l.statut === 'rapprochee_auto')
    assert.lengthOf(paid, 1)
    const after = await Facture.findOrFail(facture.id)
    assert.equal(after.statut, 'payee')
    assert.equal(after.montantPaye, facture.totalTtc)

    // The same movements, another file name: nothing new
    const again = await upload(
      client,
      user,
      fixtureWith('kbc_2025-03-15.cod', facture.communication!),
      'copie.cod'
    )
    again.assertStatus(302)
    assert.lengthOf(await lignes(), rows.length)
  })

  test('an exact amount from a payer named like the client matches without communication', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const facture = await issued()
    const payer = await Client.findOrFail(facture.clientId)
    const camt = camtStatement([
      {
        ref: 'AMT-1',
        montant: facture.totalTtc,
        date: '2025-04-02',
        nom: clientDisplayName(payer).toUpperCase(),
        libre: 'facture intervention',
      },
    ])
    await expectStatus(upload(client, user, camt, 'montant.xml'), 302)
    const [line] = await lignes()
    assert.equal(line.statut, 'rapprochee_auto')
    assert.equal(line.rapprochement, 'montant_nom')
    assert.equal(await factureStatut(facture.id), 'payee')
  })

  test('a short transfer leaves the facture partly paid; a demande de paiement is paid by its communication', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const facture = await issued()
    const { bdc } = await acompteDraft()
    const fresh = await bdc.refresh()
    const demande = await createDemandePaiementForBdc(systemActor(), {
      bdcId: fresh.id,
      lockVersion: fresh.lockVersion,
      userId: null,
    })
    const camt = camtStatement([
      {
        ref: 'P-1',
        montant: 5000,
        date: '2025-04-03',
        nom: 'Quelqu’un',
        communication: facture.communication,
      },
      {
        ref: 'P-2',
        montant: demande.montant,
        date: '2025-04-03',
        nom: 'Autre payeur',
        communication: demande.communication,
      },
    ])
    await expectStatus(upload(client, user, camt, 'partiel.xml'), 302)
    const after = await Facture.findOrFail(facture.id)
    assert.equal(after.statut, 'partiellement_payee')
    assert.equal(after.montantPaye, 5000)
    const saved = await DemandePaiement.findOrFail(demande.id)
    assert.equal(saved.statut, 'payee')
    const paiement = await Paiement.query().where('demande_paiement_id', demande.id).firstOrFail()
    assert.equal(paiement.montant, demande.montant)
    assert.equal(paiement.reference, 'P-2-SVC')
    assert.lengthOf(await lignes('rapprochee_auto'), 2)
  })

  test('a malformed file is refused with its line number and nothing is written', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await issued()
    const before = await counts()
    for (const name of [
      'malformed_short_line.cod',
      'malformed_bad_amount.cod',
      'malformed_trailer_count.cod',
      'malformed_truncated.xml',
    ]) {
      const response = await upload(client, user, fixtureWith(name), name)
      response.assertStatus(422)
      const message: string = response.body().errors[0].message
      assert.equal(response.body().errors[0].field, 'fichier')
      assert.match(message, /^Fichier refusé, rien n’a été importé\. Ligne \d+ : /, name)
    }
    const notAStatement = await upload(client, user, 'bonjour', 'notes.txt')
    notAStatement.assertStatus(422)
    assert.match(notAStatement.body().errors[0].message, /Format non reconnu pour « notes\.txt »/)
    const empty = await client
      .post(URL)
      .loginAs(user)
      .header('accept', 'application/json')
      .withCsrfToken()
    empty.assertStatus(422)
    assert.deepEqual(await counts(), before)
  })
})

test.group('Bank import / manual matching and rights', (group) => {
  withTransaction(group)

  async function importUnmatched(client: any, user: any, tag = 'M') {
    const camt = camtStatement([
      {
        ref: `${tag}-1`,
        montant: 20000,
        date: '2025-05-02',
        nom: 'Payeur inconnu',
        libre: 'merci',
      },
      { ref: `${tag}-2`, montant: -1500, date: '2025-05-02', nom: 'Banque', libre: 'Frais' },
    ])
    await expectStatus(upload(client, user, camt, 'manuel.xml'), 302)
    const releve = await db.from('releves_bancaires').orderBy('id', 'desc').firstOrFail()
    const [credit, debit] = await db
      .from('releve_lignes')
      .where('releve_id', releve.id)
      .orderBy('id')
    return { releve, credit, debit }
  }

  test('a line is matched by hand to a client and some of his factures, once', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const facture = await issued()
    const { releve, credit } = await importUnmatched(client, user)
    assert.equal(credit.statut, 'a_rapprocher')

    const show = await client
      .get(`${URL}/${releve.id}?client=${facture.clientId}`)
      .loginAs(user)
      .withInertia()
    show.assertStatus(200)
    assert.equal(show.inertiaProps.lignes.length, 2)
    assert.deepEqual(
      show.inertiaProps.ouvertes.map((f: any) => f.id),
      [facture.id]
    )

    const path = `${URL}/lignes/${credit.id}/rapprocher`
    const response = await client
      .post(path)
      .loginAs(user)
      .form({
        client_id: facture.clientId,
        'allocations[0][facture_id]': facture.id,
        'allocations[0][montant]': '100,00',
      })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    const line = await db.from('releve_lignes').where('id', credit.id).firstOrFail()
    assert.equal(line.statut, 'rapprochee_manuelle')
    assert.equal(line.traitee_par, user.id)
    const paiement = await Paiement.query()
      .where('id', line.paiement_id)
      .preload('allocations')
      .firstOrFail()
    assert.equal(paiement.montant, 20000)
    assert.equal(paiement.clientId, facture.clientId)
    assert.deepEqual(
      paiement.allocations.map((a) => [a.factureId, a.montant]),
      [[facture.id, 10000]]
    )
    assert.equal(await factureStatut(facture.id), 'partiellement_payee')
    assert.equal(await creditClient(facture.clientId), 10000)

    const twice = await client
      .post(path)
      .loginAs(user)
      .header('accept', 'application/json')
      .form({ client_id: facture.clientId })
      .withCsrfToken()
    twice.assertStatus(422)
    assert.match(twice.body().message ?? JSON.stringify(twice.body()), /déjà été traitée/)
    const paiements = await Paiement.query().where('client_id', facture.clientId)
    assert.lengthOf(paiements, 1)
  })

  test('a line is ignored and taken back; a debit is never paid to a client', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const facture = await issued()
    const { debit } = await importUnmatched(client, user)
    const base = `${URL}/lignes/${debit.id}`
    const refused = await client
      .post(`${base}/rapprocher`)
      .loginAs(user)
      .header('accept', 'application/json')
      .form({ client_id: facture.clientId })
      .withCsrfToken()
    refused.assertStatus(422)
    await expectStatus(
      client.post(`${base}/ignorer`).loginAs(user).withCsrfToken().redirects(0),
      302
    )
    assert.equal(await statutOf(debit.id), 'ignoree')
    await expectStatus(
      client.post(`${base}/retablir`).loginAs(user).withCsrfToken().redirects(0),
      302
    )
    assert.equal(await statutOf(debit.id), 'a_rapprocher')
  })

  test('esi only; an unknown statement or line is 404', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    const { releve, credit } = await importUnmatched(client, esi)
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      await expectStatus(client.get(URL).loginAs(user), 403)
      await expectStatus(client.get(`${URL}/${releve.id}`).loginAs(user), 403)
      await expectStatus(upload(client, user, camtStatement([]), 'x.xml'), 403)
      await expectStatus(
        client.post(`${URL}/lignes/${credit.id}/ignorer`).loginAs(user).withCsrfToken(),
        403
      )
    }
    const guest = await client.get(URL).redirects(0)
    assert.include([302, 401, 403], guest.status())
    await expectStatus(client.get(`${URL}/999999`).loginAs(esi), 404)
    await expectStatus(client.get(`${URL}/abc`).loginAs(esi), 404)
    for (const id of ['999999', 'abc', '0']) {
      await expectStatus(
        client.post(`${URL}/lignes/${id}/ignorer`).loginAs(esi).withCsrfToken(),
        404
      )
    }
    assert.equal(await statutOf(credit.id), 'a_rapprocher')
  })
})
