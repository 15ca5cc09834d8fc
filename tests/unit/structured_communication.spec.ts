/*
 * Belgian structured communication (+++ddd/dddd/dddcc+++): cc = the 10-digit base mod 97, 97
 * when the remainder is 0. Every example's check digits were computed by hand (BigInt % 97n)
 * before being asserted here.
 */
import { test } from '@japa/runner'
import { isValidStructuredCommunication, structuredCommunication } from '#shared/validation/belgium'
import { communicationFor } from '#services/paiement/demande_paiement_service'

test.group('Structured communication (mod 97)', () => {
  test('known-good values are recognised', ({ assert }) => {
    // 0000000000 mod 97 = 0 → 97: the smallest valid communication
    assert.isTrue(isValidStructuredCommunication('+++000/0000/00097+++'))
    // 0108068171 mod 97 = 83 (a commonly cited example)
    assert.isTrue(isValidStructuredCommunication('+++010/8068/17183+++'))
    // 1234567890 mod 97 = 2
    assert.isTrue(isValidStructuredCommunication('+++123/4567/89002+++'))
    // The *** variant and spaces are accepted forms of the same reference
    assert.isTrue(isValidStructuredCommunication('***010/8068/17183***'))
    assert.isTrue(isValidStructuredCommunication('010 8068 17183'))
  })

  test('wrong check digits, lengths and letters are refused', ({ assert }) => {
    assert.isFalse(isValidStructuredCommunication('+++000/0000/00000+++'), '0 is never a check')
    assert.isFalse(isValidStructuredCommunication('+++010/8068/17184+++'))
    assert.isFalse(isValidStructuredCommunication('+++123/4567/89097+++'))
    assert.isFalse(isValidStructuredCommunication('+++123/4567/8900+++'), '11 digits')
    assert.isFalse(isValidStructuredCommunication('+++123/4567/890022+++'), '13 digits')
    assert.isFalse(isValidStructuredCommunication('+++12A/4567/89002+++'))
    assert.isFalse(isValidStructuredCommunication(''))
  })

  test('structuredCommunication builds the known-good values from their base', ({ assert }) => {
    assert.equal(structuredCommunication(0), '+++000/0000/00097+++')
    assert.equal(structuredCommunication('0108068171'), '+++010/8068/17183+++')
    assert.equal(structuredCommunication(1234567890), '+++123/4567/89002+++')
    // A short base is left-padded to 10 digits: 97 mod 97 = 0 → check 97
    assert.equal(structuredCommunication(97), '+++000/0000/09797+++')
    assert.throws(() => structuredCommunication('12345678901'))
    assert.throws(() => structuredCommunication('12345abcde'))
  })

  test('every built communication is valid (bases across the range)', ({ assert }) => {
    for (let base = 0; base < 3000; base += 7) {
      assert.isTrue(isValidStructuredCommunication(structuredCommunication(base)), `base ${base}`)
    }
    assert.isTrue(isValidStructuredCommunication(structuredCommunication('9999999999')))
  })

  test('communicationFor: year on 2 digits + the DP number on 8', ({ assert }) => {
    // 2600000042 mod 97 = 14
    assert.equal(communicationFor('DP-2026-00042'), '+++260/0000/04214+++')
    assert.isTrue(isValidStructuredCommunication(communicationFor('DP-2026-00042')))
    // Different numbers, different communications (unique per demande)
    assert.notEqual(communicationFor('DP-2026-00001'), communicationFor('DP-2026-00002'))
    assert.notEqual(communicationFor('DP-2026-00001'), communicationFor('DP-2027-00001'))
    assert.throws(() => communicationFor('DP-00042'))
  })
})
