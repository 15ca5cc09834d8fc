/*
 * Issuers of one series are numbered in their order of arrival (decision 853). Ten issuers at
 * once on the counter row alone were served at random: each release woke the waiters to retry
 * the upsert and race, so one issuer could lose many rounds (the bench's 1 000 factures: p50 43
 * ms, p95 195, p99 315). The test holds a number open, queues issuers one after the other (each
 * seen waiting in pg_stat_activity before the next starts), releases, and expects the numbers in
 * the order they came. A year no document uses keeps the real counters apart.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { formatNumero, nextNumero, SERIES } from '#services/documents/numbering'

const ANNEE = 1901
const WAITERS = 7

/** How many backends wait on a lock in a statement numbering ANNEE. */
async function waiting(): Promise<number> {
  const { rows } = await db.rawQuery(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'
        AND query LIKE '%document_counters%'`
  )
  return rows[0].n
}

async function untilWaiting(n: number) {
  const deadline = Date.now() + 10_000
  while ((await waiting()) < n) {
    if (Date.now() > deadline) throw new Error(`${n} waiters expected`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

test.group('Numbering / issuers queue in order of arrival', (group) => {
  const clean = async () => {
    await db.from('document_counters').where({ serie: SERIES.facture, annee: ANNEE }).delete()
  }
  group.each.setup(clean)
  group.each.teardown(clean)

  test('waiters get the next numbers in the order they started waiting', async ({ assert }) => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let first!: (numero: string) => void
    const firstNumber = new Promise<string>((resolve) => (first = resolve))
    const holder = db.transaction(async (trx) => {
      first(await nextNumero(trx, 'facture', { annee: ANNEE }))
      await held
    })
    assert.equal(await firstNumber, formatNumero('facture', ANNEE, 1))

    const waiters: Promise<string>[] = []
    for (let i = 0; i < WAITERS; i++) {
      waiters.push(db.transaction((trx) => nextNumero(trx, 'facture', { annee: ANNEE })))
      await untilWaiting(i + 1)
    }
    release()
    await holder
    const numbers = await Promise.all(waiters)
    assert.deepEqual(
      numbers,
      Array.from({ length: WAITERS }, (_, i) => formatNumero('facture', ANNEE, i + 2))
    )
  }).timeout(30_000)
})
