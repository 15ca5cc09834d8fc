import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import edge from 'edge.js'
import encryption from '@adonisjs/core/services/encryption'
import { keepVerifiedSignatures } from '#services/http/signed_cookies'
import { lazyRenderer } from '#services/http/lazy_view'
import { localIso, localIsoOf } from '#services/list/row_values'
import { isoDateInBrussels, todayIso } from '#shared/dates'

type Verifier = ReturnType<typeof encryption.getMessageVerifier>
/** The package's MessageVerifier class (the app's verifier is one). */
const MessageVerifier = encryption.getMessageVerifier().constructor as new (
  secrets: string[]
) => Verifier

test.group('Signed cookies verified once per value (decision 747)', () => {
  /** A verifier of its own whose package unsign is counted. */
  function counted() {
    const verifier = new MessageVerifier(['a-secret-of-thirty-two-characters!'])
    let calls = 0
    const unsign = verifier.unsign.bind(verifier)
    verifier.unsign = ((payload: string, purpose?: string) => {
      calls++
      return unsign(payload, purpose)
    }) as typeof verifier.unsign
    const kept = keepVerifiedSignatures(verifier, 3)
    return { verifier, kept, calls: () => calls }
  }

  test('a kept string gives the same value without verifying again', ({ assert }) => {
    const { verifier, calls } = counted()
    const signed = verifier.sign('9b1c-session-id', undefined, 'esi-session')
    assert.equal(verifier.unsign(signed, 'esi-session'), '9b1c-session-id')
    assert.equal(calls(), 1)
    assert.equal(verifier.unsign(signed, 'esi-session'), '9b1c-session-id')
    assert.equal(verifier.unsign(signed, 'esi-session'), '9b1c-session-id')
    assert.equal(calls(), 1)
  })

  test('the purpose is still checked on a kept string', ({ assert }) => {
    const { verifier } = counted()
    const signed = verifier.sign('id', undefined, 'esi-session')
    assert.equal(verifier.unsign(signed, 'esi-session'), 'id')
    assert.isNull(verifier.unsign(signed, 'XSRF-TOKEN'))
    assert.isNull(verifier.unsign(signed))
  })

  test('a forged or altered string is refused every time, and never kept', ({ assert }) => {
    const { verifier, kept, calls } = counted()
    const signed = verifier.sign('id', undefined, 'esi-session')
    const [encoded, hash] = signed.split('.')
    const other = Buffer.from(
      JSON.stringify({ message: 'admin', purpose: 'esi-session' })
    ).toString('base64url')
    for (const forged of [
      `${other}.${hash}`,
      `${encoded}.${hash.slice(0, -1)}${hash.endsWith('A') ? 'B' : 'A'}`,
      `${encoded}.`,
      encoded,
    ]) {
      assert.isNull(verifier.unsign(forged, 'esi-session'))
      assert.isNull(verifier.unsign(forged, 'esi-session'))
    }
    assert.equal(kept.size, 0)
    assert.equal(calls(), 8)
    // Another key's signature of the same message is not this verifier's
    const foreign = new MessageVerifier(['another-secret-of-32-characters!!']).sign(
      'id',
      undefined,
      'esi-session'
    )
    assert.isNull(verifier.unsign(foreign, 'esi-session'))
  })

  test('at most `limit` strings are kept, the oldest leave first', ({ assert }) => {
    const { verifier, kept, calls } = counted()
    const signed = ['a', 'b', 'c', 'd'].map((id) => verifier.sign(id, undefined, 'p'))
    for (const s of signed) verifier.unsign(s, 'p')
    assert.equal(kept.size, 3)
    assert.isFalse(kept.has(signed[0]))
    assert.equal(verifier.unsign(signed[3], 'p'), 'd')
    assert.equal(calls(), 4)
    assert.equal(verifier.unsign(signed[0], 'p'), 'a')
    assert.equal(calls(), 5)
  })

  test("the app's verifier (the session cookie's) has it", ({ assert }) => {
    const verifier = encryption.getMessageVerifier()
    const signed = verifier.sign('session-id', undefined, 'esi-session')
    assert.equal(verifier.unsign(signed, 'esi-session'), 'session-id')
    // Installed by start/request_costs.ts: a second install keeps the first
    assert.equal(keepVerifiedSignatures(verifier).size, 0)
    assert.equal(verifier.unsign(signed, 'esi-session'), 'session-id')
  })
})

