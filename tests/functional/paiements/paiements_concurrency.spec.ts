/*
 * Credit notes and payments under concurrent transactions on the real database (no global
 * transaction: each call runs on its own connection, the data is committed, then removed with
 * the freeze triggers switched off for that cleanup only). 20 notes de crédit of a third of the
 * facture each, issued at once, credit it at most fully; 20 submits of the same payment form
 * record one payment.
 */
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { systemActor } from '#services/actor'
import Facture from '#models/facture'
import Paiement from '#models/paiement'
import { currentYear, SERIES } from '#services/documents/numbering'
import { issueNoteCredit } from '#services/notes_credit/note_credit_service'
import { issued, libreDraft } from '#tests/functional/factures/helpers'
import { ncDraft, pay } from '#tests/functional/notes_credit/helpers'

const RUNS = 20

async function counters() {
  const rows = await db
    .from('document_counters')
    .whereIn('serie', [SERIES.facture, SERIES.note_credit])
    .where('annee', currentYear())
  return new Map(rows.map((r) => [r.serie as string, Number(r.dernier)]))
}

test.group('Notes de crédit and paiements / concurrency', (group) => {
  let clients: number[] = []
  let initial = new Map<string, number>()
  group.each.setup(async () => {
    initial = await counters()
  })
  group.each.teardown(async () => {
    const rows = await db.from('factures').whereIn('client_id', clients).select('id')
    const factures = rows.map((r) => r.id)
    await db.transaction(async (trx) => {
      for (const sql of [
        'ALTER TABLE notes_credit DISABLE TRIGGER notes_credit_freeze_issued',
        'ALTER TABLE note_credit_lignes DISABLE TRIGGER note_credit_lignes_freeze_issued',
        'ALTER TABLE factures DISABLE TRIGGER factures_freeze_issued',
        'ALTER TABLE facture_lignes DISABLE TRIGGER facture_lignes_freeze_issued',
      ])
        await trx.rawQuery(sql)
      await trx.from('paiement_allocations').whereIn('facture_id', factures).delete()
      await trx.from('paiements').whereIn('client_id', clients).delete()
      const ncs = trx.from('notes_credit').whereIn('client_id', clients).select('id')
      await trx.from('note_credit_lignes').whereIn('note_credit_id', ncs).delete()
      await trx.from('notes_credit').whereIn('client_id', clients).delete()
      await trx.from('factures').whereIn('id', factures).delete()
      for (const sql of [
        'ALTER TABLE notes_credit ENABLE TRIGGER notes_credit_freeze_issued',
        'ALTER TABLE note_credit_lignes ENABLE TRIGGER note_credit_lignes_freeze_issued',
        'ALTER TABLE factures ENABLE TRIGGER factures_freeze_issued',
        'ALTER TABLE facture_lignes ENABLE TRIGGER facture_lignes_freeze_issued',
      ])
        await trx.rawQuery(sql)
    })
    await db
      .from('audit_logs')
      .whereIn('subject_type', ['facture', 'note_credit', 'paiement'])
      .where('created_at', '>', db.raw(`now() - interval '10 minutes'`))
      .delete()
    await db.from('clients').whereIn('id_client', clients).delete()
    for (const serie of [SERIES.facture, SERIES.note_credit]) {
      const where = { serie, annee: currentYear() }
      const value = initial.get(serie)
      if (value === undefined) await db.from('document_counters').where(where).delete()
      else await db.from('document_counters').where(where).update({ dernier: value })
    }
    clients = []
  })

  test('20 notes de crédit issued at once never credit more than the facture', async ({
    assert,
  }) => {
    const facture = await issued(await libreDraft(undefined, false))
    clients.push(facture.clientId)
    // 5 000 HT at 21 % = 6 050 TTC each: three make exactly 18 150 (the facture is then annulée)
    const drafts = []
    for (let i = 0; i < RUNS; i++) {
      drafts.push(
        await ncDraft(facture, { kind: 'montant', montants: [{ taux_tva: 21, montant_ht: 5000 }] })
      )
    }
    const results = await Promise.allSettled(
      drafts.map((d) =>
        issueNoteCredit(systemActor(), {
          noteCreditId: d.id,
          lockVersion: d.lockVersion,
          userId: null,
        })
      )
    )
    const ok = results.filter((r) => r.status === 'fulfilled')
    assert.lengthOf(ok, 3)
    for (const r of results) {
      if (r.status === 'rejected')
        assert.match(String(r.reason.message), /ne peut plus être créditée|déjà annulée/)
    }
    const after = await Facture.findOrFail(facture.id)
    assert.equal(after.montantCredite, 3 * 6050)
    assert.isAtMost(after.montantCredite, after.totalTtc)
  }).timeout(60_000)

  test('20 concurrent submits of one payment form record one payment', async ({ assert }) => {
    const facture = await issued(await libreDraft(undefined, false))
    clients.push(facture.clientId)
    const key = randomUUID()
    const results = await Promise.all(
      Array.from({ length: RUNS }, () =>
        pay(facture.clientId, 5000, [{ factureId: facture.id, montant: 5000 }], key)
      )
    )
    assert.lengthOf(new Set(results.map((r) => r.paiement.id)), 1)
    assert.lengthOf(
      results.filter((r) => r.created),
      1
    )
    assert.lengthOf(await Paiement.query().where('client_id', facture.clientId), 1)
    const reloaded1 = await Facture.findOrFail(facture.id)
    assert.equal(reloaded1.montantPaye, 5000)
  }).timeout(60_000)
})
