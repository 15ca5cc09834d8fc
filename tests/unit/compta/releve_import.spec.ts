/*
 * The pure pieces of the bank import around the parsers: a line's payment key (one per line,
 * ever, a valid UUID), the payment's reference, the summary line and the period shown.
 */
import { test } from '@japa/runner'
import { lineIdempotencyKey, lineReference } from '#services/paiements/releve_import'
import { importSummaryText, periode } from '#shared/releves'
import { camtStatement } from '#services/compta/bank_import/camt_writer'
import { parseStatement } from '#services/compta/bank_import/index'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

test.group('Bank import / line keys and texts', () => {
  test('a line key gives one UUID, always the same, another key another one', ({ assert }) => {
    const a = lineIdempotencyKey('camt:BE73735012345660:2025-0063:0063-001:1')
    assert.match(a, UUID)
    assert.equal(a, lineIdempotencyKey('camt:BE73735012345660:2025-0063:0063-001:1'))
    assert.notEqual(a, lineIdempotencyKey('camt:BE73735012345660:2025-0063:0063-001:2'))
  })

  test('the payment reference is the bank’s, else the structured communication', ({ assert }) => {
    const communication = '+++090/9337/55493+++'
    assert.equal(
      lineReference({ reference_banque: 'B5C14', communication_structuree: communication }),
      'B5C14'
    )
    assert.equal(
      lineReference({ reference_banque: null, communication_structuree: communication }),
      communication
    )
    assert.isNull(lineReference({ reference_banque: null, communication_structuree: null }))
  })

  test('summary and period in French', ({ assert }) => {
    assert.equal(
      importSummaryText({
        lignes_fichier: 5,
        lignes_nouvelles: 4,
        rapprochees_auto: 1,
        lignes_deja_importees: 1,
      }),
      '5 lignes · 4 nouvelles lignes · 1 rapprochée automatiquement · 3 à rapprocher · 1 déjà importée'
    )
    assert.equal(periode({ date_debut: '2025-03-14', date_fin: '2025-03-14' }), '14/03/2025')
    assert.equal(
      periode({ date_debut: '2025-03-01', date_fin: '2025-03-31' }),
      '01/03/2025 au 31/03/2025'
    )
  })

  test('the CAMT writer’s statements read back through the parser, cents exact', ({ assert }) => {
    const xml = camtStatement([
      {
        ref: 'R-1',
        montant: 123456,
        date: '2025-03-14',
        nom: 'Élise Frère',
        communication: '+++090/9337/55493+++',
      },
      { ref: 'R-2', montant: -990, date: '2025-03-15', nom: 'Banque', libre: 'Frais & co' },
    ])
    const parsed = parseStatement(xml)
    assert.deepEqual(parsed.errors, [])
    assert.equal(parsed.format, 'camt053')
    assert.deepEqual(
      parsed.lines.map((l) => [
        l.amount,
        l.booking_date,
        l.counterparty_name,
        l.structured_communication,
        l.free_communication,
      ]),
      [
        [123456, '2025-03-14', 'Élise Frère', '+++090/9337/55493+++', null],
        [-990, '2025-03-15', 'Banque', null, 'Frais & co'],
      ]
    )
    assert.equal(parsed.statements[0].closing_balance, 1_000_000 + 123456 - 990)
  })
})
