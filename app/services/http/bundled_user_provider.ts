/*
 * The session guard of @adonisjs/auth with a user provider that takes the user from the
 * request's bundle (app/services/http/request_bundle.ts) when the session was tagged with that
 * very user, instead of one more `select * from users` per request (decision 540). Any other
 * case (no bundle, another user id, a remember-me login) is the package's own query.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { SessionGuard, SessionLucidUserProvider } from '@adonisjs/auth/session'
import type { SessionGuardOptions } from '@adonisjs/auth/types/session'
import type { GuardConfigProvider } from '@adonisjs/auth/types'
import type User from '#models/user'
import db from '@adonisjs/lucid/services/db'
import { bundleOf, readUserBundle } from '#services/http/request_bundle'

class BundledUserProvider extends SessionLucidUserProvider<typeof User> {
  #ctx: HttpContext
  #model: typeof User

  constructor(model: typeof User, ctx: HttpContext) {
    super({ model: async () => ({ default: model }) })
    this.model = model
    this.#model = model
    this.#ctx = ctx
  }

  async findById(identifier: string | number | bigint) {
    let row = bundleOf(this.#ctx)?.userRow
    if (!row || String(row.id) !== String(identifier)) {
      // Not read with the session: the user and the rest of the bundle in one statement
      const id = Number(identifier)
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null
      row = await readUserBundle(db.connection(), this.#ctx, id)
      if (!row) return null
    }
    const user = this.#model.$createFromAdapterResult(row)
    return user ? this.createUserForGuard(user) : null
  }
}

export function bundledSessionGuard(
  options: SessionGuardOptions<true>
): GuardConfigProvider<(ctx: HttpContext) => SessionGuard<true, BundledUserProvider>> {
  return {
    async resolver(name, app) {
      const emitter = await app.container.make('emitter')
      // Imported here, after the boot (the model needs the hash service)
      const { default: model } = await import('#models/user')
      return (ctx) =>
        new SessionGuard(name, ctx, options, emitter as any, new BundledUserProvider(model, ctx))
    },
  }
}
