import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import { trustedProxies } from '#services/http/trusted_proxies'
import { serializeJsonBody } from '#services/http/json_body'

export const appKey = env.get('APP_KEY')
export const appUrl = env.get('APP_URL') ?? `http://localhost:${env.get('PORT')}`

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  // HttpContext.get() for the options kept by table version (issue 15, decision 542)
  useAsyncLocalStorage: true,
  // V8's JSON.stringify for response bodies, the framework's safe one as fallback (decision 680)
  serializeJSON: serializeJsonBody,
  // X-Forwarded-* only from the proxies of TRUSTED_PROXIES (default loopback), in every mode
  trustProxy: trustedProxies(env.get('TRUSTED_PROXIES')),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
