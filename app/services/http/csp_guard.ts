/*
 * The Content-Security-Policy of every answer (decision 835). Shield's guard serialised the same
 * directives again on every request and drew each nonce with its own call to randomBytes; the
 * header is now serialised once, by shield's own guard (its validation and format unchanged),
 * and only the nonce changes from one answer to the next. A directive value computed per
 * request other than `@nonce` would be frozen at boot: config/shield.ts has none.
 */
import { randomBytes } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import { cspFactory } from '@adonisjs/shield/guards'
import type { ShieldConfig } from '@adonisjs/shield/types'

const NONCE_BYTES = 16
/** Nonces drawn from the CSPRNG 256 at a time, each byte used once (as Node's randomUUID does). */
const POOL_BYTES = NONCE_BYTES * 256
let pool = Buffer.alloc(0)
let offset = 0

/** A fresh nonce: 128 random bits, base64url (22 characters). */
export function cspNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES)
    offset = 0
  }
  const nonce = pool.toString('base64url', offset, offset + NONCE_BYTES)
  offset += NONCE_BYTES
  return nonce
}

type CspOptions = ShieldConfig['csp']

/**
 * The header shield's guard writes for `options`, cut around its nonce: one request made to a
 * stand-in answer. Its options are copied, since cspFactory resolves the keywords in place.
 */
function headerAroundNonce(options: CspOptions) {
  const headers = new Map<string, string>()
  const response = { setHeader: (name: string, value: string) => headers.set(name, value) }
  const ctx = { response: { request: {}, response } } as any
  // The guard sets its header synchronously (helmet's middleware calls back at once)
  void cspFactory({ ...options, directives: { ...options.directives } })(ctx)
  const [[name, value]] = [...headers]
  return { name, parts: value.split(ctx.response.nonce as string) }
}

/** Shield's CSP guard for `options`, its header serialised once. */
export function cspGuard(options: CspOptions) {
  if (!options.enabled) return () => {}
  const { name, parts } = headerAroundNonce(options)
  return (ctx: HttpContext) => {
    const nonce = cspNonce()
    ctx.response.nonce = nonce
    ;(ctx.response.response as any).nonce = nonce
    // The root view's inline script carries it (resources/views/inertia_layout.edge)
    if ('view' in ctx) ctx.view.share({ cspNonce: nonce })
    ctx.response.response.setHeader(name, parts.join(nonce))
  }
}
