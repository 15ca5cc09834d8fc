import { test } from '@japa/runner'
import { trustedProxies } from '#services/http/trusted_proxies'

test.group('trustedProxies (TRUSTED_PROXIES)', () => {
  test('unset: loopback only', ({ assert }) => {
    const trust = trustedProxies(undefined)
    assert.isTrue(trust('127.0.0.1'))
    assert.isTrue(trust('::1'))
    assert.isTrue(trust('::ffff:127.0.0.1'))
    assert.isFalse(trust('10.0.0.1'))
    assert.isFalse(trust('203.0.113.7'))
  })

  test('addresses and CIDR ranges, IPv4 and IPv6', ({ assert }) => {
    const trust = trustedProxies('10.0.0.0/8, 192.0.2.10,2001:db8::/32')
    assert.isTrue(trust('10.20.30.40'))
    assert.isTrue(trust('::ffff:10.1.2.3'))
    assert.isTrue(trust('192.0.2.10'))
    assert.isFalse(trust('192.0.2.11'))
    assert.isTrue(trust('2001:db8::1'))
    assert.isFalse(trust('127.0.0.1'))
  })

  test('none: nobody; a bad entry fails at boot', ({ assert }) => {
    assert.isFalse(trustedProxies('none')('127.0.0.1'))
    assert.throws(() => trustedProxies('10.0.0.0/x'), /TRUSTED_PROXIES/)
    assert.throws(() => trustedProxies('proxy.local'), /TRUSTED_PROXIES/)
  })
})

test.group('config/app.ts http.trustProxy', () => {
  test('trusts the configured proxy (.env.test: 192.0.2.10) and nobody else, in every mode', async ({
    assert,
  }) => {
    const { http } = await import('#config/app')
    const trust = http.trustProxy as (address: string, distance: number) => boolean
    assert.isTrue(trust('192.0.2.10', 0))
    assert.isFalse(trust('127.0.0.1', 0))
    assert.isFalse(trust('203.0.113.5', 0))
  })
})
