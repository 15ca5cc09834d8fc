/*
 * Issue 15 §1 (decisions 540–544): what the per-request savings must not change. The header's
 * notifications follow a new notification and a reading at once; the filter options follow a
 * change of their table at once; the database session store reads the user with the session,
 * touches the expiry at most once a minute (never later than two hours after the last touch),
 * ends an expired session and a logged-out one.
 */
import { test } from '@japa/runner'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { MessageBuilder } from '@adonisjs/core/helpers'
import Societe from '#models/societe'
import { makeNotification, makeUser, withTransaction } from '#tests/helpers'
import { staffVisitor, statementsOf } from '#tests/functional/performance/helpers'
import { BundledDatabaseStore, TOUCH_EVERY_SECONDS } from '#services/http/session_store'
import { bundleOf } from '#services/http/request_bundle'

const INERTIA = { 'x-inertia': 'true', 'x-requested-with': 'XMLHttpRequest' }

async function inertiaVisitor() {
  const { user, visitor } = await staffVisitor()
  const probe = await visitor.get('/esi/customers', INERTIA)
  const headers = { ...INERTIA, 'x-inertia-version': probe.headers.get('x-inertia-version') ?? '' }
  const props = async (path: string) => {
    const response = await visitor.get(path, headers)
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
    return ((await response.json()) as { props: Record<string, any> }).props
  }
  const prop = (path: string, name: string) => props(path).then((all) => all[name])
  return { user, visitor, props, prop }
}

test.group('Performance / the header and the options stay right', (group) => {
  withTransaction(group)

  test('the notification badge follows a new notification and a reading', async ({ assert }) => {
    const { user, visitor, prop } = await inertiaVisitor()
    let header = await prop('/esi/customers', 'notifications')
    assert.equal(header.unread, 0)
    const notification = await makeNotification(user, { titre: 'Nouvelle commande' })
    header = await prop('/esi/customers', 'notifications')
    assert.equal(header.unread, 1)
    assert.equal(header.items[0].titre, 'Nouvelle commande')
    assert.equal(String(header.items[0].id), String(notification.id))
    assert.isFalse(header.items[0].lu)
    const read = await visitor.post('/notifications/read-all')
    assert.include([302, 303], read.status)
    header = await prop('/esi/customers', 'notifications')
    assert.equal(header.unread, 0)
    assert.isTrue(header.items[0].lu)
  })

  test('a partial reload of the list reads no notification', async ({ assert }) => {
    const { props, user } = await inertiaVisitor()
    await makeNotification(user)
    await props('/esi/customers')
    const sent = await statementsOf(() => props('/esi/customers?sort=nom').then(() => undefined))
    assert.isTrue(sent.some((sql) => sql.includes('notifications')))
    // Asked only for the list's props: the bundle leaves the notifications out
    const { visitor } = await inertiaVisitor()
    const probe = await visitor.get('/esi/customers', INERTIA)
    const version = probe.headers.get('x-inertia-version') ?? ''
    const partial = await statementsOf(() =>
      visitor.get('/esi/customers?sort=nom', {
        ...INERTIA,
        'x-inertia-version': version,
        'x-inertia-partial-component': 'esi/customer/Index',
        'x-inertia-partial-data': 'clients,filters,warnings',
      })
    )
    assert.isFalse(
      partial.some((sql) => sql.includes('notifications')),
      partial.join('\n')
    )
  })

  test('the apporteurs of the filter follow a new société at once', async ({ assert }) => {
    const { props, prop } = await inertiaVisitor()
    const before = (await prop('/esi/customers', 'apporteurs')) as { nom: string }[]
    // Unchanged table: the options are not read again
    const again = await statementsOf(() => props('/esi/customers'))
    assert.isFalse(
      again.some((sql) => sql.includes('from "societes"')),
      again.join('\n')
    )
    await Societe.create({ nom: 'Apporteur Tout Neuf', type: 'pro' } as any)
    const after = (await prop('/esi/customers', 'apporteurs')) as { nom: string }[]
    assert.equal(after.length, before.length + 1)
    assert.isTrue(after.some((s) => s.nom === 'Apporteur Tout Neuf'))
  })

  test('the commerciaux of the devis filter follow a renamed user at once', async ({ assert }) => {
    const { props, prop, user } = await inertiaVisitor()
    await props('/esi/devis')
    await db.from('users').where('id', user.id).update({ name: 'Renommé Entre Deux' })
    const after = (await prop('/esi/devis', 'commerciaux')) as { nom: string }[]
    assert.isTrue(after.some((c) => c.nom === 'Renommé Entre Deux'))
  })

  test("the step lists' fournisseurs and staff, kept together, follow either table", async ({
    assert,
  }) => {
    const { props, prop, user } = await inertiaVisitor()
    type Options = { fournisseurs: { nom: string }[]; staff: { id: number; nom: string }[] }
    const before = (await prop('/esi/commandes/production', 'options')) as Options
    assert.isTrue(before.staff.some((s) => s.id === user.id))
    // Both unchanged: neither table is read again
    const again = await statementsOf(() => props('/esi/commandes/production'))
    assert.isFalse(
      again.some((sql) => sql.includes('AS fournisseurs')),
      again.join('\n')
    )
    await Societe.create({ nom: 'Fournisseur Tout Neuf', type: 'fournisseur' } as any)
    const withSupplier = (await prop('/esi/commandes/fourniture', 'options')) as Options
    assert.equal(withSupplier.fournisseurs.length, before.fournisseurs.length + 1)
    assert.isTrue(withSupplier.fournisseurs.some((f) => f.nom === 'Fournisseur Tout Neuf'))
    await db.from('users').where('id', user.id).update({ name: 'Renommé Approvisionnement' })
    const renamed = (await prop('/esi/commandes/production', 'options')) as Options
    assert.equal(renamed.staff.find((s) => s.id === user.id)?.nom, 'Renommé Approvisionnement')
  })
})

