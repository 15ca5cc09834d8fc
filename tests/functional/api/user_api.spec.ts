/*
 * The four calls of SPEC.md §7 with the rights of DESIGN.md §4: who may switch droit and
 * acces_role, what is refused, what is audit-logged, and that nothing else can be written.
 */
import { test } from '@japa/runner'
import { makeUser, recentProofs, withTransaction } from '#tests/helpers'
import { SocieteFactory } from '#database/factories/societe_factory'
import AuditLog from '#models/audit_log'
import type User from '#models/user'
import { errorMessage } from '#services/http/http_errors'

const FRENCH_401 = errorMessage(401)

async function auditRows(user: User, action: string) {
  return AuditLog.query().where('user_id', user.id).where('action', action).orderBy('id')
}

test.group('API / GET /api/user', (group) => {
  withTransaction(group)

  test('returns the current user object', async ({ client, assert }) => {
    const user = await makeUser('pro', { name: 'Paul Pro' })
    const response = await client
      .get('/api/user')
      .loginAs(user)
      .header('X-Requested-With', 'XMLHttpRequest')
    response.assertStatus(200)
    response.assertBodyContains({
      id: user.id,
      name: 'Paul Pro',
      email: user.email,
      role: 'pro',
      droit: null,
      acces_role: null,
      effective_role: 'pro',
    })
    assert.isNull(response.body().gravatar)
    assert.notProperty(response.body(), 'password')
    assert.notProperty(response.body(), 'two_factor_secret')
    assert.notProperty(response.body(), 'two_factor_recovery_codes')
  })

  test('a guest gets 401 JSON {message} in French, with Accept: application/json', async ({
    client,
  }) => {
    const response = await client.get('/api/user').header('accept', 'application/json').redirects(0)
    response.assertStatus(401)
    response.assertBody({ message: FRENCH_401 })
  })

  test('a guest gets 401 JSON {message} in French, without Accept header', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/user').redirects(0)
    response.assertStatus(401)
    assert.include(response.header('content-type'), 'application/json')
    response.assertBody({ message: FRENCH_401 })
  })

  test('a guest gets 401 JSON even when the browser asks for HTML', async ({ client }) => {
    const response = await client.get('/api/user').header('accept', 'text/html').redirects(0)
    response.assertStatus(401)
    response.assertBody({ message: FRENCH_401 })
  })
})

test.group('API / GET /api/user/societes', (group) => {
  withTransaction(group)

  test('lists only the user’s own sociétés, with the pivot role', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const [a, b] = await SocieteFactory.merge([
      { nom: 'Alpha SRL' },
      { nom: 'Beta SA' },
    ]).createMany(2)
    const foreign = await SocieteFactory.merge({ nom: 'Gamma SPRL' }).create()
    await user.related('societes').attach({ [a.id]: { role: 'admin' }, [b.id]: { role: 'membre' } })
    const stranger = await makeUser('pro')
    await stranger.related('societes').attach({ [foreign.id]: { role: 'admin' } })

    const response = await client
      .get('/api/user/societes')
      .loginAs(user)
      .header('X-Requested-With', 'XMLHttpRequest')
    response.assertStatus(200)
    assert.deepEqual(response.body(), [
      { id: a.id, nom: 'Alpha SRL', type: 'pro', role: 'admin' },
      { id: b.id, nom: 'Beta SA', type: 'pro', role: 'membre' },
    ])
  })

  test('a user without société gets an empty list; a guest 401', async ({ client }) => {
    const user = await makeUser('other')
    const mine = await client.get('/api/user/societes').loginAs(user)
    mine.assertStatus(200)
    mine.assertBody([])
    const guest = await client.get('/api/user/societes').redirects(0)
    guest.assertStatus(401)
    guest.assertBody({ message: FRENCH_401 })
  })
})