test.group('The edge renderer made when used (decision 748)', () => {
  test('shares are noted, then merged in their order when the renderer is made', ({ assert }) => {
    let made = 0
    const view = lazyRenderer(() => {
      made++
      return edge.createRenderer().share({ request: 'r', nested: { a: 1 } })
    })
    // What the packages share: class instances (kept by reference), functions, strings
    class Store {
      values = { x: 1 }
    }
    const session = new Store()
    view
      .share({ session })
      .share({ nested: { b: 2 } })
      .share({ cspNonce: 'n1' })
    assert.equal(made, 0)
    const eager = edge.createRenderer().share({ request: 'r', nested: { a: 1 } })
    eager
      .share({ session })
      .share({ nested: { b: 2 } })
      .share({ cspNonce: 'n1' })
    assert.deepEqual(view.getState(), eager.getState())
    assert.strictEqual(view.getState().session, session)
    assert.equal(made, 1)
    // After it is made, a share goes straight to it
    view.share({ late: true })
    assert.isTrue(view.getState().late)
    assert.equal(made, 1)
    assert.instanceOf(view, Object.getPrototypeOf(eager).constructor)
  })

  test('a request that renders nothing makes no renderer', ({ assert }) => {
    let made = 0
    const view = lazyRenderer(() => {
      made++
      return edge.createRenderer()
    })
    view.share({ auth: {} }).share({ cspNonce: 'n' })
    assert.equal(made, 0)
  })
})

test.group('Instants and days formatted without Luxon (decision 746)', () => {
  test('localIso gives what DateTime.fromISO(text).toISO() gives', ({ assert }) => {
    const texts = [
      '2026-11-24T22:11:46.123456+00:00',
      '2026-03-29T01:30:00+00:00',
      '2026-10-25T00:59:59.999+00:00',
      '2026-10-25T01:00:00.5+01:00',
      '1899-12-31T23:59:59+00:00',
      'not a date',
    ]
    let seed = 7
    for (let i = 0; i < 500; i++) {
      seed = (seed * 48271) % 2147483647
      const ms = Date.UTC(1970, 0, 1) + (seed % 4_000_000) * 1_000_003
      texts.push(new Date(ms).toISOString().replace('Z', '+00:00'))
    }
    for (const text of texts) assert.equal(localIso(text), DateTime.fromISO(text).toISO(), text)
  })

  test('localIsoOf gives what DateTime.fromJSDate(date).toISO() gives', ({ assert }) => {
    let seed = 11
    for (let i = 0; i < 500; i++) {
      seed = (seed * 48271) % 2147483647
      const date = new Date(Date.UTC(1950, 0, 1) + (seed % 3_000_000) * 1_000_003)
      assert.equal(localIsoOf(date), DateTime.fromJSDate(date).toISO())
    }
    assert.equal(
      localIsoOf(new Date('1850-06-01T00:00:00Z')),
      DateTime.fromISO('1850-06-01T00:00:00Z').toISO()
    )
  })

  test('the Brussels day of an instant, and today', ({ assert }) => {
    assert.equal(isoDateInBrussels('2026-03-29T22:30:00Z'), '2026-03-30')
    assert.equal(isoDateInBrussels('2026-07-01T21:59:59Z'), '2026-07-01')
    assert.equal(isoDateInBrussels('2026-07-01T22:00:00Z'), '2026-07-02')
    assert.equal(isoDateInBrussels(''), '')
    assert.equal(todayIso(new Date('2026-12-31T23:30:00Z')), '2027-01-01')
    assert.equal(todayIso(), isoDateInBrussels(new Date()))
  })
})
