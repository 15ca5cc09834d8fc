/*
 * The anti-CSRF check of @adonisjs/shield (same secret in the session under `csrf-secret`, same
 * `csrf` tokens, same places a token is read from, same E_BAD_CSRF_TOKEN), with one change for
 * the cost of each request (decision 684): the XSRF-TOKEN cookie is no longer minted and
 * encrypted anew on every answer. The session keeps the encrypted value it last sent
 * (`xsrf-cookie`); a request that brings that very value back keeps it, and it is re-sent
 * as it is (no encryption) only when the session cookie is, so both cookies expire together as
 * before. A missing, stale or foreign cookie gets a fresh one, as before. Any token made from
 * the session's secret stays valid, as before: a kept cookie is not a weaker one.
 */
import { timingSafeEqual } from 'node:crypto'
import Tokens from 'csrf'
import type { HttpContext } from '@adonisjs/core/http'
import encryption from '@adonisjs/core/services/encryption'
import { errors } from '@adonisjs/shield'
import type { CsrfOptions } from '@adonisjs/shield/types'

export const XSRF_COOKIE = 'XSRF-TOKEN'
/** The session's keys: the package's secret, and the encrypted cookie last sent. */
const SECRET_KEY = 'csrf-secret'
const SENT_KEY = 'xsrf-cookie'

const tokens = new Tokens()
/** The XSRF cookie a request brought back and kept, with its options (re-sent with the session cookie). */
const keptOfRequest = new WeakMap<object, { value: string; options: CsrfOptions }>()

function sameString(a: string, b: string) {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** `e:` + the sealed token, what the framework's encrypted cookies hold (shield reads it so). */
function sealed(token: string) {
  return `e:${encryption.encrypt(token, undefined, XSRF_COOKIE)}`
}

function unsealed(value: string): string | null {
  try {
    const token = encryption.decrypt(decodeURIComponent(value).slice(2), XSRF_COOKIE)
    return typeof token === 'string' ? token : null
  } catch {
    return null
  }
}

function sendXsrfCookie(ctx: HttpContext, value: string, options: CsrfOptions) {
  // Not encoded again: the raw `e:…` value, serialised like the framework's encryptedCookie
  ctx.response.plainCookie(XSRF_COOKIE, value, {
    ...options.cookieOptions,
    encode: false,
    httpOnly: false,
  })
}

/** A token from the form, the header, or the XSRF header (the cookie's sealed token). */
function tokenOfRequest({ request }: HttpContext, options: CsrfOptions): string | null {
  const input = request.input('_csrf')
  if (input) return typeof input === 'string' ? input : null
  const header = request.header('x-csrf-token')
  if (header) return header
  if (!options.enableXsrfCookie) return null
  const xsrf = request.header('x-xsrf-token')
  return typeof xsrf === 'string' && xsrf ? unsealed(xsrf) : null
}

function mustCheck(ctx: HttpContext, options: CsrfOptions) {
  const methods = (options.methods ?? []).map((method) => method.toLowerCase())
  if (methods.length && !methods.includes(ctx.request.method().toLowerCase())) return false
  const except = options.exceptRoutes ?? []
  if (typeof except === 'function') return !except(ctx)
  return !except.includes(ctx.route!.pattern)
}

export async function csrfGuard(ctx: HttpContext, options: CsrfOptions) {
  let secret = ctx.session.get(SECRET_KEY) as string | undefined
  if (!secret) {
    secret = await tokens.secret()
    ctx.session.put(SECRET_KEY, secret)
  }
  // Made only if someone asks (no template does: the pages read the cookie)
  let token: string | undefined
  Object.defineProperty(ctx.request, 'csrfToken', {
    get: () => (token ??= tokens.create(secret)),
    configurable: true,
  })

  if (options.enableXsrfCookie) {
    const brought = ctx.request.cookiesList()[XSRF_COOKIE]
    const sent = ctx.session.get(SENT_KEY)
    if (typeof brought === 'string' && typeof sent === 'string' && sameString(brought, sent)) {
      keptOfRequest.set(ctx, { value: brought, options })
    } else {
      const value = sealed(ctx.request.csrfToken)
      ctx.session.put(SENT_KEY, value)
      sendXsrfCookie(ctx, value, options)
    }
  }

  if (mustCheck(ctx, options)) {
    const given = tokenOfRequest(ctx, options)
    if (!given || !tokens.verify(secret, given)) throw new errors.E_BAD_CSRF_TOKEN()
  }
}

/**
 * The session cookie was sent again (its expiry moved): the kept XSRF cookie goes with it,
 * the same bytes with the same new lifetime.
 */
export function resendKeptXsrfCookie(ctx: HttpContext) {
  const kept = keptOfRequest.get(ctx)
  if (kept) sendXsrfCookie(ctx, kept.value, kept.options)
}
