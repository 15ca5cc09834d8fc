/*
 * The staff dashboard's money figures (issue 11 §6): invoiced this month (HT), due and overdue
 * (RESTE_SQL over the open factures), equal to sums over known factures; computed for staff
 * only — a pro's, another user's or a staff member's without two-factor page has none.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { esiSociete } from '#tests/functional/bdc/helpers'
import { factureLate, factureOn, libreDraftFor, pay } from '#tests/functional/creances/helpers'
import { addDays, todayIso } from '#shared/dates'

test.group('Dashboard / compta figures', (group) => {
  withTransaction(group)

  test('invoiced this month, due and overdue are the sums over the factures', async ({
    client,
    assert,
  }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const today = todayIso()
    const firstOfMonth = `${today.slice(0, 7)}-01`
    const c = await ClientFactory.create()
    // This month: today and the 1st (HT 100,00 and 200,00); last month: not in the turnover
    const now = await factureOn(c, today, 100_00)
    const first = await factureOn(c, firstOfMonth, 200_00)
    const lastMonth = await factureOn(c, addDays(firstOfMonth, -1), 400_00)
    // Overdue: 10 days late (121,00, 21,00 paid) and 40 days late (paid in full)
    const late = await factureLate(c, 10)
    await pay(late, 21_00)
    const paid = await factureLate(c, 40)
    await pay(paid, 121_00)
    await libreDraftFor(c)

    const response = await client.get('/dashboard').loginAs(user).withInertia()
    response.assertStatus(200)
    const compta = response.inertiaProps.compta as Record<string, number | string>
    assert.equal(compta.mois_du, firstOfMonth)
    // Issued this month: today, the 1st, and the late ones when they fall in this month too
    const issuedThisMonth = [now, first, late, paid].filter(
      (f) => f.dateFacture!.toISODate()! >= firstOfMonth
    )
    assert.equal(
      compta.chiffre_affaires_mois,
      issuedThisMonth.reduce((s, f) => s + f.totalHt, 0)
    )
    // Due: everything open (the paid one and the draft left out)
    assert.equal(compta.du, 121_00 + 242_00 + 484_00 + 100_00)
    // Overdue: what the factures past their due date still ask (last month's too, late in a
    // month of 31 days)
    const lastMonthLate = lastMonth.echeance!.toISODate()! < today ? 484_00 : 0
    assert.equal(compta.en_retard, 100_00 + lastMonthLate)
  })

  test('no figures for a pro, another user, or staff without two-factor', async ({
    client,
    assert,
  }) => {
    await esiSociete()
    await factureLate(await ClientFactory.create(), 10)
    const users = [
      await makeUser('pro'),
      await makeUser('other'),
      await makeUser('esi', {}, 'without2fa'),
    ]
    for (const user of users) {
      const response = await client.get('/dashboard').loginAs(user).withInertia()
      response.assertStatus(200)
      assert.isNull(response.inertiaProps.compta, user.role)
    }
  })
})
