import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'

export default defineConfig({
  enabled: true,
  // __Host- prefix (ASVS 3.3.3) needs Secure, so production only
  cookieName: app.inProduction ? '__Host-esi-session' : 'esi-session',
  clearWithBrowser: false,
  age: '2h',
  cookie: { path: '/', httpOnly: true, secure: app.inProduction, sameSite: 'lax' },
  // Server-side stores so that logout really ends the session
  store: env.get('SESSION_DRIVER') ?? (env.get('REDIS_URL') ? 'redis' : 'database'),
  stores: {
    cookie: stores.cookie(),
    database: stores.database({ connectionName: 'pg', tableName: 'sessions' }),
    redis: stores.redis({ connection: 'main' }),
  },
})
