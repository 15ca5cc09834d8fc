/*
 * The policies of the staff-only resources and of the user's own records (issue 9): staff
 * through, anybody else refused on the collection (403) and blind to a record (404); staff
 * without two-factor or seeing the app as a pro are anybody else.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import User from '#models/user'
import Notification from '#models/notification'
import UserTexte from '#models/user_texte'
import ClientPolicy from '#policies/client_policy'
import ProduitPolicy from '#policies/produit_policy'
import TextePolicy from '#policies/texte_policy'
import NotificationPolicy from '#policies/notification_policy'
import RecherchePolicy from '#policies/recherche_policy'

/** A verified user in memory; staff get two-factor on unless `twoFactorConfirmedAt: null`. */
function user(role: 'esi' | 'pro' | 'other', extra: Partial<User> = {}) {
  const twoFactor =
    role === 'esi' ? { twoFactorSecret: 'secret', twoFactorConfirmedAt: DateTime.now() } : {}
  return Object.assign(new User(), {
    id: 7,
    role,
    accesRole: null,
    droit: null,
    emailVerifiedAt: DateTime.now(),
    ...twoFactor,
    ...extra,
  })
}

const esi = user('esi')
const esiAdmin = user('esi', { droit: 'admin' })
const outsiders = {
  pro: user('pro'),
  other: user('other'),
  'esi without two-factor': user('esi', { twoFactorConfirmedAt: null }),
  'esi seeing the app as a pro': user('esi', { accesRole: 'pro', droit: 'admin' }),
}

test.group('Policies / staff-only resources', () => {
  test('clients: staff through, others refused (list) or blind (record)', ({ assert }) => {
    const policy = new ClientPolicy()
    for (const action of ['viewAny', 'create', 'view', 'update'] as const) {
      assert.equal(policy[action](esi), 'allow', action)
    }
    for (const [name, u] of Object.entries(outsiders)) {
      assert.equal(policy.viewAny(u), 'deny', name)
      assert.equal(policy.create(u), 'deny', name)
      assert.equal(policy.view(u), 'hide', name)
      assert.equal(policy.update(u), 'hide', name)
      assert.equal(policy.delete(u), 'hide', name)
    }
    // Deleting: the admin droit on
    assert.equal(policy.delete(esi), 'deny')
    assert.equal(policy.delete(esiAdmin), 'allow')
  })

  test('produits: staff only', ({ assert }) => {
    const policy = new ProduitPolicy()
    assert.equal(policy.viewAny(esi), 'allow')
    assert.equal(policy.create(esi), 'allow')
    assert.equal(policy.update(esi), 'allow')
    // Never deleted, not even by an admin: made inactive instead
    assert.equal(policy.delete(), 'deny')
    for (const [name, u] of Object.entries(outsiders)) {
      assert.equal(policy.viewAny(u), 'deny', name)
      assert.equal(policy.create(u), 'deny', name)
      assert.equal(policy.update(u), 'hide', name)
    }
  })

  test('base textes: staff write them, the admin droit deletes them', ({ assert }) => {
    const policy = new TextePolicy()
    for (const action of ['viewAny', 'create', 'view', 'update'] as const) {
      assert.equal(policy[action](esi), 'allow', action)
    }
    assert.equal(policy.delete(esi), 'deny')
    assert.equal(policy.delete(esiAdmin), 'allow')
    for (const [name, u] of Object.entries(outsiders)) {
      assert.equal(policy.viewAny(u), 'deny', name)
      assert.equal(policy.view(u), 'hide', name)
      assert.equal(policy.update(u), 'hide', name)
      assert.equal(policy.delete(u), 'hide', name)
    }
  })

  test('search: staff only', ({ assert }) => {
    const policy = new RecherchePolicy()
    assert.equal(policy.search(esi), 'allow')
    for (const [name, u] of Object.entries(outsiders)) assert.equal(policy.search(u), 'deny', name)
  })
})

test.group('Policies / own records', () => {
  test('own text versions: pro and staff with two-factor, verified; his own only', ({ assert }) => {
    const policy = new TextePolicy()
    assert.equal(policy.keepOwn(user('pro')), 'allow')
    assert.equal(policy.keepOwn(esi), 'allow')
    assert.equal(policy.keepOwn(user('other')), 'deny')
    assert.equal(policy.keepOwn(user('pro', { emailVerifiedAt: null })), 'deny')
    assert.equal(policy.keepOwn(user('esi', { twoFactorConfirmedAt: null })), 'deny')
    const mine = Object.assign(new UserTexte(), { userId: 7 })
    const foreign = Object.assign(new UserTexte(), { userId: 8 })
    assert.equal(policy.updateOwn(user('pro'), mine), 'allow')
    assert.equal(policy.updateOwn(user('pro'), foreign), 'hide')
    // Staff too: a user's version is his alone
    assert.equal(policy.updateOwn(esiAdmin, foreign), 'hide')
    // His own, after he lost the right to write documents
    assert.equal(policy.updateOwn(user('other'), mine), 'deny')
  })

  test('notifications: his own only, staff included', ({ assert }) => {
    const policy = new NotificationPolicy()
    const mine = Object.assign(new Notification(), { userId: 7 })
    const foreign = Object.assign(new Notification(), { userId: 8 })
    assert.equal(policy.view(user('other'), mine), 'allow')
    assert.equal(policy.update(user('other'), mine), 'allow')
    assert.equal(policy.view(esiAdmin, foreign), 'hide')
    assert.equal(policy.update(user('pro'), foreign), 'hide')
  })
})
