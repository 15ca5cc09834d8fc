/*
 * Factures (issue 11 §1): the acompte draft from a signed bdc (once), issuing (number, date,
 * due date, communication, frozen parties), the freeze enforced by the database (raw SQL refused
 * on the facture and its lines) and by HTTP, deleting a draft only, the list and rights.
 */
import { test } from '@japa/runner'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import testUtils from '@adonisjs/core/services/test_utils'
import HttpExceptionHandler from '#exceptions/handler'
import db from '@adonisjs/lucid/services/db'
import Facture from '#models/facture'
import FactureLigne from '#models/facture_ligne'
import Bdc from '#models/bdc'
import AuditLog from '#models/audit_log'
import Client from '#models/client'
import { makeUser, withTransaction } from '#tests/helpers'
import { makeBdc } from '#tests/functional/bdc/helpers'
import { acompteDraft, issued, libreDraft } from '#tests/functional/factures/helpers'
import { FROZEN_SQLSTATE } from '#services/documents/immutable'
import { computeTotals } from '#shared/totals'
import { isValidStructuredCommunication } from '#shared/validation/belgium'
import { todayIso } from '#shared/dates'

/** A raw statement in its own savepoint: its failure does not end the test's transaction. */
async function rawFails(sql: string, bindings: unknown[] = []) {
  try {
    await db.transaction(async (trx) => {
      await trx.rawQuery(sql, bindings as any)
    })
    return null
  } catch (error) {
    return error as { code?: string; message: string }
  }
}

