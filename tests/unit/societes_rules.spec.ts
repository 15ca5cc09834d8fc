/*
 * Pure rules of sociétés and contacts: who may create which type, the role of an invitee, the
 * policies' three answers, the logo's magic bytes and the list state read from a query string.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import User from '#models/user'
import Societe from '#models/societe'
import SocietePolicy from '#policies/societe_policy'
import ContactPolicy from '#policies/contact_policy'
import { storedLogo, TINY_PNG } from '#services/logo_storage'
import { sniffFormat } from '#services/storage/files'
import { escapeLike, filtersProp } from '#services/list/list_params'
import { parseSocieteListParams } from '#services/societe_queries'
import { creatableTypes, roleForInvitee } from '#shared/societes'
import { demoIban, demoVat } from '#database/demo/societes'

/** A user in memory; staff get two-factor on unless `twoFactorConfirmedAt: null` is given. */
function user(role: 'esi' | 'pro' | 'other', extra: Partial<User> = {}) {
  const twoFactor =
    role === 'esi' ? { twoFactorSecret: 'secret', twoFactorConfirmedAt: DateTime.now() } : {}
  return Object.assign(new User(), { role, accesRole: null, droit: null, ...twoFactor, ...extra })
}
const societe = (type: Societe['type']) => Object.assign(new Societe(), { type })

test.group('Sociétés / rules', () => {
  test('creatable types by effective role', ({ assert }) => {
    assert.deepEqual(creatableTypes({ role: 'other' }), ['client'])
    assert.deepEqual(creatableTypes({ role: 'pro' }), ['pro', 'client'])
    assert.lengthOf(creatableTypes({ role: 'esi' }), 4)
    assert.deepEqual(creatableTypes({ role: 'esi', acces_role: 'other' }), ['client'])
  })

  test('an invitee gets the role of the société type', ({ assert }) => {
    assert.equal(roleForInvitee('pro'), 'pro')
    assert.equal(roleForInvitee('client'), 'other')
    assert.equal(roleForInvitee('fournisseur'), 'other')
    assert.equal(roleForInvitee('esi'), 'esi')
  })

  test('société policy: hide what is foreign, refuse a mere member, allow admins and staff', ({
    assert,
  }) => {
    const policy = new SocietePolicy()
    assert.equal(policy.view(user('other'), null), 'hide')
    assert.equal(policy.view(user('other'), 'membre'), 'allow')
    assert.equal(policy.update(user('pro'), null), 'hide')
    assert.equal(policy.update(user('pro'), 'membre'), 'deny')
    assert.equal(policy.update(user('pro'), 'admin'), 'allow')
    assert.equal(policy.update(user('esi'), null), 'allow')
    assert.equal(policy.update(user('esi', { accesRole: 'pro' }), null), 'hide')
    assert.equal(policy.manageMembers(user('esi'), societe('esi'), 'admin'), 'deny')
    assert.equal(
      policy.manageMembers(user('esi', { droit: 'admin' }), societe('esi'), null),
      'allow'
    )
    assert.equal(policy.delete(user('esi', { droit: 'admin' }), societe('client')), 'allow')
    assert.equal(policy.delete(user('esi', { droit: 'admin' }), societe('esi')), 'deny')
    assert.equal(policy.delete(user('esi'), societe('client')), 'deny')
    assert.isFalse(policy.changeType(user('pro')))
    // Staff without two-factor: an ordinary user's rights only
    const no2fa = user('esi', { twoFactorConfirmedAt: null })
    assert.equal(policy.update(no2fa, null), 'hide')
    assert.deepEqual(policy.creatableTypes(no2fa), ['client'])
    assert.lengthOf(policy.creatableTypes(user('esi')), 4)
    assert.deepEqual(policy.creatableTypes(user('esi', { accesRole: 'pro' })), ['pro', 'client'])
  })

  test('contact policy: members and staff; contacts only in pro sociétés', ({ assert }) => {
    const policy = new ContactPolicy()
    assert.equal(policy.view(user('pro'), false), 'hide')
    assert.equal(policy.update(user('pro'), true), 'allow')
    assert.equal(policy.delete(user('esi'), false), 'allow')
    assert.isFalse(policy.assignTo(user('pro'), 'pro', false))
    assert.isFalse(policy.assignTo(user('pro'), 'client', true))
    assert.isTrue(policy.assignTo(user('esi'), 'pro', false))
  })

  test('logo magic bytes and stored names', ({ assert }) => {
    assert.equal(sniffFormat(TINY_PNG), 'png')
    assert.equal(sniffFormat(new Uint8Array([0xff, 0xd8, 0xff, 0xe1])), 'jpg')
    assert.equal(sniffFormat(new Uint8Array([...Buffer.from('RIFF\x00\x00\x00\x00WEBP')])), 'webp')
    assert.isNull(sniffFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))
    assert.isNull(sniffFormat(Buffer.from('RIFF\x00\x00\x00\x00WAVE')))
    assert.isNull(storedLogo('../x.png'))
    assert.isNull(storedLogo('abc.png'))
    assert.isNotNull(storedLogo(`${'a'.repeat(32)}.png`))
  })

  test('list state: allow-listed sort, normalised filters, bad values ignored', ({ assert }) => {
    const state = (qs: Record<string, unknown>) => filtersProp(parseSocieteListParams(qs))
    assert.deepEqual(state({}), { q: '', sort: 'nom', filter: {}, per_page: 25 })
    // qs parses "a,b" as an array: joined back
    assert.equal(state({ sort: ['-type', 'nom'] }).sort, '-type,nom')
    assert.equal(state({ sort: 'evil;--,-localite' }).sort, '-localite')
    assert.deepEqual(state({ filter: { type: 'pro', other: 'x' } }).filter, { type: 'pro' })
    assert.deepEqual(parseSocieteListParams({ page: '999999999' }).position, { kind: 'first' })
    assert.equal(state({ per_page: '50' }).per_page, 50)
    assert.equal(state({ q: `  ${'x'.repeat(300)} ` }).q.length, 100)
    // What was ignored is said, in French
    assert.lengthOf(parseSocieteListParams({ sort: 'evil', filter: { type: 'x' } }).warnings, 2)
    assert.equal(escapeLike('100%_\\'), '100\\%\\_\\\\')
  })

  test('demo VAT numbers and IBANs carry their real check digits', ({ assert }) => {
    assert.equal(demoIban('539', '0075470'), 'BE68539007547034')
    assert.equal(demoVat(8_112_233), 'BE0811223371')
  })
})
