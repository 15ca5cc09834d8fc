/*
 * Secret keys as KeyObjects (decision 639). Node 24 checks a Buffer given as a secret key to
 * createHmac, createCipheriv or createDecipheriv against KeyObject and CryptoKey on every call,
 * which costs it 25–50 µs; the same bytes as a KeyObject (createSecretKey, which skips those
 * checks) cost 3–5 µs in all. Every request verifies and signs the session cookie and encrypts
 * the XSRF cookie through @boringnode/encryption, whose keys are Buffers: about a fifth of the
 * bare JSON route's CPU. The wrappers hand Node a KeyObject of the same bytes, made per call
 * (no cache: a Buffer changed between two calls is read afresh, as before), so every result
 * and every error stays Node's own. Installed once per process by the entry points (bin/*).
 */
import crypto from 'node:crypto'
import { syncBuiltinESMExports } from 'node:module'

/** A wrapper keeps Node's own function (the tests compare both). */
export type Keyed<F> = F & { original?: F }

function keyObjectOf<K>(key: K): K | crypto.KeyObject {
  // An empty key is valid for an HMAC; strings, KeyObjects and CryptoKeys pass as they are
  return ArrayBuffer.isView(key) && key.byteLength > 0
    ? crypto.createSecretKey(new Uint8Array(key.buffer, key.byteOffset, key.byteLength))
    : key
}

type AnyFn = (...args: any[]) => any

/** `original` with its second argument, the key, handed to Node as a KeyObject. */
function keyed<F extends AnyFn>(original: F): Keyed<F> {
  const wrapper: AnyFn & { original?: F } = (algorithm, key, ...rest) =>
    original(algorithm, keyObjectOf(key), ...rest)
  wrapper.original = original
  return wrapper as Keyed<F>
}

export function useKeyObjectsForSecretKeys() {
  if ((crypto.createHmac as Keyed<typeof crypto.createHmac>).original) return
  crypto.createHmac = keyed(crypto.createHmac)
  crypto.createCipheriv = keyed(crypto.createCipheriv)
  crypto.createDecipheriv = keyed(crypto.createDecipheriv)
  // The ESM named exports of node:crypto (`import { createHmac } from 'crypto'`) follow
  syncBuiltinESMExports()
}
