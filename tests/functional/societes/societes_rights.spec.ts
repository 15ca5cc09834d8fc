/*
 * Who sees and edits which société (DESIGN.md §4): a user sees only his sociétés, edits only
 * those he administers (a foreign one is a 404, one where he is a mere member a 403), staff see
 * and edit all; creation by type; the type and other fields a form cannot write; deleting is
 * for staff with the admin droit, after a step-up.
 */
import { test } from '@japa/runner'
import Societe from '#models/societe'
import AuditLog from '#models/audit_log'
import { makeUser, recentProofs, withTransaction } from '#tests/helpers'
import {
  expectStatus,
  fieldErrors,
  inertiaVisit,
  makeContact,
  makeSociete,
  send,
  statusOf,
  societeOf,
} from '#tests/functional/societes/helpers'
import { TYPE_NOT_ALLOWED } from '#actions/societes/save_societe'

test.group('Sociétés / who sees what', (group) => {
  withTransaction(group)

  test('an ordinary user lists only his sociétés, with his role in each', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('other')
    const mine = await societeOf(user, 'client', 'admin')
    const joined = await societeOf(user, 'pro', 'membre')
    await makeSociete('client', { nom: 'Société étrangère' })

    const page = await inertiaVisit(client, user, '/app/company')
    assert.equal(page.component, 'Company/Index')
    const rows = page.props.societes.data
    assert.sameMembers(
      rows.map((r: any) => r.id),
      [mine.id, joined.id]
    )
    assert.equal(rows.find((r: any) => r.id === mine.id).my_role, 'admin')
    assert.isTrue(rows.find((r: any) => r.id === mine.id).can_edit)
    assert.isFalse(rows.find((r: any) => r.id === joined.id).can_edit)
    assert.isFalse(page.props.seesAll)
    assert.deepEqual(page.props.creatableTypes, ['client'])
  })

  test('staff list every société; an esi seeing the app as a pro only his own', async ({
    client,
    assert,
  }) => {
    const a = await makeSociete('client')
    const b = await makeSociete('fournisseur')
    const esi = await makeUser('esi')
    const all = await inertiaVisit(client, esi, '/app/company?per_page=100')
    const ids = all.props.societes.data.map((r: any) => r.id)
    assert.includeMembers(ids, [a.id, b.id])

    const asPro = await makeUser('esi', { accesRole: 'pro' })
    const own = await societeOf(asPro, 'pro')
    const seen = await inertiaVisit(client, asPro, '/app/company')
    assert.deepEqual(
      seen.props.societes.data.map((r: any) => r.id),
      [own.id]
    )
  })

  test('staff without two-factor keep only an ordinary user’s rights', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi', {}, 'without2fa')
    const own = await societeOf(esi, 'client', 'admin')
    const foreign = await makeSociete('client')
    const page = await inertiaVisit(client, esi, '/app/company')
    assert.deepEqual(
      page.props.societes.data.map((r: any) => r.id),
      [own.id]
    )
    assert.isFalse(page.props.seesAll)
    assert.deepEqual(page.props.creatableTypes, ['client'])
    assert.equal(await statusOf(client, esi, `/app/company/${foreign.id}/edit`), 404)
    assert.equal(await statusOf(client, esi, `/app/company/${own.id}/edit`), 200)
  })

  test('editing: a foreign société is a 404, one where he is only a member a 403', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const foreign = await makeSociete('pro')
    const member = await societeOf(user, 'pro', 'membre')
    const admin = await societeOf(user, 'pro', 'admin')

    assert.equal(await statusOf(client, user, `/app/company/${foreign.id}/edit`), 404)
    assert.equal(await statusOf(client, user, `/app/company/${member.id}/edit`), 403)
    const page = await inertiaVisit(client, user, `/app/company/${admin.id}/edit`)
    assert.equal(page.component, 'Company/Edit')
    assert.deepEqual(page.props.types, ['pro'])
    assert.isTrue(page.props.canManageMembers)
    assert.isFalse(page.props.canDelete)

    for (const [societe, status] of [
      [foreign, 404],
      [member, 403],
    ] as const) {
      const response = await send(client, 'put', `/app/company/${societe.id}`, user, {
        nom: 'Piraté',
      })
      response.assertStatus(status)
      await societe.refresh()
      assert.notEqual(societe.nom, 'Piraté')
    }
    // Ids that are not ids, or beyond the integer range: 404, never a 500
    for (const id of ['abc', '1.5', '99999999999', '0']) {
      assert.equal(await statusOf(client, user, `/app/company/${id}/edit`), 404)
    }
  })

  test('staff edit any société and may change its type', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    const societe = await makeSociete('client')
    const oldName = societe.nom
    const response = await send(client, 'put', `/app/company/${societe.id}`, esi, {
      nom: 'Nouvelle raison sociale',
      type: 'fournisseur',
      lock_version: 1,
    })
    response.assertStatus(302)
    await societe.refresh()
    assert.equal(societe.nom, 'Nouvelle raison sociale')
    assert.equal(societe.type, 'fournisseur')
    const row = await AuditLog.query()
      .where({ action: 'societe.updated', subject_id: String(societe.id) })
      .firstOrFail()
    assert.deepEqual(row.before, { nom: oldName, type: 'client' })
    assert.deepEqual(row.after, { nom: 'Nouvelle raison sociale', type: 'fournisseur' })
  })

  test('a pro société with contacts keeps its type', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    const societe = await makeSociete('pro')
    await makeContact(societe)
    const response = await send(client, 'put', `/app/company/${societe.id}`, esi, {
      nom: societe.nom,
      type: 'client',
    })
    assert.match(fieldErrors(response).type[0], /doit rester un partenaire/)
    await societe.refresh()
    assert.equal(societe.type, 'pro')
  })

  test('an admin cannot change the type, nor write the logo path or the id (mass assignment)', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const societe = await societeOf(user, 'pro', 'admin')
    const response = await send(client, 'put', `/app/company/${societe.id}`, user, {
      nom: 'Atelier renommé',
      lock_version: 1,
      type: 'esi',
      logo_path: '../../etc/passwd',
      logoPath: '../../etc/passwd',
      id: 999999,
    })
    response.assertStatus(302)
    const fresh = await Societe.findOrFail(societe.id)
    assert.equal(fresh.nom, 'Atelier renommé')
    assert.equal(fresh.type, 'pro')
    assert.isNull(fresh.logoPath)
  })
})

