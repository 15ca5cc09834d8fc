import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'
import { tileOrigin } from '#services/planning/tile_origin'

/**
 * The shield settings for a mode, a function so that the production values can be tested
 * (tests run in the `test` mode). CSP is off under the Vite dev server (`npm run dev`, tests),
 * whose injected inline scripts it would block; built assets get the full policy.
 */
export function shieldSettings(mode: { production: boolean; devServer: boolean }) {
  const tiles = tileOrigin()
  const mapTiles = tiles ? [tiles] : []
  return {
    csp: {
      enabled: !mode.devServer,
      directives: {
        defaultSrc: [`'self'`],
        // @nonce: the inline script of the root view that applies dark mode before first paint
        scriptSrc: [`'self'`, '@nonce'],
        styleSrc: [`'self'`, `'unsafe-inline'`],
        // + the planning map's tile server when MAP_TILE_URL is set (none by default); no
        // third-party picture (decisions 116, 837)
        imgSrc: [`'self'`, 'data:', 'blob:', ...mapTiles],
        // No Vite keywords: CSP is only on for built assets, where they would stay unresolved
        connectSrc: [`'self'`],
        fontSrc: [`'self'`, 'data:'],
        objectSrc: [`'none'`],
        baseUri: [`'none'`],
        frameAncestors: [`'none'`],
        formAction: [`'self'`],
      },
      reportOnly: false,
    },
    csrf: {
      enabled: true,
      exceptRoutes: [],
      // Inertia's client reads XSRF-TOKEN and sends X-XSRF-TOKEN on every request
      enableXsrfCookie: true,
      methods: ['POST', 'PUT', 'PATCH', 'DELETE'] as ('POST' | 'PUT' | 'PATCH' | 'DELETE')[],
    },
    xFrame: { enabled: true, action: 'DENY' as const },
    hsts: { enabled: mode.production, maxAge: '365 days', includeSubDomains: true },
    contentTypeSniffing: { enabled: true },
  }
}

export default defineConfig(
  shieldSettings({
    production: app.inProduction,
    devServer: app.inTest || Boolean(process.env.DEV_MODE),
  })
)
