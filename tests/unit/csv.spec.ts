import { test } from '@japa/runner'
import { csvLines, decodeCsv, parseCsv, safeCell } from '#services/csv'

test.group('CSV files', () => {
  test('cells that a spreadsheet would run get an apostrophe (ASVS 1.2.10)', ({ assert }) => {
    assert.equal(safeCell('=HYPERLINK("http://x","clic")'), `'=HYPERLINK("http://x","clic")`)
    assert.equal(safeCell('+cmd|/C calc'), "'+cmd|/C calc")
    assert.equal(safeCell('-1+1'), "'-1+1")
    assert.equal(safeCell('-2+3+cmd|/C calc!A0'), "'-2+3+cmd|/C calc!A0")
    assert.equal(safeCell('-12,5,0'), "'-12,5,0")
    assert.equal(safeCell('@SUM(A1)'), "'@SUM(A1)")
    assert.equal(safeCell('\t=1'), "'\t=1")
    assert.equal(safeCell('\r=1'), "'\r=1")
    assert.equal(safeCell('\0x'), "'\0x")
    assert.equal(safeCell('Dupont'), 'Dupont')
    assert.equal(safeCell('12,50'), '12,50')
    assert.equal(safeCell(null), '')
  })

  test('a plain negative amount (a note de crédit) stays a number', ({ assert }) => {
    assert.equal(safeCell('-1234,56'), '-1234,56')
    assert.equal(safeCell('-1'), '-1')
    assert.equal(safeCell('-0,05'), '-0,05')
    assert.equal(safeCell('-01,00'), "'-01,00")
  })

  test('RFC 4180 quoting with ; and CRLF', ({ assert }) => {
    assert.equal(
      csvLines([['a;b', 'dit "oui"', 'deux\nlignes', '', '=1']]),
      '"a;b";"dit ""oui""";"deux\nlignes";;\'=1\r\n'
    )
  })

  test('parsing keeps the line number of each record and removes our apostrophe', ({ assert }) => {
    const text = '\uFEFFRéférence;Libellé\r\nA;"deux\nlignes"\r\n\r\nB;\'=x\r\n'
    const records = parseCsv(text)
    assert.deepEqual(
      records.map((r) => [r.line, r.cells]),
      [
        [1, ['Référence', 'Libellé']],
        [2, ['A', 'deux\nlignes']],
        [5, ['B', '=x']],
      ]
    )
    assert.deepEqual(parseCsv('a,b\n1,2\n')[1].cells, ['1', '2'])
    assert.throws(() => parseCsv('a;b\n"x;y\n'))
  })

  test('Windows-1252 files from Excel are read too', ({ assert }) => {
    assert.equal(decodeCsv(Buffer.from([0x50, 0xe9, 0x3b, 0x80])), 'Pé;€')
    assert.equal(decodeCsv(Buffer.from('Pé;€', 'utf8')), 'Pé;€')
  })
})
