import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'

/**
 * Who acts, without HTTP: business code (services, actions, jobs, ace commands, bank imports)
 * receives an Actor instead of the HttpContext. `user` is null for the system (jobs, imports,
 * a customer on a public link); `ip` is what the audit row records.
 */
export interface Actor {
  user: User | null
  ip: string | null
}

/** The Actor of an HTTP request: its authenticated user (if any) and its IP. */
export function actorOf(ctx: HttpContext): Actor {
  return { user: ctx.auth?.user ?? null, ip: ctx.request.ip() }
}

/** The Actor of code that runs without a request (jobs, commands, imports). */
export function systemActor(user: User | null = null): Actor {
  return { user, ip: null }
}
