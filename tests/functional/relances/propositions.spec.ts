/*
 * The morning proposals (decisions 250–251): the page lists the relances due today and nothing
 * else (not due yet, paid, credited, drafts, after the mise en demeure); the batch sends each
 * ticked one once, by e-mail or as a letter, and says what failed; the command run twice the
 * same day records one proposal set and notifies the staff once, « facture en retard » once per
 * facture.
 */
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import Notification from '#models/notification'
import RelancesProposer from '#commands/relances_proposer'
import { makeUser, withTransaction } from '#tests/helpers'
import { mailsTo } from '#tests/auth_helpers'
import { libreDraft } from '#tests/functional/factures/helpers'
import { pay } from '#tests/functional/creances/helpers'
import { lateFacture, recorded, relancesOf } from '#tests/functional/relances/helpers'
import { addDays, todayIso } from '#shared/dates'
import { RELANCE_DELAIS } from '#shared/relances'
import { proposerRelances } from '#services/relances/relance_propositions'

async function scenario() {
  const today = todayIso()
  const due1 = await lateFacture(RELANCE_DELAIS[1] + 2)
  const noMail = await lateFacture(RELANCE_DELAIS[1], { email: null })
  const notYet = await lateFacture(RELANCE_DELAIS[1] - 1)
  const paid = await lateFacture(40)
  await pay(paid.facture, paid.facture.totalTtc)
  const due3 = await lateFacture(50, { professionnel: true })
  await recorded(due3.facture, 1, addDays(today, -35))
  await recorded(due3.facture, 2, addDays(today, -RELANCE_DELAIS[3]))
  const done = await lateFacture(80)
  for (const n of [1, 2, 3] as const) await recorded(done.facture, n, addDays(today, -10))
  const draft = await libreDraft()
  return { due1, noMail, notYet, paid, due3, done, draft }
}

test.group('Relances / the morning proposals', (group) => {
  withTransaction(group)

  test('the page lists what is due today, each at its level', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const s = await scenario()
    const page = await client.get('/esi/compta/relances').loginAs(user).withInertia()
    page.assertStatus(200)
    assert.equal(page.body().component, 'esi/compta/relances/Index')
    const props = page.body().props
    const byId = new Map(props.propositions.map((p: any) => [p.facture_id, p]))
    assert.deepInclude(byId.get(s.due1.facture.id), {
      niveau: 1,
      jours_retard: RELANCE_DELAIS[1] + 2,
      reste: s.due1.facture.totalTtc,
      professionnel: false,
    })
    assert.deepInclude(byId.get(s.noMail.facture.id), { niveau: 1, client_email: null })
    assert.deepInclude(byId.get(s.due3.facture.id), { niveau: 3, professionnel: true })
    for (const f of [s.notYet, s.paid, s.done]) assert.isFalse(byId.has(f.facture.id))
    assert.isFalse(byId.has(s.draft.id))
  })

  test('the batch sends each once and says what failed', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const s = await scenario()
    const send = () =>
      client
        .post('/esi/compta/relances')
        .loginAs(user)
        .header('referer', '/esi/compta/relances')
        .json({
          relances: [
            { facture_id: s.due1.facture.id, niveau: 1 },
            { facture_id: s.noMail.facture.id, niveau: 1 },
            { facture_id: s.due3.facture.id, niveau: 3 },
            // Not due: refused, the others go
            { facture_id: s.notYet.facture.id, niveau: 1 },
            { facture_id: 999_999_999, niveau: 1 },
          ],
        })
        .withCsrfToken()
        .withInertia()
        .redirects(0)
    const first = await send()
    first.assertStatus(302)
    const summary = String(first.flashMessage('warning'))
    assert.include(summary, '3 relances faites (dont 1 par courrier')
    assert.include(summary, '2 échecs')
    assert.include(summary, `${s.notYet.facture.numero} — La relance de niveau 1 n’est pas due`)
    assert.equal(await mailsTo(s.due1.client.email!), 1)
    assert.equal(await mailsTo(s.due3.client.email!), 1)
    const [r1] = await relancesOf(s.due1.facture)
    assert.deepInclude(r1.serialize(), { canal: 'email', mailEnvoye: true })
    const [rNoMail] = await relancesOf(s.noMail.facture)
    assert.deepInclude(rNoMail.serialize(), { canal: 'courrier', mailEnvoye: null })
    assert.lengthOf(await relancesOf(s.due3.facture), 3)

    // The same batch again (a second tab, a double click): nothing more
    const second = await send()
    assert.include(String(second.flashMessage('warning')), '0 relance faite')
    assert.equal(await mailsTo(s.due1.client.email!), 1)
    assert.lengthOf(await relancesOf(s.due1.facture), 1)

    const empty = await client
      .post('/esi/compta/relances')
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ relances: [] })
      .withCsrfToken()
    empty.assertStatus(422)
    assert.include(JSON.stringify(empty.body()), 'Cochez au moins une relance à envoyer.')
  })

  test('the command twice: one proposal set, notifications once', async ({ assert }) => {
    const staff = await makeUser('esi')
    const s = await scenario()
    const today = todayIso()
    await db.from('relance_propositions').where('jour', today).delete()

    const first = await ace.create(RelancesProposer, [])
    await first.exec()
    first.assertSucceeded()
    const second = await ace.create(RelancesProposer, [])
    await second.exec()
    second.assertSucceeded()
    assert.deepEqual(await proposerRelances(today), { ran: false, reason: 'deja_fait' })

    const rows = await db.from('relance_propositions').where('jour', today)
    assert.lengthOf(rows, 1)
    const proposed = rows[0].propositions.map((p: any) => p.facture_id)
    assert.includeMembers(proposed, [s.due1.facture.id, s.noMail.facture.id, s.due3.facture.id])
    assert.notInclude(proposed, s.notYet.facture.id)

    const notes = await Notification.query().where('user_id', staff.id).orderBy('id')
    const titres = notes.map((n) => n.titre)
    assert.lengthOf(
      titres.filter((t) => /^\d+ relances? à envoyer$/.test(t)),
      1
    )
    assert.equal(notes.find((n) => n.type === 'relances.proposees')!.lien, '/esi/compta/relances')
    // Each overdue facture announced once (the one not due for a relance yet too); none paid
    for (const f of [s.due1, s.noMail, s.notYet, s.due3, s.done]) {
      assert.lengthOf(
        titres.filter((t) => t.startsWith(`Facture ${f.facture.numero} en retard`)),
        1,
        f.facture.numero!
      )
    }
    assert.isFalse(titres.some((t) => t.startsWith(`Facture ${s.paid.facture.numero} `)))

    // The next day: the factures already announced are not announced again
    const next = await proposerRelances(addDays(today, 1))
    assert.deepInclude(next, { ran: true, enRetard: 0 })
  })
})
