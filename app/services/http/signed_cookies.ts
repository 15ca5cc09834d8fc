/*
 * Signed cookies (the session cookie) verified once per value, not once per request (decision
 * 747). The framework unsigns the session cookie with the encryption's MessageVerifier on every
 * request: an HMAC of the value, then a constant-time comparison that HMACs both sides again
 * (three HMACs, base64 decoding, JSON parsing: 4 % of a list visit's CPU). A browser sends the
 * very same string for the whole session (the signature of a given value and key never
 * changes), so the verifier keeps the signed strings it has verified, each with the message it
 * carried, and a request bringing a kept string back skips the HMACs; the message is still
 * checked for its purpose (the cookie's name) by the package's own MessageBuilder, as before.
 * Only strings whose signature was valid are kept: a forged or altered cookie (any other
 * string) is verified the package's way, and refused. The keys cannot change without a new
 * verifier (they are read at its creation), and the kept strings belong to that verifier.
 */
import { MessageBuilder } from '@adonisjs/core/helpers'

/** How many verified strings a process keeps (one a session; the oldest leave first). */
export const KEPT_SIGNATURES = 5000

interface Verifier {
  unsign(payload: string, purpose?: string): unknown
}

const installed = new WeakSet<object>()

/** base64url → text, as @boringnode/encryption decodes the signed part. */
function decoded(encoded: string): string | null {
  const text = Buffer.from(encoded, 'base64url').toString('utf8')
  return text || null
}

/**
 * Wraps `verifier.unsign` so that a string once verified is not HMAC'ed again. Returns the
 * map of kept strings (for the tests).
 */
export function keepVerifiedSignatures(verifier: Verifier, limit = KEPT_SIGNATURES) {
  const kept = new Map<string, string>()
  if (installed.has(verifier)) return kept
  installed.add(verifier)
  const unsign = verifier.unsign.bind(verifier)
  verifier.unsign = (payload: string, purpose?: string) => {
    if (typeof payload !== 'string') return unsign(payload, purpose)
    const message = kept.get(payload)
    if (message !== undefined) return new MessageBuilder().verify(message, purpose)
    const value = unsign(payload, purpose)
    if (value !== null && value !== undefined) {
      // Valid: the signature matched one of the keys (the package returned the message's value)
      const text = decoded(payload.slice(0, payload.indexOf('.')))
      if (text !== null) {
        if (kept.size >= limit) kept.delete(kept.keys().next().value!)
        kept.set(payload, text)
      }
    }
    return value
  }
  return kept
}
