/*
 * XLSX cells of the accountant's exports: our CSV amounts become numbers, everything else stays
 * text (leading zeros, formula-like strings).
 */
import { test } from '@japa/runner'
import { xlsxCell, xlsxFilename } from '#services/xlsx'

test.group('XLSX cells', () => {
  test('amounts become numbers, the rest stays text', ({ assert }) => {
    assert.strictEqual(xlsxCell('1234,56'), 1234.56)
    assert.strictEqual(xlsxCell('-12,5'), -12.5)
    assert.strictEqual(xlsxCell('0'), 0)
    assert.strictEqual(xlsxCell(42), 42)
    assert.strictEqual(xlsxCell('00012'), '00012')
    assert.strictEqual(xlsxCell('-1+1'), '-1+1')
    assert.strictEqual(xlsxCell('=SUM(A1:A9)'), '=SUM(A1:A9)')
    assert.strictEqual(xlsxCell('FAC-2026-00001'), 'FAC-2026-00001')
    assert.isNull(xlsxCell(''))
    assert.isNull(xlsxCell(null))
  })

  test('the file name follows the CSV one', ({ assert }) => {
    assert.equal(
      xlsxFilename('journal-ventes-2026-03-01-2026-03-31.csv'),
      'journal-ventes-2026-03-01-2026-03-31.xlsx'
    )
  })
})
