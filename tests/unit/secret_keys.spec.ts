import { test } from '@japa/runner'
import crypto, { createHmac as namedHmac } from 'node:crypto'
import { useKeyObjectsForSecretKeys, type Keyed } from '#services/secret_keys'
import encryption from '@adonisjs/core/services/encryption'

/** Node's own functions, kept by the wrappers (bin/test.ts installed them before this file loads). */
function originals() {
  const of = <F>(f: Keyed<F>) => f.original ?? f
  return {
    hmac: of(crypto.createHmac),
    cipher: of(crypto.createCipheriv),
    decipher: of(crypto.createDecipheriv),
  }
}

test.group('Secret keys as KeyObjects (decision 639)', () => {
  const original = originals()

  test('the entry points have installed it, and the ESM named exports follow', ({ assert }) => {
    const hmac = crypto.createHmac as Keyed<typeof crypto.createHmac>
    assert.isFunction(hmac.original)
    assert.notStrictEqual(hmac.original, hmac)
    assert.isFunction((crypto.createCipheriv as Keyed<typeof crypto.createCipheriv>).original)
    assert.isFunction((crypto.createDecipheriv as Keyed<typeof crypto.createDecipheriv>).original)
    // `import { createHmac } from 'node:crypto'` (as @boringnode/encryption does) is the wrapper
    assert.strictEqual(namedHmac, crypto.createHmac)
    // Installing twice wraps once
    useKeyObjectsForSecretKeys()
    assert.strictEqual(crypto.createHmac, hmac)
  })

  test('an HMAC is the same for every kind of key, the empty key included', ({ assert }) => {
    const bytes = crypto.randomBytes(32)
    const hex = (h: crypto.Hmac) => h.update('adonis-session=abc').digest('hex')
    const expected = hex(original.hmac('sha256', bytes))
    assert.equal(hex(crypto.createHmac('sha256', bytes)), expected)
    assert.equal(hex(crypto.createHmac('sha256', new Uint8Array(bytes))), expected)
    // A view into a larger buffer: only its own bytes are the key
    const larger = Buffer.concat([Buffer.from('xx'), bytes, Buffer.from('yy')])
    assert.equal(hex(crypto.createHmac('sha256', larger.subarray(2, 34))), expected)
    assert.equal(hex(crypto.createHmac('sha256', crypto.createSecretKey(bytes))), expected)
    assert.equal(hex(crypto.createHmac('sha256', 'clé')), hex(original.hmac('sha256', 'clé')))
    assert.equal(
      hex(crypto.createHmac('sha256', Buffer.alloc(0))),
      hex(original.hmac('sha256', Buffer.alloc(0)))
    )
  })

  test('a key changed between two calls is read afresh (its KeyObject is made again)', ({
    assert,
  }) => {
    const key = Buffer.from('a'.repeat(32))
    const first = crypto.createHmac('sha256', key).update('x').digest('hex')
    assert.equal(crypto.createHmac('sha256', key).update('x').digest('hex'), first)
    key.fill('b')
    const second = crypto.createHmac('sha256', key).update('x').digest('hex')
    assert.notEqual(first, second)
    assert.equal(
      second,
      original
        .hmac('sha256', Buffer.from('b'.repeat(32)))
        .update('x')
        .digest('hex')
    )
    // Changed in part, and through another view of the same memory
    key[31] = 0x61
    const view = new Uint8Array(key.buffer, key.byteOffset, key.byteLength)
    const expected = original.hmac('sha256', Buffer.from(key)).update('x').digest('hex')
    assert.equal(crypto.createHmac('sha256', key).update('x').digest('hex'), expected)
    assert.equal(crypto.createHmac('sha256', view).update('x').digest('hex'), expected)
  })

  test('AES-256-GCM: same cipher text both ways, and Node’s own errors', ({ assert }) => {
    const key = crypto.randomBytes(32)
    const iv = crypto.randomBytes(12)
    const seal = (make: typeof crypto.createCipheriv) => {
      const c = make('aes-256-gcm', key, iv, { authTagLength: 16 })
      return Buffer.concat([c.update('XSRF'), c.final(), c.getAuthTag()]).toString('hex')
    }
    const sealed = seal(original.cipher)
    assert.equal(seal(crypto.createCipheriv), sealed)
    const raw = Buffer.from(sealed, 'hex')
    const d = crypto.createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 })
    d.setAuthTag(raw.subarray(-16))
    assert.equal(Buffer.concat([d.update(raw.subarray(0, -16)), d.final()]).toString(), 'XSRF')
    // A key of the wrong length is refused as before
    assert.throws(() => crypto.createCipheriv('aes-256-gcm', crypto.randomBytes(16), iv), /key/i)
  })

  test('the app’s encryption and signed messages still round-trip', ({ assert }) => {
    const sealed = encryption.encrypt({ token: 'abc' }, undefined, 'xsrf')
    assert.deepEqual(encryption.decrypt(sealed, 'xsrf'), { token: 'abc' })
    assert.isNull(encryption.decrypt(sealed, 'autre'))
    const signed = encryption.getMessageVerifier().sign('session-id', undefined, 'cookie')
    assert.equal(encryption.getMessageVerifier().unsign(signed, 'cookie'), 'session-id')
    assert.isNull(encryption.getMessageVerifier().unsign(signed.slice(0, -2) + 'xx', 'cookie'))
  })
})
