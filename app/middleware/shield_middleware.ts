import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { frameGuardFactory, hstsFactory, noSniffFactory } from '@adonisjs/shield/guards'
import type { ShieldConfig } from '@adonisjs/shield/types'
import type {} from '@adonisjs/shield/shield_middleware'
import { csrfGuard } from '#services/http/csrf_guard'
import { cspGuard } from '#services/http/csp_guard'

type Guard = (ctx: HttpContext) => unknown

/** Built once from config/shield.ts (decision 686). */
let built: { csrf: ShieldConfig['csrf']; guards: Guard[] } | null = null

function shield() {
  if (built) return built
  const config = app.config.get<ShieldConfig>('shield')
  built = {
    csrf: config.csrf,
    guards: [
      cspGuard(config.csp),
      frameGuardFactory(config.xFrame),
      hstsFactory(config.hsts),
      noSniffFactory(config.contentTypeSniffing),
    ],
  }
  return built
}

/**
 * The shield middleware of @adonisjs/shield with its own guards (CSP, X-Frame-Options, HSTS,
 * nosniff) in the same order, and the anti-CSRF check of csrf_guard.ts, whose XSRF cookie is
 * sent again only when needed (decision 684). The package's middleware is made anew by the
 * container for every request: its guards built again, the CSP directives normalised again
 * and edge.js imported again each time (decision 686); these are built once here. The CSP
 * header is serialised once too, only its nonce drawn per answer (csp_guard.ts, decision 835).
 */
export default class ShieldMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { csrf, guards } = shield()
    if (csrf.enabled) await csrfGuard(ctx, csrf)
    for (const guard of guards) await guard(ctx)
    return next()
  }
}
