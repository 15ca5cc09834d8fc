/*
 * Automatic matching of statement lines (issue 11 §3): communication first, then amount +
 * name when one item only fits; debits never match.
 */
import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import { parseStatement } from '#services/compta/bank_import/index'
import { matchLines, namesResemble, type OpenItem } from '#services/compta/bank_import/match'
import type { StatementLine } from '#services/compta/bank_import/types'

const coda = () =>
  parseStatement(readFileSync(new URL('../../fixtures/bank/kbc_2025-03-15.cod', import.meta.url)))
    .lines

const item = (over: Partial<OpenItem>): OpenItem => ({
  id: 1,
  kind: 'facture',
  client_id: 1,
  client_nom: 'Client',
  reste: 0,
  communication: null,
  ...over,
})

function line(over: Partial<StatementLine>): StatementLine {
  return {
    account_iban: 'BE73735012345660',
    booking_date: '2025-03-15',
    value_date: null,
    amount: 10000,
    currency: 'EUR',
    structured_communication: null,
    free_communication: null,
    counterparty_name: null,
    counterparty_iban: null,
    counterparty_bic: null,
    end_to_end_id: null,
    bank_reference: null,
    unique_key: 'k',
    ...over,
  }
}

test.group('bank import: matching', () => {
  test('by structured communication, whatever its typing on the item', ({ assert }) => {
    const lines = coda()
    const items = [
      item({ id: 11, reste: 500000, communication: '202500012390', client_nom: 'Autre nom' }),
      item({
        id: 12,
        kind: 'demande_paiement',
        reste: 10000,
        communication: '***202/5000/45635***',
      }),
    ]
    const result = matchLines(lines, items)
    assert.deepEqual(result[0], {
      unique_key: lines[0].unique_key,
      match: { id: 11, kind: 'facture', how: 'communication' },
    })
    assert.deepEqual(result[4].match, { id: 12, kind: 'demande_paiement', how: 'communication' })
    assert.isNull(result[5].match, 'a communication nobody owes, no name either')
  })

  test('by amount and a name that resembles the client (accents, case, order)', ({ assert }) => {
    const lines = coda()
    const items = [
      item({ id: 21, reste: 20000, client_nom: 'Zoé Vandenbroucke' }),
      item({ id: 22, reste: 20000, client_nom: 'Marc Peeters' }),
    ]
    const result = matchLines(lines, items)
    // line 5 carries a communication no item has: the amount and name decide
    assert.deepEqual(result[5].match, { id: 21, kind: 'facture', how: 'montant_nom' })
  })

  test('ambiguous: two items of the same client with that amount → null', ({ assert }) => {
    const l = line({ amount: 45000, counterparty_name: 'DUPONT MARIE' })
    const items = [
      item({ id: 31, reste: 45000, client_nom: 'Marie Dupont' }),
      item({ id: 32, reste: 45000, client_nom: 'Marie Dupont' }),
    ]
    assert.isNull(matchLines([l], items)[0].match)
  })

  test('a second transfer of the same amount does not match an item the first one settled', ({
    assert,
  }) => {
    const items = [item({ id: 41, reste: 45000, client_nom: 'Marie Dupont' })]
    const result = matchLines(
      [
        line({ unique_key: 'a', amount: 45000, counterparty_name: 'M. DUPONT' }),
        line({ unique_key: 'b', amount: 45000, counterparty_name: 'M. DUPONT' }),
      ],
      items
    )
    assert.deepEqual(result[0].match, { id: 41, kind: 'facture', how: 'montant_nom' })
    assert.isNull(result[1].match)
  })

  test('debits never match, even with the communication of an open item', ({ assert }) => {
    const items = [
      item({
        id: 51,
        reste: 8990,
        communication: '+++202/5000/12390+++',
        client_nom: 'Quincaillerie Wallonne',
      }),
    ]
    const l = line({
      amount: -8990,
      structured_communication: '+++202/5000/12390+++',
      counterparty_name: 'Quincaillerie Wallonne SA',
    })
    assert.isNull(matchLines([l], items)[0].match)
  })

  test('amount equal but another name → null; same name other amount → null', ({ assert }) => {
    const items = [item({ id: 61, reste: 10000, client_nom: 'Hélène Lefèvre' })]
    assert.isNull(matchLines([line({ counterparty_name: 'FRANÇOIS GÉRARD' })], items)[0].match)
    assert.isNull(
      matchLines([line({ amount: 9999, counterparty_name: 'HELENE LEFEVRE' })], items)[0].match
    )
  })

  test('names: what resembles and what does not', ({ assert }) => {
    assert.isTrue(namesResemble('HELENE LEFEVRE', 'Hélène Lefèvre'))
    assert.isTrue(namesResemble('DUPONT-LAMBERT MARIE', 'Marie Dupont-Lambert'))
    assert.isTrue(namesResemble('EBENISTERIE NOEL SRL', 'Ébénisterie Noël'))
    assert.isTrue(namesResemble('M. J. DUPONT', 'Jean Dupont'))
    assert.isTrue(namesResemble('VANDENBROUCKE Z', 'Zoé Vandenbroucke'))
    assert.isTrue(
      namesResemble('MENUISERIE DU CENTRE ET FIL', 'Menuiserie du Centre et Fils'),
      'cut at 35 characters'
    )
    assert.isFalse(namesResemble('DUPONT', 'Dupuis'))
    assert.isFalse(namesResemble('J M', 'Jean Martin'), 'initials alone are not enough')
    assert.isFalse(namesResemble('SRL', 'Dubois SRL'))
    assert.isFalse(namesResemble(null, 'Dubois'))
  })
})
