/*
 * The sales policies (app/policies/): staff with two-factor on read and write devis, bons de
 * commande, commandes and demandes de paiement; nobody else, whatever route reaches the action;
 * deleting a devis needs the admin droit.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import User from '#models/user'
import DevisPolicy from '#policies/devis_policy'
import BdcPolicy from '#policies/bdc_policy'
import CommandePolicy from '#policies/commande_policy'
import DemandePaiementPolicy from '#policies/demande_paiement_policy'

const user = (role: 'esi' | 'pro' | 'other', extra: Partial<User> = {}) =>
  Object.assign(new User(), {
    role,
    accesRole: null,
    droit: null,
    twoFactorConfirmedAt: role === 'esi' ? DateTime.now() : null,
    twoFactorSecret: role === 'esi' ? 'secret' : null,
    ...extra,
  })

test.group('Sales policies', () => {
  test('staff with two-factor read and write; pro, other, staff without 2FA, nobody: 403', ({
    assert,
  }) => {
    const esi = user('esi')
    const refused = [
      user('pro'),
      user('other'),
      user('esi', { twoFactorConfirmedAt: null }),
      // An esi looking at the app as a pro (access role) is a pro here
      user('esi', { accesRole: 'pro' }),
      null,
    ]
    for (const policy of [
      new DevisPolicy(),
      new BdcPolicy(),
      new CommandePolicy(),
      new DemandePaiementPolicy(),
    ]) {
      assert.equal(policy.view(esi), 'allow')
      assert.equal(policy.update(esi), 'allow')
      for (const u of refused) {
        assert.equal(policy.view(u), 'deny')
        assert.equal(policy.update(u), 'deny')
      }
    }
    const devis = new DevisPolicy()
    assert.equal(devis.create(esi), 'allow')
    for (const u of refused) assert.equal(devis.create(u), 'deny')
  })

  test('deleting a devis needs the admin droit switched on', ({ assert }) => {
    const policy = new DevisPolicy()
    assert.equal(policy.delete(user('esi')), 'deny')
    assert.equal(policy.delete(user('esi', { droit: 'admin' })), 'allow')
    assert.equal(policy.delete(user('pro', { droit: 'admin' })), 'deny')
    assert.equal(policy.delete(null), 'deny')
  })
})
