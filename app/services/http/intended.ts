/*
 * Where to come back after a detour (password confirmation, step-up, two-factor setup): a local
 * path kept in the session under the detour's own key, never an absolute URL (ASVS 3.7.2).
 */
import type { HttpContext } from '@adonisjs/core/http'
import { isApiRequest } from '#services/http/http_errors'
import { localPathOr, refererPath } from '#services/safe_redirect'

export type Detour = 'confirm_password' | 'step_up' | 'two_factor_setup'

const key = (detour: Detour) => `intended_${detour}`

/** The page to come back to: this page for a page visit, else the page that sent the request. */
export function currentPagePath(ctx: HttpContext, fallback = '/dashboard'): string {
  const { request } = ctx
  if (request.method() === 'GET' && !isApiRequest(ctx))
    return localPathOr(request.url(true), fallback)
  return refererPath(request.header('referer'), request.host(), fallback)
}

export function rememberIntended(ctx: HttpContext, detour: Detour, path: string) {
  ctx.session.put(key(detour), localPathOr(path, '/dashboard'))
}

export function peekIntended(ctx: HttpContext, detour: Detour, fallback = '/dashboard'): string {
  return localPathOr(ctx.session.get(key(detour)), fallback)
}

export function pullIntended(ctx: HttpContext, detour: Detour, fallback = '/dashboard'): string {
  return localPathOr(ctx.session.pull(key(detour)), fallback)
}