test.group('Factures / acompte and issue', (group) => {
  withTransaction(group)

  test('a signed bdc gives one draft acompte facture whose TTC is the acompte', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { bdc } = await acompteDraft().then(async (r) => {
      // Made by the service already: the page's button must now refuse a second one
      return r
    })
    const facture = await Facture.query().where('bdc_id', bdc.id).preload('lignes').firstOrFail()
    assert.isNull(facture.numero)
    assert.equal(facture.statut, 'brouillon')
    assert.equal(facture.type, 'acompte')
    assert.equal(facture.totalTtc, bdc.acompte)
    const recomputed = computeTotals({
      lignes: facture.lignes.map((l) => l.toData()),
      remise_globale_pct: '0',
    })
    assert.equal(recomputed.total_ttc, bdc.acompte)
    assert.lengthOf(facture.lignes, bdc.tvaDetail.length)
    assert.include(facture.lignes[0].designation, `sur le bon de commande ${bdc.numero}`)

    const again = await client
      .post(`/esi/bdc/${bdc.id}/facture-acompte`)
      .loginAs(user)
      .header('referer', `/esi/bdc/${bdc.id}`)
      .form({ lock_version: bdc.lockVersion })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    again.assertStatus(302)
    assert.include(again.flashMessage('error'), 'existe déjà')
    const made = await Facture.query().where('bdc_id', bdc.id)
    assert.lengthOf(made, 1)
  })

  test('the bdc page button makes the draft; an unsigned bdc is refused', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const unsigned = await makeBdc()
    const refused = await client
      .post(`/esi/bdc/${unsigned.id}/facture-acompte`)
      .loginAs(user)
      .header('referer', `/esi/bdc/${unsigned.id}`)
      .form({ lock_version: unsigned.lockVersion })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.include(refused.flashMessage('error'), 'n’est pas signé')

    const { bdc, facture } = await acompteDraft()
    await db.from('factures').where('id', facture.id).delete()
    const made = await client
      .post(`/esi/bdc/${bdc.id}/facture-acompte`)
      .loginAs(user)
      .form({ lock_version: bdc.lockVersion })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    const created = await Facture.query().where('bdc_id', bdc.id).firstOrFail()
    made.assertStatus(302)
    made.assertHeader('location', `/esi/compta/facture/${created.id}`)
    const raised = await Bdc.findOrFail(bdc.id)
    assert.equal(raised.lockVersion, bdc.lockVersion + 1)

    const page = await client.get(`/esi/bdc/${bdc.id}`).loginAs(user).withInertia()
    assert.equal(page.body().props.bdc.facture_acompte.id, created.id)
  })

  test('issuing numbers, dates and freezes; the page shows it', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const draft = await libreDraft()
    const response = await client
      .post(`/esi/compta/facture/${draft.id}/emettre`)
      .loginAs(user)
      .form({ lock_version: draft.lockVersion })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    response.assertStatus(302)
    const facture = await Facture.findOrFail(draft.id)
    assert.match(facture.numero!, /^FAC-\d{4}-\d{5}$/)
    assert.equal(facture.statut, 'emise')
    assert.equal(facture.dateFacture!.toISODate(), todayIso())
    assert.equal(facture.echeance!.diff(facture.dateFacture!, 'days').days, 30)
    assert.isTrue(isValidStructuredCommunication(facture.communication!))
    assert.equal(facture.partiesSnapshot!.destinataire.nom.includes('Dubois'), true)
    assert.exists(
      await AuditLog.query()
        .where({ action: 'facture.emise', subject_id: String(draft.id) })
        .first()
    )
    assert.equal(response.flashMessage('success'), `Facture ${facture.numero} émise.`)

    // A later change of the client never reaches the issued facture
    await Client.query().where('id_client', facture.clientId).update({ nom: 'Autre nom' })
    const page = await client.get(`/esi/compta/facture/${draft.id}`).loginAs(user).withInertia()
    page.assertInertiaComponent('esi/compta/facture/Show')
    assert.equal(page.body().props.facture.numero, facture.numero)
    assert.isNull(page.body().props.facture.refus.supprimer === null ? 'x' : null)

    // Issuing twice, or with a stale version: refused
    const twice = await client
      .post(`/esi/compta/facture/${draft.id}/emettre`)
      .loginAs(user)
      .header('referer', `/esi/compta/facture/${draft.id}`)
      .form({ lock_version: facture.lockVersion })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.include(twice.flashMessage('error'), 'une seconde fois')
    const stale = await client
      .post(`/esi/compta/facture/${draft.id}/emettre`)
      .loginAs(user)
      .header('referer', `/esi/compta/facture/${draft.id}`)
      .form({ lock_version: draft.lockVersion })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.include(stale.flashMessage('error'), 'a été modifiée')
  })

  test('an issued facture refuses deletion over HTTP; a draft is deleted with its lines', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const facture = await issued()
    const refused = await client
      .delete(`/esi/compta/facture/${facture.id}`)
      .loginAs(user)
      .header('referer', `/esi/compta/facture/${facture.id}`)
      .form({ lock_version: facture.lockVersion })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.include(refused.flashMessage('error'), 'jamais supprimée')
    assert.exists(await Facture.find(facture.id))

    const draft = await libreDraft()
    const done = await client
      .delete(`/esi/compta/facture/${draft.id}`)
      .loginAs(user)
      .form({ lock_version: draft.lockVersion })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    done.assertHeader('location', '/esi/compta/facture')
    assert.isNull(await Facture.find(draft.id))
    const left = await FactureLigne.query().where('facture_id', draft.id)
    assert.lengthOf(left, 0)
  })

  test('the database refuses raw UPDATE/DELETE of an issued facture and any write to its lines', async ({
    assert,
  }) => {
    const facture = await issued()
    const ligne = await FactureLigne.query().where('facture_id', facture.id).firstOrFail()
    const attempts = [
      ['UPDATE factures SET total_ttc = total_ttc + 1 WHERE id = ?', [facture.id]],
      ['UPDATE factures SET objet = ? WHERE id = ?', ['Autre', facture.id]],
      ['UPDATE factures SET numero = NULL, statut = ? WHERE id = ?', ['brouillon', facture.id]],
      ['DELETE FROM factures WHERE id = ?', [facture.id]],
      ['UPDATE facture_lignes SET prix_unitaire_ht = 1 WHERE id = ?', [ligne.id]],
      ['DELETE FROM facture_lignes WHERE id = ?', [ligne.id]],
      [
        `INSERT INTO facture_lignes (facture_id, position, type, designation) VALUES (?, 99, 'texte', 'x')`,
        [facture.id],
      ],
    ] as const
    for (const [sql, bindings] of attempts) {
      const error = await rawFails(sql, [...bindings])
      assert.equal(error?.code, FROZEN_SQLSTATE, sql)
      assert.include(error!.message, `La facture ${facture.numero} est émise`)
    }
    // What payments will move is still allowed
    assert.isNull(
      await rawFails(
        `UPDATE factures SET montant_paye = 100, statut = 'partiellement_payee', lock_version = lock_version + 1 WHERE id = ?`,
        [facture.id]
      )
    )
    // A draft's lines are free
    const draft = await libreDraft()
    assert.isNull(await rawFails('UPDATE factures SET objet = ? WHERE id = ?', ['X', draft.id]))
    assert.isNull(await rawFails('DELETE FROM facture_lignes WHERE facture_id = ?', [draft.id]))
  })

  test('the trigger’s refusal that reaches the handler is a French 422, not a 500', async ({
    assert,
  }) => {
    const facture = await issued()
    const error = await rawFails('UPDATE factures SET objet = ? WHERE id = ?', ['X', facture.id])
    const req = new IncomingMessage(new Socket())
    req.method = 'POST'
    req.url = `/esi/compta/facture/${facture.id}/emettre`
    req.headers = {
      host: 'localhost',
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    }
    const ctx = await testUtils.createHttpContext({ req, res: new ServerResponse(req) })
    await new HttpExceptionHandler().handle(error, ctx)
    assert.equal(ctx.response.getStatus(), 422)
    assert.deepEqual(ctx.response.getBody(), {
      message: `La facture ${facture.numero} est émise : son contenu ne peut plus être modifié.`,
    })
  })

  test('the model refuses to change an issued facture before any SQL (422)', async ({ assert }) => {
    const facture = await issued()
    facture.objet = 'Autre chose'
    await assert.rejects(() => facture.save(), /est émis/)
  })

  test('an empty draft is not issued', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const draft = await libreDraft([])
    const response = await client
      .post(`/esi/compta/facture/${draft.id}/emettre`)
      .loginAs(user)
      .header('referer', `/esi/compta/facture/${draft.id}`)
      .form({ lock_version: draft.lockVersion })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.include(response.flashMessage('error'), 'sans ligne de produit')
    const still = await Facture.findOrFail(draft.id)
    assert.isNull(still.numero)
  })
})

