import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'

export const appKey = env.get('APP_KEY')
export const appUrl = env.get('APP_URL') ?? `http://localhost:${env.get('PORT')}`

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  // Behind a reverse proxy in production: trust X-Forwarded-* from loopback/private hops only
  trustProxy: () => app.inProduction,
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
