import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'
import { configProvider } from '@adonisjs/core'
import type { SessionStoreFactory } from '@adonisjs/session/types'

// __Host- prefix (ASVS 3.3.3) needs Secure, so production only
export const SESSION_COOKIE = app.inProduction ? '__Host-esi-session' : 'esi-session'

export default defineConfig({
  enabled: true,
  cookieName: SESSION_COOKIE,
  clearWithBrowser: false,
  age: '2h',
  cookie: { path: '/', httpOnly: true, secure: app.inProduction, sameSite: 'lax' },
  // Server-side stores so that logout really ends the session
  store: env.get('SESSION_DRIVER') ?? (env.get('REDIS_URL') ? 'redis' : 'database'),
  stores: {
    cookie: stores.cookie(),
    // The package's database store, reading the session with the user and what the page needs
    // in one statement and touching the expiry once a minute (issue 15, decisions 540–541)
    database: configProvider.create(async (application): Promise<SessionStoreFactory> => {
      const { BundledDatabaseStore } = await import('#services/http/session_store')
      const db = await application.container.make('lucid.db')
      return (ctx, config) => new BundledDatabaseStore(db.connection('pg'), ctx, config.age)
    }),
    redis: stores.redis({ connection: 'main' }),
  },
})
