import { test } from '@japa/runner'
import { centsToInput, moneyError, MONEY_MESSAGES, parseMoney } from '#shared/money'

test.group('shared/money', () => {
  test('French and plain amounts become integer cents', ({ assert }) => {
    const cases: [string, number][] = [
      ['1 234,56', 123456],
      ['12.5', 1250],
      ['12,5', 1250],
      ['12,50 €', 1250],
      ['€ 12', 1200],
      ['0', 0],
      ['0,07', 7],
      [',5', 50],
      ['1.234,56', 123456],
      ['1,234.56', 123456],
      ['1.234.567', 123456700],
      ['1\u202f234,56\u00a0€', 123456],
      ['  42  ', 4200],
      ['+3', 300],
    ]
    for (const [input, cents] of cases) assert.equal(parseMoney(input), cents, input)
  })

  test('three decimals, garbage and negatives are refused with a French message', ({ assert }) => {
    const refused: [string, string][] = [
      ['12,345', MONEY_MESSAGES.decimals],
      ['1.234', MONEY_MESSAGES.decimals],
      ['0,001', MONEY_MESSAGES.decimals],
      ['abc', MONEY_MESSAGES.format],
      ['12a', MONEY_MESSAGES.format],
      ['1e3', MONEY_MESSAGES.format],
      ['0x10', MONEY_MESSAGES.format],
      ['12,5,3', MONEY_MESSAGES.format],
      ['1.23.4', MONEY_MESSAGES.format],
      ['€', MONEY_MESSAGES.empty],
      ['', MONEY_MESSAGES.empty],
      [',', MONEY_MESSAGES.format],
      ['-5', MONEY_MESSAGES.negative],
      ['99999999999', MONEY_MESSAGES.tooLarge],
      ['=1+2', MONEY_MESSAGES.format],
    ]
    for (const [input, message] of refused) {
      assert.throws(() => parseMoney(input), message)
      assert.equal(moneyError(input), message, input)
    }
    assert.isNull(moneyError('12,50'))
  })

  test('negatives only when allowed', ({ assert }) => {
    assert.equal(parseMoney('-12,50', { allowNegative: true }), -1250)
    assert.equal(parseMoney('−3', { allowNegative: true }), -300)
  })

  test('cents back to an input value', ({ assert }) => {
    assert.equal(centsToInput(123456), '1234,56')
    assert.equal(centsToInput(5), '0,05')
    assert.equal(centsToInput(-1250), '-12,50')
    assert.equal(centsToInput(null), '')
    // Round trip
    for (const cents of [0, 1, 99, 100, 123456, 2_147_483_647]) {
      assert.equal(parseMoney(centsToInput(cents)), cents)
    }
  })
})