test.group('API / PUT /api/user/role (droit)', (group) => {
  withTransaction(group)

  test('switches droit admin on when granted, audit-logged', async ({ client, assert }) => {
    const user = await makeUser('esi', { droitsAccordes: ['admin'] })
    const response = await client
      .put('/api/user/role')
      .loginAs(user)
      .withSession(recentProofs())
      .json({ droit: 'admin' })
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ droit: 'admin' })
    await user.refresh()
    assert.equal(user.droit, 'admin')
    const rows = await auditRows(user, 'user.droit')
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].subjectType, 'user')
    assert.equal(rows[0].subjectId, String(user.id))
    assert.deepEqual(rows[0].before, { droit: null })
    assert.deepEqual(rows[0].after, { droit: 'admin' })
  })

  test('{droit: null} switches it off, audit-logged', async ({ client, assert }) => {
    const user = await makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    const response = await client
      .put('/api/user/role')
      .loginAs(user)
      .withSession(recentProofs())
      .json({ droit: null })
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ droit: null })
    await user.refresh()
    assert.isNull(user.droit)
    const rows = await auditRows(user, 'user.droit')
    assert.lengthOf(rows, 1)
    assert.deepEqual(rows[0].before, { droit: 'admin' })
    assert.deepEqual(rows[0].after, { droit: null })
  })

  test('a droit that was not granted → 403, nothing changed, nothing logged', async ({
    client,
    assert,
  }) => {
    for (const role of ['esi', 'pro', 'other'] as const) {
      const user = await makeUser(role)
      const response = await client
        .put('/api/user/role')
        .loginAs(user)
        .withSession(recentProofs())
        .json({ droit: 'admin' })
        .withCsrfToken()
      response.assertStatus(403)
      response.assertBody({ message: 'Ce droit ne vous a pas été accordé.' })
      await user.refresh()
      assert.isNull(user.droit)
      assert.lengthOf(await auditRows(user, 'user.droit'), 0)
    }
  })

  test('an invalid value → 422 JSON with French errors', async ({ client, assert }) => {
    const user = await makeUser('esi', { droitsAccordes: ['admin'] })
    for (const body of [{ droit: 'superuser' }, { droit: 42 }, {}]) {
      const response = await client
        .put('/api/user/role')
        .loginAs(user)
        .withSession(recentProofs())
        .json(body)
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().message, errorMessage(422))
      const errors = response.body().errors as { field: string; message: string }[]
      assert.equal(errors[0].field, 'droit')
      assert.oneOf(errors[0].message, [
        'La valeur choisie n’est pas valide.',
        'Ce champ est requis.',
      ])
    }
    await user.refresh()
    assert.isNull(user.droit)
  })

  test('mass assignment: extra fields change nothing', async ({ client, assert }) => {
    const user = await makeUser('pro', { droitsAccordes: ['admin'] })
    const response = await client
      .put('/api/user/role')
      .loginAs(user)
      .withSession(recentProofs())
      .json({
        droit: 'admin',
        role: 'esi',
        acces_role: 'other',
        droits_accordes: ['admin', 'x'],
        email: 'x@x.x',
      })
      .withCsrfToken()
    response.assertStatus(200)
    await user.refresh()
    assert.equal(user.role, 'pro')
    assert.isNull(user.accesRole)
    assert.deepEqual(user.droitsAccordes, ['admin'])
    assert.notEqual(user.email, 'x@x.x')
  })
})

