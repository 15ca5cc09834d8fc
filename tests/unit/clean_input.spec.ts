/*
 * The edge cleaner (issue 10): control characters removed, lone surrogates replaced, nested
 * bodies and keys cleaned, everything else left as it is.
 */
import { test } from '@japa/runner'
import { cleanInput, cleanString, needsCleaning } from '#services/http/clean_input'

test.group('Clean input', () => {
  test('removes NUL and C0 controls but keeps tab, line feed and carriage return', ({ assert }) => {
    assert.equal(cleanString('a\u0000b\u0001c\u001fd\u007fe'), 'abcde')
    assert.equal(cleanString('ligne 1\r\nligne 2\tfin'), 'ligne 1\r\nligne 2\tfin')
    assert.equal(cleanString('\u0000'), '')
  })

  test('replaces lone surrogates, keeps real pairs and accents', ({ assert }) => {
    assert.equal(cleanString('a\ud800b'), 'a\ufffdb')
    assert.equal(cleanString('x\udfff'), 'x\ufffd')
    assert.equal(cleanString('Église 😀'), 'Église 😀')
    assert.isFalse(needsCleaning('Église 😀 ligne\n'))
  })

  test('cleans nested bodies and keys, leaves numbers, booleans and null', ({ assert }) => {
    const body = {
      'nom\u0000': 'Du\u0000pont',
      lignes: [{ designation: 'a\ud800', quantite: 2, ok: true, vide: null }],
      deep: { deeper: ['\u0007x'] },
    }
    assert.isTrue(needsCleaning(body))
    assert.deepEqual(cleanInput(body), {
      nom: 'Dupont',
      lignes: [{ designation: 'a\ufffd', quantite: 2, ok: true, vide: null }],
      deep: { deeper: ['x'] },
    })
    assert.isFalse(needsCleaning(cleanInput(body)))
  })
})
