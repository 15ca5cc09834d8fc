/*
 * The same statement uploaded several times at once, on the real server and the real database
 * (no global transaction: each request commits on its own connection). The unique key of a line
 * makes the later uploads wait for the first and then skip its lines: every line is imported
 * once and the facture is paid once. The rows are removed afterwards with the freeze triggers
 * switched off for that cleanup only.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Facture from '#models/facture'
import User from '#models/user'
import { makeUser } from '#tests/helpers'
import { currentYear, SERIES } from '#services/documents/numbering'
import { issued, libreDraft } from '#tests/functional/factures/helpers'
import { camtStatement } from '#tests/functional/releves/statements'

const UPLOADS = 4

test.group('Bank import / concurrent uploads', (group) => {
  let clients: number[] = []
  let users: number[] = []
  let initial: number | undefined
  group.each.setup(async () => {
    const row = await db
      .from('document_counters')
      .where({ serie: SERIES.facture, annee: currentYear() })
      .first()
    initial = row ? Number(row.dernier) : undefined
  })
  group.each.teardown(async () => {
    const rows = await db.from('factures').whereIn('client_id', clients).select('id')
    const factures = rows.map((r) => r.id)
    const releves = db.from('releves_bancaires').whereIn('imported_by', users).select('id')
    await db.transaction(async (trx) => {
      await trx.rawQuery('ALTER TABLE factures DISABLE TRIGGER factures_freeze_issued')
      await trx.rawQuery('ALTER TABLE facture_lignes DISABLE TRIGGER facture_lignes_freeze_issued')
      await trx.from('releve_lignes').whereIn('releve_id', releves).delete()
      await trx.from('releves_bancaires').whereIn('imported_by', users).delete()
      await trx.from('paiement_allocations').whereIn('facture_id', factures).delete()
      await trx.from('paiements').whereIn('client_id', clients).delete()
      await trx.from('facture_lignes').whereIn('facture_id', factures).delete()
      await trx.from('factures').whereIn('id', factures).delete()
      await trx.rawQuery('ALTER TABLE factures ENABLE TRIGGER factures_freeze_issued')
      await trx.rawQuery('ALTER TABLE facture_lignes ENABLE TRIGGER facture_lignes_freeze_issued')
    })
    await db
      .from('audit_logs')
      .whereIn('subject_type', ['facture', 'paiement', 'releve_bancaire'])
      .where('created_at', '>', db.raw(`now() - interval '10 minutes'`))
      .delete()
    await db.from('clients').whereIn('id_client', clients).delete()
    await db.from('audit_logs').whereIn('user_id', users).delete()
    await User.query().whereIn('id', users).delete()
    const where = { serie: SERIES.facture, annee: currentYear() }
    if (initial === undefined) await db.from('document_counters').where(where).delete()
    else await db.from('document_counters').where(where).update({ dernier: initial })
    clients = []
    users = []
  })

  test('simultaneous uploads of one file import each line once and pay the facture once', async ({
    client,
    assert,
  }) => {
    const facture = await issued(await libreDraft(undefined, false))
    clients.push(facture.clientId)
    const user = await makeUser('esi')
    users.push(user.id)
    const tag = `C${Date.now()}`
    const camt = camtStatement(
      [
        {
          ref: `${tag}-1`,
          montant: facture.totalTtc,
          date: '2025-06-02',
          nom: 'Payeur',
          communication: facture.communication,
        },
        { ref: `${tag}-2`, montant: 4200, date: '2025-06-02', nom: 'Inconnu', libre: 'don' },
        { ref: `${tag}-3`, montant: -990, date: '2025-06-02', nom: 'Banque', libre: 'Frais' },
      ],
      { id: tag }
    )
    const responses = await Promise.all(
      Array.from({ length: UPLOADS }, () =>
        client
          .post('/esi/compta/paiements/import')
          .loginAs(user)
          .file('fichier', Buffer.from(camt, 'utf8'), { filename: 'meme.xml' })
          .withCsrfToken()
          .redirects(0)
      )
    )
    for (const r of responses) r.assertStatus(302)
    const locations = responses.map((r) => r.header('location'))
    // One upload imported the lines, the others found them taken
    assert.lengthOf(
      locations.filter((l) => l === '/esi/compta/paiements/import'),
      UPLOADS - 1
    )
    const releves = await db.from('releves_bancaires').where('imported_by', user.id)
    assert.lengthOf(releves, 1)
    const lines = await db.from('releve_lignes').where('releve_id', releves[0].id)
    assert.lengthOf(lines, 3)
    const paiements = await db.from('paiements').where('client_id', facture.clientId)
    assert.lengthOf(paiements, 1)
    const after = await Facture.findOrFail(facture.id)
    assert.equal(after.statut, 'payee')
    assert.equal(after.montantPaye, facture.totalTtc)
  }).timeout(60_000)
})