test.group('Sociétés / creating and deleting', (group) => {
  withTransaction(group)

  test('an ordinary user creates a client société and becomes its admin', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('other')
    const response = await send(client, 'post', '/app/company', user, {
      nom: 'Copropriété du Parc',
      type: 'client',
    })
    response.assertStatus(302)
    const societe = await Societe.findByOrFail('nom', 'Copropriété du Parc')
    assert.equal(response.header('location'), `/app/company/${societe.id}/edit`)
    const pivot = await user
      .related('societes')
      .query()
      .where('societes.id', societe.id)
      .firstOrFail()
    assert.equal(pivot.$extras.pivot_role, 'admin')
    assert.exists(
      await AuditLog.query()
        .where({ action: 'societe.created', subject_id: String(societe.id) })
        .first()
    )
  })

  test("types beyond one's rights are refused next to the field", async ({ client, assert }) => {
    const other = await makeUser('other')
    for (const type of ['pro', 'esi', 'fournisseur']) {
      const response = await send(client, 'post', '/app/company', other, {
        nom: `Essai ${type}`,
        type,
      })
      assert.deepEqual(fieldErrors(response).type, [TYPE_NOT_ALLOWED])
    }
    const pro = await makeUser('pro')
    const refused = await send(client, 'post', '/app/company', pro, {
      nom: 'Essai esi',
      type: 'esi',
    })
    assert.deepEqual(fieldErrors(refused).type, [TYPE_NOT_ALLOWED])
    const ok = await send(client, 'post', '/app/company', pro, {
      nom: 'Bureau Dupont',
      type: 'pro',
    })
    ok.assertStatus(302)
    assert.isEmpty(fieldErrors(ok))
    assert.equal(
      await Societe.query()
        .where('nom', 'like', 'Essai%')
        .count('* as n')
        .then((r) => Number(r[0].$extras.n)),
      0
    )
  })

  test('staff create any type without becoming a member', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    await send(client, 'post', '/app/company', esi, {
      nom: 'Verre & Co',
      type: 'fournisseur',
    }).then((r: any) => r.assertStatus(302))
    const societe = await Societe.findByOrFail('nom', 'Verre & Co')
    assert.lengthOf(await societe.related('users').query(), 0)
  })

  test('deleting needs staff with the admin droit and a recent step-up', async ({
    client,
    assert,
  }) => {
    const societe = await makeSociete('client')
    const admin = await societeOf(await makeUser('other'), 'client')
    const esi = await makeUser('esi')
    await expectStatus(send(client, 'delete', `/app/company/${societe.id}`, esi), 403)
    const esiAdmin = await makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    const noStepUp = await send(client, 'delete', `/app/company/${societe.id}`, esiAdmin)
    assert.equal(noStepUp.header('location'), '/user/step-up')
    assert.exists(await Societe.find(societe.id))

    await makeContact(await makeSociete('pro'))
    const done = await send(client, 'delete', `/app/company/${societe.id}`, esiAdmin).withSession(
      recentProofs()
    )
    done.assertStatus(302)
    assert.equal(done.header('location'), '/app/company')
    assert.isNull(await Societe.find(societe.id))
    assert.exists(
      await AuditLog.query()
        .where({ action: 'societe.deleted', subject_id: String(societe.id) })
        .first()
    )
    assert.exists(await Societe.find(admin.id))
  })

  test('our own (esi) société cannot be deleted', async ({ client, assert }) => {
    const own = await makeSociete('esi')
    const esiAdmin = await makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    const response = await send(client, 'delete', `/app/company/${own.id}`, esiAdmin).withSession(
      recentProofs()
    )
    response.assertStatus(403)
    assert.exists(await Societe.find(own.id))
  })
})
