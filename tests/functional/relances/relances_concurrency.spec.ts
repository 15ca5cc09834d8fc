/*
 * Relances under concurrent requests on the real server and database (decision 249): 8 clicks
 * on « Relancer » at once record one relance and send one mail — the others wait for the
 * facture's row lock, then find it done; two daily runs at once make one proposal set. No
 * global transaction: each request has its own connection, so the data is committed, then
 * removed (the freeze triggers switched off for that cleanup only).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { makeUser } from '#tests/helpers'
import { mailsTo } from '#tests/auth_helpers'
import { currentYear, SERIES } from '#services/documents/numbering'
import { proposerRelances } from '#services/relances/relance_propositions'
import { lateFacture, relancesOf } from '#tests/functional/relances/helpers'
import { addDays, todayIso } from '#shared/dates'
import { RELANCE_DELAIS } from '#shared/relances'

const CLICKS = 8

async function counter() {
  const row = await db
    .from('document_counters')
    .where({ serie: SERIES.facture, annee: currentYear() })
    .first()
  return row ? Number(row.dernier) : null
}

test.group('Relances / concurrency', (group) => {
  let clients: number[] = []
  let users: number[] = []
  let days: string[] = []
  let initial: number | null = null
  group.each.setup(async () => {
    initial = await counter()
  })
  group.each.teardown(async () => {
    const rows = await db.from('factures').whereIn('client_id', clients).select('id')
    const factures = rows.map((r) => r.id)
    await db.from('relances').whereIn('facture_id', factures).delete()
    await db.from('factures_retard_notifiees').whereIn('facture_id', factures).delete()
    await db.transaction(async (trx) => {
      await trx.rawQuery('ALTER TABLE factures DISABLE TRIGGER factures_freeze_issued')
      await trx.rawQuery('ALTER TABLE facture_lignes DISABLE TRIGGER facture_lignes_freeze_issued')
      await trx.from('facture_lignes').whereIn('facture_id', factures).delete()
      await trx.from('factures').whereIn('id', factures).delete()
      await trx.rawQuery('ALTER TABLE facture_lignes ENABLE TRIGGER facture_lignes_freeze_issued')
      await trx.rawQuery('ALTER TABLE factures ENABLE TRIGGER factures_freeze_issued')
    })
    await db.from('relance_propositions').whereIn('jour', days).delete()
    await db
      .from('audit_logs')
      .where('subject_type', 'facture')
      .whereIn('subject_id', factures.map(String))
      .delete()
    await db.from('notifications').whereIn('user_id', users).delete()
    await db.from('clients').whereIn('id_client', clients).delete()
    await User.query().whereIn('id', users).delete()
    const where = { serie: SERIES.facture, annee: currentYear() }
    if (initial === null) await db.from('document_counters').where(where).delete()
    else await db.from('document_counters').where(where).update({ dernier: initial })
    clients = []
    users = []
    days = []
  })

  test('8 clicks at once: one relance, one mail', async ({ client, assert }) => {
    const user = await makeUser('esi')
    users.push(user.id)
    const { facture, client: c } = await lateFacture(RELANCE_DELAIS[1] + 1)
    clients.push(c.idClient)
    const responses = await Promise.all(
      Array.from({ length: CLICKS }, () =>
        client
          .post(`/esi/compta/facture/${facture.id}/relances`)
          .loginAs(user)
          .header('referer', `/esi/compta/facture/${facture.id}`)
          .json({ niveau: 1, canal: 'email' })
          .withCsrfToken()
          .withInertia()
          .redirects(0)
      )
    )
    for (const r of responses) r.assertStatus(302)
    const ok = responses.filter((r) => r.flashMessage('success'))
    const refused = responses.filter((r) => String(r.flashMessage('error')).includes('déjà'))
    assert.lengthOf(ok, 1)
    assert.lengthOf(refused, CLICKS - 1)
    assert.lengthOf(await relancesOf(facture), 1)
    assert.equal(await mailsTo(c.email!), 1)
  })

  test('two daily runs at once: one proposal set', async ({ assert }) => {
    const { facture, client: c } = await lateFacture(RELANCE_DELAIS[1] + 1)
    clients.push(c.idClient)
    // A day of its own, far from today's real run
    const day = addDays(todayIso(), 3650)
    days.push(day)
    const results = await Promise.all([proposerRelances(day), proposerRelances(day)])
    assert.lengthOf(
      results.filter((r) => r.ran),
      1
    )
    const rows = await db.from('relance_propositions').where('jour', day)
    assert.lengthOf(rows, 1)
    assert.include(
      rows[0].propositions.map((p: any) => p.facture_id),
      facture.id
    )
  })
})
