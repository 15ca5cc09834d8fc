import { test } from '@japa/runner'
import {
  formatIban,
  isValidBeVat,
  isValidIban,
  isValidStructuredCommunication,
  normalizeBeVat,
  structuredCommunication,
} from '#shared/validation/belgium'

test.group('shared/validation/belgium', () => {
  test('VAT numbers: format and mod-97 check', ({ assert }) => {
    // 0456.789.0xx: 97 − (04567890 mod 97) computed by hand below
    const base = 4567890
    const check = 97 - (base % 97)
    const valid = `BE0${base}${String(check).padStart(2, '0')}`
    assert.isTrue(isValidBeVat(valid))
    assert.isTrue(isValidBeVat(valid.replace('BE', 'be ').replace(/(\d{4})(\d{3})/, '$1.$2.')))
    assert.isFalse(isValidBeVat(`BE0${base}${String((check % 97) + 1).padStart(2, '0')}`))
    assert.isFalse(isValidBeVat('BE2123456789'), 'first digit must be 0 or 1')
    assert.isFalse(isValidBeVat('BE01234'))
    assert.isFalse(isValidBeVat('FR0123456789'))
    assert.equal(normalizeBeVat('be 403.170.701'), 'BE0403170701')
    // Known real number (a Belgian public company)
    assert.isTrue(isValidBeVat('BE0403170701'))
  })

  test('IBAN: ISO 13616 mod 97 and country lengths', ({ assert }) => {
    assert.isTrue(isValidIban('BE68539007547034'))
    assert.isTrue(isValidIban('be68 5390 0754 7034'))
    assert.isTrue(isValidIban('FR1420041010050500013M02606'))
    assert.isTrue(isValidIban('NL91ABNA0417164300'))
    assert.isFalse(isValidIban('BE68539007547035'), 'one digit changed')
    assert.isFalse(isValidIban('BE6853900754703'), 'too short for Belgium')
    assert.isFalse(isValidIban('not an iban'))
    assert.equal(formatIban('BE68539007547034'), 'BE68 5390 0754 7034')
  })

  test('structured communication: mod 97, 97 instead of 0', ({ assert }) => {
    // 0000000001 mod 97 = 1 → 01
    assert.equal(structuredCommunication(1), '+++000/0000/00101+++')
    // 97 mod 97 = 0 → 97
    assert.equal(structuredCommunication(97), '+++000/0000/09797+++')
    // 1234567890 mod 97 = 2
    assert.equal(1234567890 % 97, 2)
    assert.equal(structuredCommunication(1234567890), '+++123/4567/89002+++')
    assert.isTrue(isValidStructuredCommunication('+++123/4567/89002+++'))
    assert.isFalse(isValidStructuredCommunication('+++123/4567/89003+++'))
    assert.throws(() => structuredCommunication('12345678901'))
  })
})
