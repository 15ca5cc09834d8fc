/*
 * Gapless facture numbers on the real database (issue 11, reference B1): 50 drafts issued at
 * once get exactly the next 50 FAC numbers of the year, no gap, no duplicate, each with its own
 * structured communication. No global transaction: the issues must run on separate connections,
 * so the data is committed, then removed afterwards (the freeze trigger switched off for that
 * cleanup only) and the counter put back.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { systemActor } from '#services/actor'
import Facture from '#models/facture'
import { currentYear, formatNumero, SERIES } from '#services/documents/numbering'
import { issueFacture } from '#services/factures/facture_service'
import { libreDraft } from '#tests/functional/factures/helpers'

async function counter(): Promise<number> {
  const row = await db
    .from('document_counters')
    .where({ serie: SERIES.facture, annee: currentYear() })
    .first()
  return row ? Number(row.dernier) : 0
}

test.group('Facture numbering / concurrent issues', (group) => {
  const made: { factures: number[]; clients: number[] } = { factures: [], clients: [] }
  let initial = 0
  group.each.setup(async () => {
    initial = await counter()
  })
  group.each.teardown(async () => {
    const where = { serie: SERIES.facture, annee: currentYear() }
    if (initial === 0) await db.from('document_counters').where(where).delete()
    else await db.from('document_counters').where(where).update({ dernier: initial })
    await db
      .from('audit_logs')
      .where('subject_type', 'facture')
      .whereIn('subject_id', made.factures.map(String))
      .delete()
    // Issued factures are never deleted by the application: only this cleanup may
    await db.transaction(async (trx) => {
      await trx.rawQuery('ALTER TABLE factures DISABLE TRIGGER factures_freeze_issued')
      await trx.rawQuery('ALTER TABLE facture_lignes DISABLE TRIGGER facture_lignes_freeze_issued')
      await trx.from('factures').whereIn('id', made.factures).delete()
      await trx.rawQuery('ALTER TABLE facture_lignes ENABLE TRIGGER facture_lignes_freeze_issued')
      await trx.rawQuery('ALTER TABLE factures ENABLE TRIGGER factures_freeze_issued')
    })
    await db.from('clients').whereIn('id_client', made.clients).delete()
    made.factures = []
    made.clients = []
  })

  test('50 drafts issued at once get the next 50 numbers, gapless and unique', async ({
    assert,
  }) => {
    const drafts: Facture[] = []
    for (let i = 0; i < 50; i++) {
      const draft = await libreDraft(undefined, false)
      made.factures.push(draft.id)
      made.clients.push(draft.clientId)
      drafts.push(draft)
    }
    const start = await counter()
    const results = await Promise.all(
      drafts.map((d) =>
        issueFacture(systemActor(), { factureId: d.id, lockVersion: d.lockVersion, userId: null })
      )
    )
    const expected = Array.from({ length: 50 }, (_, i) =>
      formatNumero('facture', currentYear(), start + i + 1)
    )
    assert.deepEqual(results.map((f) => f.numero!).sort(), expected)
    const stored = await Facture.query().whereIn('id', made.factures)
    assert.deepEqual(stored.map((f) => f.numero!).sort(), expected)
    assert.equal(new Set(stored.map((f) => f.communication)).size, 50)
    assert.equal(await counter(), start + 50)
  }).timeout(60_000)
})
