import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import User from '#models/user'
import Offre from '#models/offre'
import OffrePolicy from '#policies/offre_policy'
import fc from 'fast-check'
import {
  isOffreEditable,
  OFFRE_ENVOYABLE,
  OFFRE_TRANSMISSIBLE,
  OFFRE_VISIBLE_BY_ESI,
  commissionApporteur,
  commissionLabel,
  partnerPrice,
} from '#shared/offres'
import { OFFRE_STATUTS, type OffreStatut } from '#shared/devis'
import { offreMachine } from '#shared/machines/offre'

test.group('shared/offres partnerPrice', () => {
  test('catalogue price less the partner discount, rounded to the cent', ({ assert }) => {
    assert.equal(partnerPrice(10_000, '0'), 10_000)
    assert.equal(partnerPrice(10_000, '10'), 9_000)
    assert.equal(partnerPrice(10_000, '10.00'), 9_000)
    assert.equal(partnerPrice(10_000, '12,5'), 8_750)
    // 999,99 × 0,875 = 874,99125 → 874,99 ; 0,05 × 0,5 = 0,025 → 0,03 (half away from zero)
    assert.equal(partnerPrice(99_999, '12.5'), 87_499)
    assert.equal(partnerPrice(5, '50'), 3)
    // 1 234,57 × 0,6667 = 823,087… → 823,09
    assert.equal(partnerPrice(123_457, '33.33'), 82_309)
    assert.equal(partnerPrice(10_000, '100'), 0)
    assert.equal(partnerPrice(0, '25'), 0)
  })

  test('never above the catalogue price nor below zero, whatever the discount', ({ assert }) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_147_483_647 }),
        fc.integer({ min: 0, max: 10_000 }),
        (price, bp) => {
          const pct = `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`
          const result = partnerPrice(price, pct)
          // Exact: round(price × (10000 − bp) / 10000), computed with BigInt
          const exact = (BigInt(price) * BigInt(10_000 - bp) * 2n + 10_000n) / 20_000n
          return result === Number(exact) && result >= 0 && result <= price
        }
      )
    )
    // A value outside 0–100 is clamped (the database forbids it anyway)
    assert.equal(partnerPrice(10_000, '150'), 0)
    assert.equal(partnerPrice(10_000, '-5'), 10_000)
  })
})

test.group('shared/offres commissionApporteur', () => {
  test('the devis total HT × the frozen rate, rounded to the cent', ({ assert }) => {
    assert.equal(commissionApporteur(123_450, '10'), 12_345)
    assert.equal(commissionApporteur(123_450, '10.00'), 12_345)
    assert.equal(commissionApporteur(123_450, '0'), 0)
    // 999,99 × 12,5 % = 124,99875 → 125,00 ; 0,05 × 50 % = 0,025 → 0,03 (half away from zero)
    assert.equal(commissionApporteur(99_999, '12,5'), 12_500)
    assert.equal(commissionApporteur(5, '50'), 3)
    // A credit total (negative) rounds the same way, away from zero
    assert.equal(commissionApporteur(-5, '50'), -3)
    assert.equal(commissionApporteur(10_000, '150'), 10_000)
    assert.equal(commissionApporteur(10_000, '-5'), 0)
  })

  test('catalogue total = partner total + commission, line by line at one rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_147_483_647 }),
        fc.integer({ min: 0, max: 10_000 }),
        (price, bp) => {
          const pct = `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`
          // Both rounded half away from zero from the same exact split: off by a cent at most
          const diff = price - partnerPrice(price, pct) - commissionApporteur(price, pct)
          return Math.abs(diff) <= 1
        }
      )
    )
  })

  test('the staff label, French typography', ({ assert }) => {
    assert.equal(
      commissionLabel('Menuiserie Dupont', '10.00', 123_450),
      'Commission partenaire (Menuiserie Dupont, 10\u00a0%)\u00a0: 123,45\u00a0€ HT'
    )
    assert.equal(
      commissionLabel('X', '12.5', 12_345_678),
      'Commission partenaire (X, 12,5\u00a0%)\u00a0: 15\u00a0432,10\u00a0€ HT'
    )
  })
})

test.group('shared/offres statut rules', () => {
  test('editable, sendable and transmissible statuts follow the transitions', ({ assert }) => {
    assert.isTrue(isOffreEditable('brouillon'))
    assert.isTrue(isOffreEditable('envoyee'))
    assert.isFalse(isOffreEditable('transmise'))
    for (const statut of OFFRE_TRANSMISSIBLE)
      assert.isTrue(offreMachine.targets(statut).includes('transmise'))
    assert.isTrue(offreMachine.targets('brouillon').includes('envoyee'))
    assert.deepEqual(OFFRE_ENVOYABLE, ['brouillon', 'envoyee'])
    // esi never sees a draft nor an offre the pro only sent to his contact
    assert.sameMembers(
      OFFRE_STATUTS.filter((s) => !OFFRE_VISIBLE_BY_ESI.includes(s)),
      ['brouillon', 'envoyee']
    )
  })
})

test.group('OffrePolicy', () => {
  const user = (role: 'esi' | 'pro' | 'other', extra: Partial<User> = {}) =>
    Object.assign(new User(), {
      role,
      accesRole: null,
      droit: null,
      twoFactorConfirmedAt: role === 'esi' ? DateTime.now() : null,
      twoFactorSecret: role === 'esi' ? 'secret' : null,
      ...extra,
    })
  const offre = (statut: OffreStatut) => Object.assign(new Offre(), { statut })
  const policy = new OffrePolicy()

  test('members write their société’s offres; others do not know them', ({ assert }) => {
    for (const statut of OFFRE_STATUTS) {
      assert.equal(policy.view(user('pro'), offre(statut), true), 'allow')
      assert.equal(policy.update(user('pro'), offre(statut), true), 'allow')
      assert.equal(policy.view(user('pro'), offre(statut), false), 'hide')
      assert.equal(policy.update(user('other'), offre(statut), false), 'hide')
      assert.equal(policy.toDevis(user('pro'), offre(statut), true), 'deny')
    }
  })

  test('staff read what was transmitted, never change it, and make the devis', ({ assert }) => {
    const esi = user('esi')
    for (const statut of OFFRE_STATUTS) {
      const visible = OFFRE_VISIBLE_BY_ESI.includes(statut)
      assert.equal(policy.view(esi, offre(statut), false), visible ? 'allow' : 'hide', statut)
      assert.equal(policy.update(esi, offre(statut), false), visible ? 'deny' : 'hide', statut)
      assert.equal(policy.toDevis(esi, offre(statut), false), visible ? 'allow' : 'hide', statut)
    }
    // Without two-factor, or seeing the app as a pro: no staff powers
    const noTwoFactor = user('esi', { twoFactorConfirmedAt: null })
    assert.equal(policy.view(noTwoFactor, offre('transmise'), false), 'hide')
    const asPro = user('esi', { accesRole: 'pro' })
    assert.equal(policy.view(asPro, offre('transmise'), false), 'hide')
  })
})
