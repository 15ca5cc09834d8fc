import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { safeStringify } from '@poppinss/utils/json'
import { serializeJsonBody } from '#services/http/json_body'

test.group('Response bodies: V8 JSON with the framework’s fallback (decision 680)', () => {
  test('the same string as the framework’s serialiser for what pages send', ({ assert }) => {
    class Row {
      constructor(public id: number) {}
      toJSON() {
        return { id: this.id, label: `Client ${this.id}` }
      }
    }
    const props = {
      clients: [new Row(1), new Row(2)],
      at: new Date('2026-11-24T12:00:00Z'),
      luxon: DateTime.fromISO('2026-11-24T13:00:00', { zone: 'Europe/Brussels' }),
      nothing: undefined,
      list: [1, undefined, () => 1, Number.NaN, Infinity, null, 'é « » \u2028'],
      nested: { z: 1, a: { b: [true, false] } },
      fn: () => 1,
    }
    for (const value of [props, [], {}, 'texte', 12.5, null, true]) {
      assert.equal(serializeJsonBody(value), safeStringify(value))
    }
    assert.isUndefined(serializeJsonBody(undefined))
  })

  test('a BigInt or a cycle falls back to the framework’s serialiser', ({ assert }) => {
    assert.equal(serializeJsonBody({ n: 12n }), '{"n":"12"}')
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = cyclic
    assert.equal(serializeJsonBody(cyclic), safeStringify(cyclic))
    assert.equal(serializeJsonBody(cyclic), '{"a":1}')
  })

  test('the app sends its JSON bodies through it', async ({ assert }) => {
    const { http } = await import('#config/app')
    assert.strictEqual(http.serializeJSON, serializeJsonBody)
  })
})
