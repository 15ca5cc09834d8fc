import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import type { NextFn } from '@adonisjs/core/types/http'
import type User from '#models/user'
import { audit } from '#services/audit'
import { tagCurrentSession } from '#services/http/user_sessions'

export default class SilentAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await ctx.auth.check()
    const guard = ctx.auth.use('web')
    // Logged in by the remember-me cookie: the guard opened a new session and rotated the token
    if (guard.viaRemember && guard.user) {
      const user = guard.user as User
      await tagCurrentSession(ctx, user)
      await audit(actorOf(ctx), {
        action: 'auth.login',
        userId: user.id,
        subjectType: 'user',
        subjectId: user.id,
        after: { via: 'remember_me' },
      })
    }
    return next()
  }
}
