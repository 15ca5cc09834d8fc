import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import User from '#models/user'
import { SocieteFactory } from '#database/factories/societe_factory'
import { encryptTotpSecret, newTotpSecret } from '#services/two_factor'

export const TEST_PASSWORD = 'secret-password-2026'

/** Staff must have two-factor on (DESIGN.md §4): esi users get a confirmed secret of their own. */
function withTwoFactor(u: User) {
  u.twoFactorSecret = encryptTotpSecret(newTotpSecret())
  u.twoFactorConfirmedAt = DateTime.now()
}

export const UserFactory = factory
  .define(User, ({ faker }) => ({
    name: faker.person.fullName(),
    email: faker.internet.email().toLowerCase(),
    password: TEST_PASSWORD,
    role: 'other' as const,
    droitsAccordes: [],
    emailVerifiedAt: DateTime.now(),
  }))
  .state('esi', (u) => {
    u.role = 'esi'
    withTwoFactor(u)
  })
  .state('pro', (u) => (u.role = 'pro'))
  .state('other', (u) => (u.role = 'other'))
  .state('admin', (u) => {
    u.role = 'esi'
    u.droitsAccordes = ['admin']
    withTwoFactor(u)
  })
  // Apply after a role state: that role, without two-factor / with an unverified address
  .state('without2fa', (u) => {
    u.twoFactorSecret = null
    u.twoFactorConfirmedAt = null
  })
  .state('with2fa', withTwoFactor)
  .state('unverified', (u) => (u.emailVerifiedAt = null))
  .relation('societes', () => SocieteFactory)
  .build()
