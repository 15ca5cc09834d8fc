/*
 * Decision 737: JSON bodies are parsed without a reviver and their empty strings turned into
 * null afterwards (emptyStringsToNull, run by clean_input_middleware). The framework's reviver
 * (`convertEmptyStringsToNull`, copied here as the oracle) and the new way give the same body for
 * every text, with the parser's prototype-poisoning guard (@poppinss/utils safeParse, the call
 * the body parser makes) still removing `__proto__` and `constructor.prototype`.
 */
import { test } from '@japa/runner'
import { safeParse } from '@poppinss/utils/json'
import { emptyStringsToNull } from '#services/http/json_body'

/** The body parser's reviver with convertEmptyStringsToNull (@adonisjs/bodyparser 11). */
function frameworkReviver(key: string, value: unknown) {
  if (key === '') return value
  return typeof value === 'string' ? (value === '' ? null : value) : value
}

function newWay(text: string) {
  const parsed = safeParse(text)
  emptyStringsToNull(parsed)
  return parsed
}

/** A random JSON value with empty strings, "" keys, arrays, nesting, unicode. */
function randomValue(next: () => number, depth = 0): unknown {
  const r = next()
  if (depth > 4 || r < 0.35) {
    const leaves = ['', ' ', 'texte', '0', 0, 1.5, null, true, false, 'é « »', '\u2028']
    return leaves[Math.floor(next() * leaves.length)]
  }
  if (r < 0.65) {
    return Array.from({ length: Math.floor(next() * 5) }, () => randomValue(next, depth + 1))
  }
  const keys = ['', 'a', 'objet', 'lignes', 'quantite', '__proto__', 'constructor', 'prototype']
  const out: Record<string, unknown> = {}
  for (let i = Math.floor(next() * 5); i > 0; i--) {
    Object.defineProperty(out, keys[Math.floor(next() * keys.length)], {
      value: randomValue(next, depth + 1),
      enumerable: true,
      configurable: true,
      writable: true,
    })
  }
  return out
}

test.group('JSON bodies: empty strings to null without a reviver (decision 737)', () => {
  test('the same body as the framework’s reviver', ({ assert }) => {
    const texts = [
      '{}',
      '[]',
      '{"objet":"","lignes":[{"quantite":"","unite":null,"taux_tva":21},""]}',
      '{"":"","a":{"":"","b":""}}',
      '{"a":[["",""],{"x":""}],"b":" ","c":0,"d":false}',
      '{"__proto__":{"admin":""},"a":""}',
      '{"constructor":{"prototype":{"admin":true}},"b":""}',
      '{"a":{"__proto__":{"x":1},"b":[{"constructor":{"prototype":{}}}]}}',
      '[""]',
      '""',
    ]
    let seed = 12345
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    for (let i = 0; i < 500; i++) texts.push(JSON.stringify(randomValue(next)))
    for (const text of texts) {
      assert.deepEqual(newWay(text), safeParse(text, frameworkReviver), text)
    }
  })

  test('the prototype-poisoning guard is kept', ({ assert }) => {
    const body = newWay(
      '{"__proto__":{"isAdmin":true},"a":{"constructor":{"prototype":{"isAdmin":true}},"b":""}}'
    ) as Record<string, any>
    assert.isFalse(Object.hasOwn(body, '__proto__'))
    assert.isFalse(Object.hasOwn(body.a, 'constructor'))
    assert.isNull(body.a.b)
    assert.isUndefined(({} as any).isAdmin)
  })

  test('says whether it changed something; leaves class instances alone', ({ assert }) => {
    assert.isFalse(emptyStringsToNull({ a: 'x', b: [1, null] }))
    assert.isTrue(emptyStringsToNull({ a: { b: [''] } }))
    class File {
      name = ''
    }
    const file = new File()
    assert.isFalse(emptyStringsToNull({ file }))
    assert.equal(file.name, '')
  })
})
