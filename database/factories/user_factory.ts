import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import User from '#models/user'
import { SocieteFactory } from '#database/factories/societe_factory'

export const TEST_PASSWORD = 'secret-password-2026'

export const UserFactory = factory
  .define(User, ({ faker }) => ({
    name: faker.person.fullName(),
    email: faker.internet.email().toLowerCase(),
    password: TEST_PASSWORD,
    role: 'other' as const,
    droitsAccordes: [],
    emailVerifiedAt: DateTime.now(),
  }))
  .state('esi', (u) => (u.role = 'esi'))
  .state('pro', (u) => (u.role = 'pro'))
  .state('other', (u) => (u.role = 'other'))
  .state('admin', (u) => {
    u.role = 'esi'
    u.droitsAccordes = ['admin']
  })
  .relation('societes', () => SocieteFactory)
  .build()
