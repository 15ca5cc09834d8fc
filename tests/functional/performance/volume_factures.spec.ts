/*
 * The bench's volume factures (database/volume/factures.ts): each one fires the row trigger that
 * keeps client_soldes_recherche, whose UPDATE by key is planned once per session. Planned on a
 * table still small it was a scan of the whole table, kept for every later row: the first
 * 50 000 factures read 2.5 billion rows (ten minutes a batch). The batches plan without
 * sequential scans, so the trigger reads the table by its key whatever its size at first use.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { topUpFactures } from '#database/volume/factures'

test.group('Volume / factures', (group) => {
  withTransaction(group)

  test('the trigger keeping the search table reads it by key', async ({ assert }) => {
    await ClientFactory.createMany(20)
    // Plans made earlier in this session are forgotten: the trigger plans at its first firing,
    // on a table of a few rows, as the volume's first batch did
    await db.rawQuery('DISCARD PLANS')
    await topUpFactures(60, () => {})

    const { rows } = await db.rawQuery(
      `SELECT seq_scan, n_tup_ins FROM pg_stat_xact_user_tables
        WHERE relname = 'client_soldes_recherche'`
    )
    // Rows were written (one per client with a facture), none by reading the whole table
    assert.isAbove(Number(rows[0].n_tup_ins), 0)
    assert.equal(Number(rows[0].seq_scan), 0)
    const [{ n }] = await db.from('factures').whereLike('numero', 'FAC-____-V%').count('* as n')
    assert.equal(Number(n), 60)
  })
})