test.group('Factures / list and rights', (group) => {
  withTransaction(group)

  test('the list: statut, type, search, « en retard » derived', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const late = await issued()
    // Backdated through the trigger's only door: a migration-free fixture (issued long ago)
    await db.rawQuery(`ALTER TABLE factures DISABLE TRIGGER factures_freeze_issued`)
    await db
      .from('factures')
      .where('id', late.id)
      .update({ echeance: '2025-01-31', date_facture: '2025-01-01' })
    await db.rawQuery(`ALTER TABLE factures ENABLE TRIGGER factures_freeze_issued`)
    const draft = await libreDraft()

    const all = await client.get('/esi/compta/facture').loginAs(user).withInertia()
    all.assertStatus(200)
    all.assertInertiaComponent('esi/compta/facture/Index')
    const rows = all.body().props.factures.data as any[]
    const lateRow = rows.find((r) => r.id === late.id)
    assert.isTrue(lateRow.en_retard)
    assert.isFalse(rows.find((r) => r.id === draft.id).en_retard)

    const retard = await client
      .get('/esi/compta/facture?filter[statut]=en_retard')
      .loginAs(user)
      .withInertia()
    const ids = (retard.body().props.factures.data as any[]).map((r) => r.id)
    assert.include(ids, late.id)
    assert.notInclude(ids, draft.id)

    const drafts = await client
      .get('/esi/compta/facture?filter[statut]=brouillon&filter[type]=libre')
      .loginAs(user)
      .withInertia()
    const draftIds = (drafts.body().props.factures.data as any[]).map((r) => r.id)
    assert.include(draftIds, draft.id)
    assert.notInclude(draftIds, late.id)

    const search = await client
      .get(`/esi/compta/facture?q=${encodeURIComponent(late.numero!)}`)
      .loginAs(user)
      .withInertia()
    assert.deepEqual(
      (search.body().props.factures.data as any[]).map((r) => r.id),
      [late.id]
    )
  })

  test('esi only: pro and other get 403, a guest goes to login, an unknown id is 404', async ({
    client,
  }) => {
    const facture = await issued()
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      for (const url of ['/esi/compta/facture', `/esi/compta/facture/${facture.id}`]) {
        const response = await client.get(url).loginAs(user).redirects(0)
        response.assertStatus(403)
      }
      const post = await client
        .post(`/esi/compta/facture/${facture.id}/emettre`)
        .loginAs(user)
        .form({ lock_version: 1 })
        .withCsrfToken()
        .redirects(0)
      post.assertStatus(403)
    }
    const guest = await client.get(`/esi/compta/facture/${facture.id}`).redirects(0)
    guest.assertStatus(302)
    const esi = await makeUser('esi')
    for (const url of ['/esi/compta/facture/999999999', '/esi/compta/facture/abc']) {
      const response = await client.get(url).loginAs(esi).withInertia().redirects(0)
      response.assertStatus(404)
    }
  })

  test('the PDF of a facture is a PDF for esi', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const facture = await issued()
    const response = await client.get(`/esi/compta/facture/${facture.id}/pdf`).loginAs(user)
    response.assertStatus(200)
    assert.include(response.header('content-type'), 'application/pdf')
    assert.include(response.header('content-disposition'), `${facture.numero}.pdf`)
  })
})
