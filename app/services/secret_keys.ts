/*
 * Secret keys as KeyObjects (decision 639). Node 24 checks a Buffer given as a secret key to
 * createHmac, createCipheriv or createDecipheriv against KeyObject and CryptoKey on every call,
 * which costs it 25–50 µs; the same bytes as a KeyObject (createSecretKey, which skips those
 * checks) cost 3–5 µs in all. Every request verifies and signs the session cookie and encrypts
 * the XSRF cookie through @boringnode/encryption, whose keys are Buffers: about a fifth of the
 * bare JSON route's CPU. The wrappers hand Node a KeyObject of the same bytes, so every result
 * and every error stays Node's own. The KeyObject is kept per key object with a copy of its
 * bytes and made again when they differ (decision 689): a Buffer changed between two calls is
 * read afresh, as before, and making it (6 µs) is no longer paid by each of a request's HMACs.
 * Installed once per process by the entry points (bin/*).
 */
import crypto from 'node:crypto'
import { syncBuiltinESMExports } from 'node:module'

/** A wrapper keeps Node's own function (the tests compare both). */
export type Keyed<F> = F & { original?: F }

/** Each key's bytes when its KeyObject was made (compared on every call), and the KeyObject. */
const kept = new WeakMap<ArrayBufferView, { bytes: Buffer; keyObject: crypto.KeyObject }>()

function keyObjectOf<K>(key: K): K | crypto.KeyObject {
  // An empty key is valid for an HMAC; strings, KeyObjects and CryptoKeys pass as they are
  if (!ArrayBuffer.isView(key) || key.byteLength === 0) return key
  const view = Buffer.from(key.buffer, key.byteOffset, key.byteLength)
  const known = kept.get(key)
  if (known && known.bytes.equals(view)) return known.keyObject
  const bytes = Buffer.from(view)
  const keyObject = crypto.createSecretKey(bytes)
  kept.set(key, { bytes, keyObject })
  return keyObject
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
