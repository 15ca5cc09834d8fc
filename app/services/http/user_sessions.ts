/*
 * The session of the current request. Every session that belongs to a user is tagged with his
 * id (the database store writes it in sessions.user_id, Redis and memory keep an index), so that
 * endAllSessions (app/services/end_sessions.ts) can end all of them at once.
 */
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import { markPasswordConfirmed } from '#services/http/auth_session'

async function tag(ctx: HttpContext, user: User) {
  if (ctx.session.supportsTagging()) await ctx.session.tag(String(user.id))
}

/**
 * Logs the user in: a new session id (the guard regenerates it, ASVS 7.2.4), tagged with the
 * user, and counted as a fresh password confirmation when the password was just typed.
 */
export async function startUserSession(
  ctx: HttpContext,
  user: User,
  options: { remember?: boolean; passwordTyped?: boolean } = {}
) {
  await ctx.auth.use('web').login(user, options.remember ?? false)
  await tag(ctx, user)
  if (options.passwordTyped) markPasswordConfirmed(ctx.session)
}

/** A new session id for the same data (privilege change), still tagged with the user. */
export async function renewSession(ctx: HttpContext) {
  ctx.session.regenerate()
  const user = ctx.auth.user
  if (user) await tag(ctx, user as User)
}

/** Tags a session the guard opened by itself (remember-me cookie). */
export async function tagCurrentSession(ctx: HttpContext, user: User) {
  await tag(ctx, user)
}
