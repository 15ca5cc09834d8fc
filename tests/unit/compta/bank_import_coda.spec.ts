/*
 * CODA 2.6 statements (issue 11 §3): a KBC-shaped file in Windows-1252 with structured and
 * free communications, information records, a globalised movement, balances and trailer;
 * malformed copies of it; detection, encoding, size.
 */
import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import fc from 'fast-check'
import { codaAmountToCents } from '#services/compta/bank_import/fields'
import {
  MAX_STATEMENT_BYTES,
  detectFormat,
  parseStatement,
} from '#services/compta/bank_import/index'

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/bank/${name}`, import.meta.url))

test.group('bank import: CODA', () => {
  test('every field of the structured credit, accents decoded from Windows-1252', ({ assert }) => {
    const result = parseStatement(fixture('kbc_2025-03-15.cod'), 'kbc_2025-03-15.cod')
    assert.deepEqual(result.errors, [])
    assert.equal(result.format, 'coda')
    assert.deepEqual(result.lines[0], {
      account_iban: 'BE73735012345660',
      booking_date: '2025-03-15',
      value_date: '2025-03-14',
      amount: 125000,
      currency: 'EUR',
      structured_communication: '+++202/5000/12390+++',
      free_communication: 'Acompte châssis PVC',
      counterparty_name: 'Hélène Lefèvre',
      counterparty_iban: 'BE78310098765486',
      counterparty_bic: 'BBRUBEBB',
      end_to_end_id: 'ENDTOEND-LEF-0001',
      bank_reference: 'EPIB00048 AWIUBTKAPUO',
      unique_key: 'coda:BE73735012345660:2025-03-15:052:0001:0000',
    })
  })

  test('free communications across 21 and 22, debit, globalised movement split by detail', ({
    assert,
  }) => {
    const { lines, statements } = parseStatement(fixture('kbc_2025-03-15.cod'))
    assert.deepEqual(
      lines.map((l) => [l.amount, l.counterparty_name, l.structured_communication]),
      [
        [125000, 'Hélène Lefèvre', '+++202/5000/12390+++'],
        [10, 'FRANÇOIS GÉRARD', null],
        [20, 'FRANÇOIS GÉRARD', null],
        [-8990, 'Quincaillerie Wallonne SA', null],
        // the 300,00 global movement is shown as its two payers
        [10000, 'Ébénisterie Noël SRL', '+++202/5000/45635+++'],
        [20000, 'Mme Zoé Vandenbroucke', '+++202/5000/78977+++'],
      ]
    )
    assert.equal(lines[1].free_communication, 'Test virement 0,10 € - vérif compte')
    assert.equal(
      lines[3].free_communication,
      'Facture fournisseur F2025-118 quincaillerie Schüco pièces'
    )
    assert.equal(lines[3].end_to_end_id, null, 'NOTPROVIDED is no reference')
    assert.equal(lines[4].unique_key, 'coda:BE73735012345660:2025-03-15:052:0005:0001')
    assert.deepEqual(statements, [
      {
        account_iban: 'BE73735012345660',
        currency: 'EUR',
        statement_id: '052',
        opening_balance: 1234567,
        closing_balance: 1380607,
        date: '2025-03-15',
        line_count: 6,
      },
    ])
  })

  test('exact cents: 0,10 + 0,20 = 30 cents; opening + lines = closing', ({ assert }) => {
    const { lines, statements } = parseStatement(fixture('kbc_2025-03-15.cod'))
    assert.strictEqual(lines[1].amount + lines[2].amount, 30)
    const sum = lines.reduce((total, l) => total + l.amount, 0)
    assert.strictEqual(statements[0].opening_balance! + sum, statements[0].closing_balance)
  })

  test('the same file twice: same keys; UTF-8 or LF-only copies too', ({ assert }) => {
    const bytes = fixture('kbc_2025-03-15.cod')
    const keys = parseStatement(bytes).lines.map((l) => l.unique_key)
    assert.deepEqual(
      parseStatement(fixture('kbc_2025-03-15.cod')).lines.map((l) => l.unique_key),
      keys
    )
    assert.equal(new Set(keys).size, keys.length)
    const utf8 = Buffer.from(bytes.toString('latin1').replace(/\r\n/g, '\n'), 'utf8')
    const again = parseStatement(utf8)
    assert.deepEqual(
      again.lines.map((l) => l.unique_key),
      keys
    )
    assert.equal(again.lines[0].counterparty_name, 'Hélène Lefèvre')
  })

  test('a line of 127 characters: its line number, nothing imported', ({ assert }) => {
    const result = parseStatement(fixture('malformed_short_line.cod'))
    assert.deepEqual(result.lines, [])
    assert.deepEqual(result.statements, [])
    assert.deepInclude(result.errors, {
      line: 5,
      message: 'La ligne compte 127 caractères au lieu de 128.',
    })
  })

  test('a bad amount: its line number, nothing imported', ({ assert }) => {
    const result = parseStatement(fixture('malformed_bad_amount.cod'))
    assert.deepEqual(result.lines, [])
    assert.deepInclude(result.errors, {
      line: 3,
      message: 'Mouvement : montant invalide « 00000012A450000 ».',
    })
  })

  test('a trailer whose record count is wrong: error on the trailer line', ({ assert }) => {
    const result = parseStatement(fixture('malformed_trailer_count.cod'))
    assert.deepEqual(result.lines, [])
    assert.deepEqual(result.errors, [
      {
        line: 21,
        message:
          'L’enregistrement final annonce 000019 enregistrements, le fichier en contient 18.',
      },
    ])
  })

  test('unknown record, missing trailer, records before the header', ({ assert }) => {
    const records = fixture('kbc_2025-03-15.cod').toString('latin1').split('\r\n')
    const unknown = [...records]
    unknown[5] = '7' + unknown[5].slice(1)
    assert.deepInclude(parseStatement(unknown.join('\n')).errors, {
      line: 6,
      message: 'Type d’enregistrement inconnu « 7 ».',
    })
    const noTrailer = records.slice(0, 20).join('\n')
    assert.deepEqual(parseStatement(noTrailer).errors, [
      { line: 20, message: 'Fin de fichier inattendue : l’enregistrement final (9) manque.' },
    ])
  })

  test('detection, unknown formats and the size cap', ({ assert }) => {
    assert.equal(detectFormat(fixture('kbc_2025-03-15.cod').toString('latin1')), 'coda')
    assert.equal(detectFormat(fixture('bnp_camt053_v02.xml').toString('utf8')), 'camt053')
    assert.equal(detectFormat('\uFEFF<?xml version="1.0"?><Document/>'), 'xml')
    assert.isNull(detectFormat('Date;Montant;Libellé\n'))
    assert.deepEqual(parseStatement(Buffer.from('Date;Montant\n'), 'export.csv').errors, [
      {
        line: 0,
        message:
          'Format non reconnu pour « export.csv » : un relevé CAMT.053 (XML) ou CODA est attendu.',
      },
    ])
    const big = Buffer.alloc(MAX_STATEMENT_BYTES + 1, 0x30)
    assert.deepEqual(parseStatement(big).errors, [
      { line: 0, message: 'Le fichier dépasse la taille maximale de 5 Mo.' },
    ])
  })

  test('property: any amount printed in a CODA field parses back to the same cents', ({
    assert,
  }) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999_999 }), (cents) => {
        // 12 integer digits and 3 decimals, the third always 0
        const field = String(cents * 10).padStart(15, '0')
        assert.lengthOf(field, 15)
        return codaAmountToCents(field) === cents
      })
    )
    assert.isNull(codaAmountToCents('000000000012345'), 'a thousandth of a euro is not rounded')
  })
})
