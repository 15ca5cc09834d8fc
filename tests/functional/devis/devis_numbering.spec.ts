/*
 * Gapless numbering on the real database (DESIGN.md §3, reference B1): 50 drafts sent at once
 * through changeDevisStatut get exactly the next 50 numbers of the year, no gap, no duplicate;
 * a transaction that takes a number then fails gives it back. No global transaction here: the
 * sends must run on separate connections, so the data is committed, then removed afterwards and
 * the counter put back.
 */
import { test } from '@japa/runner'
import { systemActor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import Devis from '#models/devis'
import Client from '#models/client'
import User from '#models/user'
import { makeUser } from '#tests/helpers'
import { changeDevisStatut } from '#services/devis/devis_lifecycle'
import { currentYear, formatNumero, nextNumero, SERIES } from '#services/documents/numbering'
import { makeClient, makeDevis } from '#tests/functional/devis/editor_helpers'

async function counter(): Promise<number> {
  const row = await db
    .from('document_counters')
    .where({ serie: SERIES.devis, annee: currentYear() })
    .first()
  return row ? Number(row.dernier) : 0
}

test.group('Devis numbering / concurrent sends', (group) => {
  const made: { users: number[]; clients: number[]; devis: number[] } = {
    users: [],
    clients: [],
    devis: [],
  }
  // The counter as it was: restored afterwards with the committed devis removed, so the other
  // tests of the run (which count from their own start) see the database as before
  let initial = 0
  group.each.setup(async () => {
    initial = await counter()
  })
  group.each.teardown(async () => {
    if (initial === 0) {
      await db
        .from('document_counters')
        .where({ serie: SERIES.devis, annee: currentYear() })
        .delete()
    } else {
      await db
        .from('document_counters')
        .where({ serie: SERIES.devis, annee: currentYear() })
        .update({ dernier: initial })
    }
    await db
      .from('audit_logs')
      .where('subject_type', 'devis')
      .whereIn('subject_id', made.devis.map(String))
      .delete()
    await db.from('devis').whereIn('id', made.devis).delete()
    await Client.query().whereIn('id_client', made.clients).delete()
    await db.from('audit_logs').whereIn('user_id', made.users).delete()
    await User.query().whereIn('id', made.users).delete()
    made.users = []
    made.clients = []
    made.devis = []
  })

  test('50 drafts sent at once get the next 50 numbers, gapless and unique', async ({ assert }) => {
    const user = await makeUser('esi')
    made.users.push(user.id)
    const client = await makeClient()
    made.clients.push(client.idClient)
    const drafts: Devis[] = []
    for (let i = 0; i < 50; i++) {
      const devis = await makeDevis(user, client)
      made.devis.push(devis.id)
      drafts.push(devis)
    }
    const start = await counter()
    const results = await Promise.all(
      drafts.map((d) =>
        changeDevisStatut(systemActor(), {
          devisId: d.id,
          to: 'envoye',
          lockVersion: d.lockVersion,
          userId: user.id,
        })
      )
    )
    const numbers = results.map((r) => r.devis.numero!).sort()
    const expected = Array.from({ length: 50 }, (_, i) =>
      formatNumero('devis', currentYear(), start + i + 1)
    )
    assert.deepEqual(numbers, expected)
    const stored = await Devis.query().whereIn('id', made.devis).select('numero')
    assert.deepEqual(stored.map((d) => d.numero!).sort(), expected)
    assert.equal(await counter(), start + 50)
  }).timeout(60_000)

  test('a transaction that takes a number then fails gives it back', async ({ assert }) => {
    const start = await counter()
    await assert.rejects(() =>
      db.transaction(async (trx) => {
        const numero = await nextNumero(trx, 'devis')
        assert.equal(numero, formatNumero('devis', currentYear(), start + 1))
        throw new Error('boom')
      })
    )
    assert.equal(await counter(), start)

    // The same failure inside the send: the devis stays a numberless draft
    const user = await makeUser('esi')
    made.users.push(user.id)
    const client = await makeClient()
    made.clients.push(client.idClient)
    const devis = await makeDevis(user, client)
    made.devis.push(devis.id)
    await db.rawQuery(
      `CREATE OR REPLACE FUNCTION test_fail_devis_audit() RETURNS trigger AS $$
       BEGIN RAISE EXCEPTION 'audit down'; END $$ LANGUAGE plpgsql`
    )
    await db.rawQuery(
      `CREATE TRIGGER test_fail_devis_audit BEFORE INSERT ON audit_logs FOR EACH ROW
       WHEN (NEW.action = 'devis.envoye') EXECUTE FUNCTION test_fail_devis_audit()`
    )
    try {
      await assert.rejects(() =>
        changeDevisStatut(systemActor(), {
          devisId: devis.id,
          to: 'envoye',
          lockVersion: devis.lockVersion,
          userId: user.id,
        })
      )
    } finally {
      await db.rawQuery('DROP TRIGGER test_fail_devis_audit ON audit_logs')
      await db.rawQuery('DROP FUNCTION test_fail_devis_audit()')
    }
    assert.equal(await counter(), start)
    const after = await Devis.findOrFail(devis.id)
    assert.isNull(after.numero)
    assert.equal(after.statut, 'brouillon')
  })
})
