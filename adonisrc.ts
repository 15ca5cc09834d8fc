import { defineConfig } from '@adonisjs/core/app'
import { indexEntities } from '@adonisjs/core'
import { indexPages } from '@adonisjs/inertia'

export default defineConfig({
  experimental: {},

  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('@adonisjs/queue/commands'),
  ],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/vite/vite_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/inertia/inertia_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('@adonisjs/queue/queue_provider'),
  ],

  preloads: [
    () => import('#start/routes'),
    () => import('#start/kernel'),
    () => import('#start/validator'),
    // Components listed once in production (decision 688)
    () => import('#start/edge'),
    // The session cookie verified once per value, the edge renderer made when used (747–748)
    () => import('#start/request_costs'),
    { file: () => import('#start/relances'), environment: ['web'] },
    { file: () => import('#start/rappels'), environment: ['web'] },
    { file: () => import('#start/stats'), environment: ['web'] },
    // SIGTERM: the requests running finish before the pools close (decision 851)
    { file: () => import('#start/drain'), environment: ['web'] },
  ],

  tests: {
    suites: [
      { files: ['tests/unit/**/*.spec.ts'], name: 'unit', timeout: 5000 },
      { files: ['tests/functional/**/*.spec.ts'], name: 'functional', timeout: 30000 },
      { files: ['tests/browser/**/*.spec.ts'], name: 'browser', timeout: 120000 },
    ],
    forceExit: true,
  },

  metaFiles: [
    { pattern: 'resources/views/**/*.edge', reloadServer: false },
    { pattern: 'public/**', reloadServer: false },
    // The fonts the Factur-X PDFs embed (app/services/pdf/facturx.ts)
    { pattern: 'resources/fonts/**', reloadServer: false },
  ],

  hooks: {
    // Generates .adonisjs/server/pages.d.ts so inertia.render() only accepts existing pages
    // and .adonisjs/client/data.d.ts (`Data.Devis`…) from the class transformers of
    // app/transformers/sales (the function ones elsewhere have no default export to infer from)
    init: [
      indexPages({ framework: 'react' }),
      indexEntities({
        events: { enabled: false },
        listeners: { enabled: false },
        controllers: { enabled: false },
        transformers: {
          enabled: true,
          glob: ['**/app/transformers/sales/*_transformer.ts'],
          skipSegments: ['transformers', 'sales'],
        },
      }),
    ],
    buildStarting: [() => import('@adonisjs/vite/build_hook')],
  },
})