test.group('API / PUT /api/user/acces-role', (group) => {
  withTransaction(group)

  test('an esi takes the pro view: effective role pro everywhere, audit-logged', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const response = await client
      .put('/api/user/acces-role')
      .loginAs(user)
      .json({ role: 'pro' })
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ acces_role: 'pro', effective_role: 'pro' })
    await user.refresh()
    assert.equal(user.accesRole, 'pro')

    const me = await client.get('/api/user').loginAs(user)
    me.assertBodyContains({ role: 'esi', acces_role: 'pro', effective_role: 'pro' })
    // Server-side rights follow the effective role, not only the menu
    const esiPage = await client.get('/esi/devis').loginAs(user).withInertia()
    esiPage.assertStatus(403)
    const partnerPage = await client.get('/app/contacts').loginAs(user).withInertia()
    partnerPage.assertStatus(200)

    const rows = await auditRows(user, 'user.acces_role')
    assert.lengthOf(rows, 1)
    assert.deepEqual(rows[0].before, { acces_role: null })
    assert.deepEqual(rows[0].after, { acces_role: 'pro' })
  })

  test('as other, an esi loses the partner area too', async ({ client }) => {
    const user = await makeUser('esi')
    const response = await client
      .put('/api/user/acces-role')
      .loginAs(user)
      .json({ role: 'other' })
      .withCsrfToken()
    response.assertBodyContains({ acces_role: 'other', effective_role: 'other' })
    const partnerPage = await client.get('/app/contacts').loginAs(user).withInertia()
    partnerPage.assertStatus(403)
  })

  test('{role: null} switches back to esi, audit-logged', async ({ client, assert }) => {
    const user = await makeUser('esi', { accesRole: 'pro' })
    const response = await client
      .put('/api/user/acces-role')
      .loginAs(user)
      .json({ role: null })
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ acces_role: null, effective_role: 'esi' })
    const me = await client.get('/api/user').loginAs(user)
    me.assertBodyContains({ acces_role: null, effective_role: 'esi' })
    const esiPage = await client.get('/esi/devis').loginAs(user).withInertia()
    esiPage.assertStatus(200)
    const rows = await auditRows(user, 'user.acces_role')
    assert.lengthOf(rows, 1)
    assert.deepEqual(rows[0].before, { acces_role: 'pro' })
    assert.deepEqual(rows[0].after, { acces_role: null })
  })

  test('a pro or other user gets 403 and nothing changes', async ({ client, assert }) => {
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      for (const body of [{ role: 'pro' }, { role: 'other' }, { role: null }]) {
        const response = await client
          .put('/api/user/acces-role')
          .loginAs(user)
          .json(body)
          .withCsrfToken()
        response.assertStatus(403)
        response.assertBody({ message: errorMessage(403) })
      }
      await user.refresh()
      assert.isNull(user.accesRole)
      assert.lengthOf(await auditRows(user, 'user.acces_role'), 0)
    }
  })

  test("'esi' or garbage → 422 with French errors", async ({ client, assert }) => {
    const user = await makeUser('esi')
    for (const body of [
      { role: 'esi' },
      { role: 'admin' },
      { role: '<script>' },
      { role: ['pro'] },
      {},
    ]) {
      const response = await client
        .put('/api/user/acces-role')
        .loginAs(user)
        .json(body)
        .withCsrfToken()
      response.assertStatus(422)
      const errors = response.body().errors as { field: string; message: string }[]
      assert.equal(errors[0].field, 'role')
      assert.oneOf(errors[0].message, [
        'La valeur choisie n’est pas valide.',
        'Ce champ est requis.',
      ])
    }
    await user.refresh()
    assert.isNull(user.accesRole)
    assert.lengthOf(await auditRows(user, 'user.acces_role'), 0)
  })

  test('mass assignment: role, droit… in the body change nothing', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const response = await client
      .put('/api/user/acces-role')
      .loginAs(user)
      .json({ role: 'pro', droit: 'admin', droits_accordes: ['admin'], name: 'Hacked', id: 999 })
      .withCsrfToken()
    response.assertStatus(200)
    await user.refresh()
    assert.equal(user.role, 'esi')
    assert.isNull(user.droit)
    assert.deepEqual(user.droitsAccordes, [])
    assert.notEqual(user.name, 'Hacked')
  })

  test('a guest gets 401 JSON', async ({ client }) => {
    const response = await client
      .put('/api/user/acces-role')
      .json({ role: 'pro' })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(401)
    response.assertBody({ message: FRENCH_401 })
  })
})
