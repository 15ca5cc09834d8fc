import testUtils from '@adonisjs/core/services/test_utils'
import type { Group } from '@japa/runner/core'
import { UserFactory } from '#database/factories/user_factory'
import type { Role } from '#shared/roles'

/** Every test of the group runs inside a transaction rolled back afterwards. */
export function withTransaction(group: Group) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
}

export async function makeUser(role: Role, overrides: Record<string, unknown> = {}) {
  return UserFactory.apply(role).merge(overrides).create()
}
