/*
 * The aging buckets each client_soldes_recherche row keeps (migration 0929, decision 829): the
 * row trigger sums them for today with the first day they stop holding; a search on a day they
 * do not hold sums the row's arrays instead; the nightly pass sums again the rows whose buckets
 * ended, and those only.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { factureLate } from '#tests/functional/creances/helpers'
import { creanceQuery, parseCreanceListParams } from '#services/creances/creance_list'
import { refreshKeptBuckets } from '#services/creances/creance_buckets'
import { compactStats } from '#services/devis_list/devis_stats'
import { addDays, todayIso } from '#shared/dates'
import { agingBucket, joursRetard } from '#shared/creances'

/** 100 € HT at 21 %: each facture's TTC. */
const TTC = 121_00

async function keptRow(clientId: number) {
  const { rows } = await db.rawQuery(
    `SELECT b_en_retard, b_non_echu, b_j0_30, b_j31_60, b_j61_90, b_plus_90,
       to_char(b_jour, 'YYYY-MM-DD') AS b_jour, to_char(b_jusqu_au, 'YYYY-MM-DD') AS b_jusqu_au
     FROM client_soldes_recherche WHERE client_id = ?`,
    [clientId]
  )
  const row = rows[0]
  for (const key of Object.keys(row)) {
    if (key !== 'b_jour' && key !== 'b_jusqu_au') row[key] = Number(row[key])
  }
  return row
}

/** The buckets a search for the client's name `nom` shows on `day`. */
async function searchRow(clientId: number, nom: string, day: string) {
  const rows = await creanceQuery(parseCreanceListParams({ q: nom }), day)
    .select('cr.*')
    .where('cr.id_client', clientId)
  const row = rows[0]
  return {
    en_retard: Number(row.en_retard),
    non_echu: Number(row.non_echu),
    j0_30: Number(row.j0_30),
    j31_60: Number(row.j31_60),
    j61_90: Number(row.j61_90),
    plus_90: Number(row.plus_90),
  }
}

test.group('Créances / kept buckets', (group) => {
  withTransaction(group)

  test('a row keeps today’s buckets until one of its factures moves', async ({ assert }) => {
    const today = todayIso()
    const client = await ClientFactory.merge({ nom: 'Tranches' }).create()
    // Due in 5 days, due in 3: none late; 45 and 100 days late
    for (const late of [-5, -3, 45, 100]) await factureLate(client, late)
    assert.deepEqual(await keptRow(client.idClient), {
      b_en_retard: 2 * TTC,
      b_non_echu: 2 * TTC,
      b_j0_30: 0,
      b_j31_60: TTC,
      b_j61_90: 0,
      b_plus_90: TTC,
      b_jour: today,
      // The one due in 3 days is late the day after: the first move (45 → 61 days is later)
      b_jusqu_au: addDays(today, 4),
    })

    // Only past the last bound: they hold for ever
    const old = await ClientFactory.merge({ nom: 'Ancien' }).create()
    await factureLate(old, 120)
    const kept = await keptRow(old.idClient)
    assert.equal(kept.b_plus_90, TTC)
    assert.isNull(kept.b_jusqu_au)
  })

  test('a search on a day they do not hold sums the factures', async ({ assert }) => {
    const today = todayIso()
    const client = await ClientFactory.merge({ nom: 'Jourszorg' }).create()
    for (const late of [-5, -3, 45, 100]) await factureLate(client, late)
    const expected = (day: string) => {
      const sums = { en_retard: 0, non_echu: 0, j0_30: 0, j31_60: 0, j61_90: 0, plus_90: 0 }
      for (const late of [-5, -3, 45, 100]) {
        // Due `late` days before today: its days late on `day`, by the rule of shared/creances
        const days = joursRetard(addDays(today, -late), day)
        if (days > 0) sums.en_retard += TTC
        sums[agingBucket(days)] += TTC
      }
      return sums
    }
    // Today and the last day they hold: read from the row; the next day (the one due in 3 days
    // is 1 day late), later (61 days: 45 → 61–90) and a day before they were summed: recomputed
    for (const shift of [0, 3, 4, 16, 30, -1, -10]) {
      const day = addDays(today, shift)
      assert.deepEqual(
        await searchRow(client.idClient, 'Jourszorg', day),
        expected(day),
        `${shift}`
      )
    }
  })

  test('the nightly pass sums again the rows that ended, those only', async ({ assert }) => {
    const today = todayIso()
    const client = await ClientFactory.merge({ nom: 'Nuitzorg' }).create()
    for (const late of [-3, 45]) await factureLate(client, late)
    const fresh = await keptRow(client.idClient)
    // Whatever else the database holds is summed for today first
    await refreshKeptBuckets(today)
    // As if summed 10 days ago: ended 6 days ago (what a server stopped for a while would have)
    await db.rawQuery(
      `UPDATE client_soldes_recherche SET b_jour = ?::date, b_jusqu_au = ?::date,
         b_non_echu = 0, b_en_retard = 0 WHERE client_id = ?`,
      [addDays(today, -10), addDays(today, -6), client.idClient]
    )
    const before = await db.rawQuery(
      `SELECT ctid::text FROM client_soldes_recherche WHERE client_id <> ? ORDER BY client_id`,
      [client.idClient]
    )
    // Wrong figures are not read meanwhile: the search sums the arrays
    assert.deepEqual(await searchRow(client.idClient, 'Nuitzorg', today), {
      en_retard: TTC,
      non_echu: TTC,
      j0_30: 0,
      j31_60: TTC,
      j61_90: 0,
      plus_90: 0,
    })
    assert.isAtLeast(await refreshKeptBuckets(today), 1)
    assert.deepEqual(await keptRow(client.idClient), fresh)
    // Every other row held: none was rewritten, and a second pass has nothing to do
    const after = await db.rawQuery(
      `SELECT ctid::text FROM client_soldes_recherche WHERE client_id <> ? ORDER BY client_id`,
      [client.idClient]
    )
    assert.deepEqual(after.rows, before.rows)
    assert.equal(await refreshKeptBuckets(today), 0)

    // The nightly pass (start/stats.ts) runs it
    await db.rawQuery(`UPDATE client_soldes_recherche SET b_jour = NULL WHERE client_id = ?`, [
      client.idClient,
    ])
    await compactStats({ vacuum: false })
    assert.deepEqual(await keptRow(client.idClient), fresh)
  })
})