function pageContext(headers: Record<string, string>) {
  const req = new IncomingMessage(new Socket())
  req.method = 'GET'
  req.url = '/esi/customers'
  req.headers = { host: 'localhost', ...headers }
  return testUtils.createHttpContext({ req, res: new ServerResponse(req) })
}

test.group('Performance / the database session store', (group) => {
  withTransaction(group)

  async function storedSession(userId: number, expiresInSeconds = 7200) {
    const id = `bundle-test-${userId}-${Math.random().toString(36).slice(2)}`
    const data = new MessageBuilder().build({ auth_web: userId }, undefined, id)
    await db.table('sessions').insert({
      id,
      user_id: String(userId),
      data,
      expires_at: new Date(Date.now() + expiresInSeconds * 1000),
    })
    return id
  }

  const expiryOf = async (id: string) => {
    const row = await db.from('sessions').where('id', id).first()
    return new Date(row.expires_at).getTime()
  }

  test('one statement reads the session, its user, the versions and the header', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    await makeNotification(user)
    const id = await storedSession(user.id)
    const ctx = await pageContext({ 'x-inertia': 'true' })
    const store = new BundledDatabaseStore(db.connection(), ctx, '2h')
    let data: unknown
    const sent = await statementsOf(async () => {
      data = await store.read(id)
    })
    assert.lengthOf(sent, 1)
    assert.deepEqual(data, { auth_web: user.id })
    const bundle = bundleOf(ctx)!
    assert.equal(bundle.userRow!.id, user.id)
    assert.equal(bundle.userRow!.email, user.email)
    assert.equal(bundle.notifications!.unread, 1)
    assert.isNumber(bundle.versions!.societes)
  })

  test('a JSON call reads no notification; an unknown session id is no session', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const id = await storedSession(user.id)
    const ctx = await pageContext({ accept: 'application/json' })
    await new BundledDatabaseStore(db.connection(), ctx, '2h').read(id)
    assert.isNull(bundleOf(ctx)!.notifications)
    assert.equal(bundleOf(ctx)!.userRow!.id, user.id)
    const other = await pageContext({})
    assert.isNull(await new BundledDatabaseStore(db.connection(), other, '2h').read('nope'))
    assert.isNull(bundleOf(other)!.userRow)
  })

  test('a fresh session is not touched; one touched over a minute ago is', async ({ assert }) => {
    const user = await makeUser('esi')
    const fresh = await storedSession(user.id)
    const before = await expiryOf(fresh)
    const store = new BundledDatabaseStore(db.connection(), await pageContext({}), '2h')
    await store.read(fresh)
    const sent = await statementsOf(() => store.touch(fresh))
    assert.lengthOf(sent, 0)
    assert.equal(await expiryOf(fresh), before)

    const old = await storedSession(user.id, 7200 - TOUCH_EVERY_SECONDS - 30)
    const oldBefore = await expiryOf(old)
    const other = new BundledDatabaseStore(db.connection(), await pageContext({}), '2h')
    await other.read(old)
    await other.touch(old)
    const after = await expiryOf(old)
    assert.isAbove(after, oldBefore + 60_000)
    assert.isAtMost(after, Date.now() + 7200 * 1000)
  })

  test('an expired session is ended; a destroyed one (logout) is gone', async ({ assert }) => {
    const user = await makeUser('esi')
    const expired = await storedSession(user.id, -5)
    const store = new BundledDatabaseStore(db.connection(), await pageContext({}), '2h')
    assert.isNull(await store.read(expired))
    assert.isNull(await db.from('sessions').where('id', expired).first())

    const live = await storedSession(user.id)
    assert.lengthOf(await store.tagged(String(user.id)), 1)
    await store.destroy(live)
    assert.isNull(await store.read(live))
    assert.lengthOf(await store.tagged(String(user.id)), 0)
  })
})
