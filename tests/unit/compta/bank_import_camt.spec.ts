/*
 * CAMT.053 statements (issue 11 §3): fields of known lines, exact cents, stable keys, errors
 * with their line number. Fixtures in tests/fixtures/bank (invented data, valid IBANs and
 * communications).
 */
import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import { parseStatement } from '#services/compta/bank_import/index'
import { isValidIban, isValidStructuredCommunication } from '#shared/validation/belgium'

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/bank/${name}`, import.meta.url))

test.group('bank import: CAMT.053', () => {
  test('v02 (BNP Paribas Fortis shape): every field of the structured credit', ({ assert }) => {
    const result = parseStatement(fixture('bnp_camt053_v02.xml'), 'bnp_camt053_v02.xml')
    assert.deepEqual(result.errors, [])
    assert.equal(result.format, 'camt053')
    assert.deepEqual(result.lines[0], {
      account_iban: 'BE73735012345660',
      booking_date: '2025-03-14',
      value_date: '2025-03-14',
      amount: 125000,
      currency: 'EUR',
      structured_communication: '+++202/5000/12390+++',
      free_communication: null,
      counterparty_name: 'Hélène Lefèvre',
      counterparty_iban: 'BE78310098765486',
      counterparty_bic: 'BBRUBEBB',
      end_to_end_id: 'ENDTOEND-LEF-0001',
      bank_reference: 'B5C14BI0T00A0001',
      unique_key: 'camt:BE73735012345660:2025-0063-BE73735012345660:0063-001:1',
    })
    assert.isTrue(isValidIban(result.lines[0].counterparty_iban!))
  })

  test('v02: an entry with two TxDtls gives two lines; the debit is negative; pending skipped', ({
    assert,
  }) => {
    const { lines, statements } = parseStatement(fixture('bnp_camt053_v02.xml'))
    assert.deepEqual(
      lines.map((l) => [
        l.amount,
        l.counterparty_name,
        l.structured_communication,
        l.free_communication,
      ]),
      [
        [125000, 'Hélène Lefèvre', '+++202/5000/12390+++', null],
        [10, 'FRANCOIS GERARD', null, 'Test virement 0,10'],
        // typed by the payer in the free field: still recognised
        [20, 'EBENISTERIE NOEL SRL', '+++202/5000/45635+++', null],
        [-8990, 'Quincaillerie Wallonne SA', null, 'Facture F2025-118 quincaillerie'],
      ]
    )
    assert.equal(lines[1].end_to_end_id, null, 'NOTPROVIDED is no reference')
    assert.equal(lines[1].value_date, '2025-03-15')
    assert.equal(lines[3].counterparty_iban, 'BE52679022233309')
    assert.deepEqual(statements, [
      {
        account_iban: 'BE73735012345660',
        currency: 'EUR',
        statement_id: '2025-0063-BE73735012345660',
        opening_balance: 1234567,
        closing_balance: 1350607,
        date: '2025-03-14',
        line_count: 4,
      },
    ])
  })

  test('exact cents: 0,10 + 0,20 = 30 cents, and balances add up to the cent', ({ assert }) => {
    const { lines, statements } = parseStatement(fixture('bnp_camt053_v02.xml'))
    assert.strictEqual(lines[1].amount + lines[2].amount, 30)
    const sum = lines.reduce((total, l) => total + l.amount, 0)
    assert.strictEqual(statements[0].opening_balance! + sum, statements[0].closing_balance)
  })

  test('v08 with a namespace prefix (Belfius shape): Pty/Nm, BICFI, DtTm, +++ reference', ({
    assert,
  }) => {
    const result = parseStatement(fixture('belfius_camt053_v08.xml'))
    assert.deepEqual(result.errors, [])
    assert.lengthOf(result.lines, 1)
    const [line] = result.lines
    assert.equal(line.booking_date, '2025-03-17')
    assert.equal(line.amount, 30000)
    assert.equal(line.counterparty_name, 'VANDENBROUCKE ZOE')
    assert.equal(line.counterparty_iban, 'BE23890011122291')
    assert.equal(line.counterparty_bic, 'GKCCBEBB')
    assert.equal(line.structured_communication, '+++202/5000/78977+++')
    assert.isTrue(isValidStructuredCommunication(line.structured_communication!))
    assert.equal(line.bank_reference, 'BELF0317A000001')
  })

  test('the same file imported twice gives the same unique keys, all distinct', ({ assert }) => {
    const first = parseStatement(fixture('bnp_camt053_v02.xml')).lines.map((l) => l.unique_key)
    const second = parseStatement(fixture('bnp_camt053_v02.xml')).lines.map((l) => l.unique_key)
    assert.deepEqual(first, second)
    assert.equal(new Set(first).size, first.length)
  })

  test('a statement without Id: keys from a fingerprint, still stable', ({ assert }) => {
    const xml = fixture('belfius_camt053_v08.xml')
      .toString('utf8')
      .replace(/<ns2:Id>BE[^<]*-2025-03-17<\/ns2:Id>\n/, '')
    const a = parseStatement(xml).lines
    const b = parseStatement(xml).lines
    assert.lengthOf(a, 1)
    assert.match(a[0].unique_key, /^camt:BE73735012345660:[0-9a-f]{32}$/)
    assert.equal(a[0].unique_key, b[0].unique_key)
  })

  test('truncated XML: an error with the line, nothing imported', ({ assert }) => {
    const result = parseStatement(fixture('malformed_truncated.xml'))
    assert.lengthOf(result.lines, 0)
    assert.lengthOf(result.statements, 0)
    assert.lengthOf(result.errors, 1)
    // the fixture is the v02 statement cut after its line 120, inside the second entry
    assert.deepEqual(result.errors, [
      {
        line: 120,
        message: 'XML mal formé : document incomplet ou tronqué (balise « Ntry » non fermée).',
      },
    ])
  })

  test('a bad amount in an entry: the entry’s line number, nothing imported', ({ assert }) => {
    const xml = fixture('bnp_camt053_v02.xml')
      .toString('utf8')
      .replace('<Amt Ccy="EUR">89.90</Amt>', '<Amt Ccy="EUR">89,90</Amt>')
    const result = parseStatement(xml)
    assert.lengthOf(result.lines, 0)
    assert.deepEqual(result.errors, [
      { line: 183, message: 'Écriture : montant invalide « 89,90 ».' },
    ])
  })

  test('an amount with a fraction of a cent is refused, not rounded', ({ assert }) => {
    const xml = fixture('bnp_camt053_v02.xml')
      .toString('utf8')
      .replace('<Amt Ccy="EUR">0.10</Amt>', '<Amt Ccy="EUR">0.105</Amt>')
    const result = parseStatement(xml)
    assert.lengthOf(result.lines, 0)
    assert.match(result.errors[0].message, /montant invalide « 0\.105 »/)
  })

  test('another XML document or a DOCTYPE is refused in French', ({ assert }) => {
    const other = parseStatement(
      '<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>'
    )
    assert.equal(
      other.errors[0].message,
      'Ce fichier XML n’est pas un relevé CAMT.053 (extrait de compte ISO 20022).'
    )
    const bomb = parseStatement(
      '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaa">]>\n<Document><BkToCstmrStmt/></Document>'
    )
    assert.deepEqual(bomb.errors, [
      { line: 2, message: 'Les déclarations DOCTYPE ne sont pas acceptées dans un relevé.' },
    ])
  })
})
