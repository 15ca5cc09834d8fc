/*
 * Decisions 737, 842: JSON bodies are parsed without a reviver, and their strings trimmed and the
 * empty ones turned into null afterwards (normaliseStrings, run by clean_input_middleware). The
 * framework's default reviver (`trimWhitespaces` with `convertEmptyStringsToNull`, copied here
 * as the oracle) and the new way give the same body for every text, with the parser's
 * prototype-poisoning guard (@poppinss/utils safeParse, the call the body parser makes) still
 * removing `__proto__` and `constructor.prototype`. And the app's configuration leaves the
 * parser no reason to make a reviver.
 */
import { test } from '@japa/runner'
import { safeParse } from '@poppinss/utils/json'
import bodyParserConfig from '#config/bodyparser'
import { normaliseStrings } from '#services/http/json_body'

/** The body parser's reviver with its defaults for JSON (@adonisjs/bodyparser 11). */
function frameworkReviver(key: string, value: unknown) {
  if (key === '') return value
  if (typeof value !== 'string') return value
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

function newWay(text: string) {
  const parsed = safeParse(text)
  normaliseStrings(parsed)
  return parsed
}

/** A random JSON value with empty strings, "" keys, arrays, nesting, unicode. */
function randomValue(next: () => number, depth = 0): unknown {
  const r = next()
  if (depth > 4 || r < 0.35) {
    const leaves = [
      '',
      ' ',
      ' \t\n',
      'texte',
      '  texte ',
      '0',
      0,
      1.5,
      null,
      true,
      false,
      'é « »',
      '\u2028',
      '\u00a0x\u00a0',
    ]
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

test.group(
  'JSON bodies: strings trimmed, empty ones null, without a reviver (decisions 737, 842)',
  () => {
    test('the same body as the framework’s reviver', ({ assert }) => {
      const texts = [
        '{}',
        '[]',
        '{"objet":"","lignes":[{"quantite":"","unite":null,"taux_tva":21},""]}',
        '{"":"","a":{"":"","b":""}}',
        '{"a":[["",""],{"x":""}],"b":" ","c":0,"d":false}',
        '{"objet":"  Fenêtres  ","lignes":[{"designation":" Porte\\n","quantite":"  "}],"":" x "}',
        '{"":{"a":" y ","":" z "},"b":["  ", " w"]}',
        '"  racine  "',
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
      assert.isFalse(normaliseStrings({ a: 'x', b: [1, null] }))
      assert.isTrue(normaliseStrings({ a: { b: [''] } }))
      assert.isTrue(normaliseStrings({ a: ['x '] }))
      class File {
        name = ''
      }
      const file = new File()
      assert.isFalse(normaliseStrings({ file }))
      assert.equal(file.name, '')
    })

    test('the JSON parser is given no reviver: neither rule is left to it', ({ assert }) => {
      // @adonisjs/bodyparser makes a reviver when either is true, and both default to true
      assert.isFalse(bodyParserConfig.json.convertEmptyStringsToNull)
      assert.isFalse(bodyParserConfig.json.trimWhitespaces)
    })
  }
)
