import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'

export default defineConfig({
  csp: {
    // The Vite dev server (ace serve, tests) injects inline scripts; built assets get the full policy
    enabled: !(app.inTest || process.env.DEV_MODE),
    directives: {
      defaultSrc: [`'self'`],
      scriptSrc: [`'self'`, '@nonce', '@viteUrl'],
      styleSrc: [`'self'`, `'unsafe-inline'`, '@viteUrl'],
      imgSrc: [`'self'`, 'data:', 'blob:', 'https://www.gravatar.com'],
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
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: app.inProduction, maxAge: '365 days', includeSubDomains: true },
  contentTypeSniffing: { enabled: true },
})
