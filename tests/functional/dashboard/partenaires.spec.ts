/*
 * DashboardPro and Pro (issue 14 §2): per pro société, the offres transmitted in the period,
 * turned into a devis, signed, the HT turnover and the rate — against the known data and an
 * independent SQL count (local days as text, the chain offre → devis → bdc joined the other
 * way round); the period and sort from the URL; staff only, 404 for an unknown or non-pro id.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, withTransaction } from '#tests/helpers'
import { makeOffre, makeSociete, proWithContact } from '#tests/functional/offres/helpers'
import { offreJusqua } from '#tests/functional/dashboard/helpers'
import { addDays, todayIso } from '#shared/dates'
import type { PartenaireFigures } from '#shared/dashboard'

const TZ = 'Europe/Brussels'

async function independent(societeId: number, du: string, au: string) {
  const result = await db.rawQuery(
    `SELECT
       (SELECT count(*) FROM offres o WHERE o.societe_id = s.id
          AND to_char(o.transmise_le AT TIME ZONE '${TZ}', 'YYYY-MM-DD') BETWEEN ? AND ?)::int AS t,
       (SELECT count(*) FROM devis d JOIN offres o ON o.id = d.offre_id
          WHERE o.societe_id = s.id
          AND to_char(o.transmise_le AT TIME ZONE '${TZ}', 'YYYY-MM-DD') BETWEEN ? AND ?)::int AS c,
       (SELECT count(*) FROM bdcs b JOIN devis d ON d.id = b.devis_id JOIN offres o ON o.id = d.offre_id
          WHERE o.societe_id = s.id AND b.statut = 'signe'
          AND to_char(o.transmise_le AT TIME ZONE '${TZ}', 'YYYY-MM-DD') BETWEEN ? AND ?)::int AS s,
       (SELECT coalesce(sum(b.total_ht), 0) FROM bdcs b JOIN devis d ON d.id = b.devis_id
          JOIN offres o ON o.id = d.offre_id
          WHERE o.societe_id = s.id AND b.statut = 'signe'
          AND to_char(o.transmise_le AT TIME ZONE '${TZ}', 'YYYY-MM-DD') BETWEEN ? AND ?)::bigint AS ca
     FROM societes s WHERE s.id = ?`,
    [du, au, du, au, du, au, du, au, societeId]
  )
  const r = result.rows[0]
  return { t: Number(r.t), c: Number(r.c), s: Number(r.s), ca: Number(r.ca) }
}

test.group('Dashboard pro / partners', (group) => {
  withTransaction(group)

  test('per société: transmitted, devis, signed, turnover and rate of the period', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const a = await proWithContact()
    const b = await proWithContact()
    const today = todayIso()
    // A: 4 transmitted today (one stays, one devis, one bdc not signed, one signed) and one
    // 40 days ago (signed): outside a period of the last 10 days
    await offreJusqua(esi, a.societe, a.contact, 'transmise')
    await offreJusqua(esi, a.societe, a.contact, 'devis')
    await offreJusqua(esi, a.societe, a.contact, 'bdc')
    const signed = await offreJusqua(esi, a.societe, a.contact, 'signee')
    await offreJusqua(esi, a.societe, a.contact, 'signee', 40)
    // B: one signed today
    const signedB = await offreJusqua(esi, b.societe, b.contact, 'signee')
    // A pro société with nothing, and a client société (never listed)
    const empty = await makeSociete('pro')
    const notPro = await makeSociete('client')

    const du = addDays(today, -10)
    const response = await client
      .get(`/esi/dashboard-pro?du=${du}&au=${today}&sort=-signees`)
      .loginAs(esi)
      .withInertia()
    response.assertStatus(200)
    assert.deepEqual(response.inertiaProps.query, { du, au: today, sort: '-signees' })
    const rows = response.inertiaProps.partenaires as PartenaireFigures[]
    const row = (id: number) => rows.find((r) => r.id === id)!
    assert.include(row(a.societe.id), {
      transmises: 4,
      converties: 3,
      signees: 1,
      ca_ht: signed.bdc!.totalHt,
      taux: 0.25,
    })
    assert.include(row(b.societe.id), {
      transmises: 1,
      converties: 1,
      signees: 1,
      ca_ht: signedB.bdc!.totalHt,
      taux: 1,
    })
    assert.include(row(empty.id), { transmises: 0, signees: 0, ca_ht: 0, taux: null })
    assert.isUndefined(rows.find((r) => r.id === notPro.id))
    assert.isNotNull(row(a.societe.id).derniere_activite)
    // Every row against the independent count
    for (const r of rows) {
      const sql = await independent(r.id, du, today)
      assert.deepEqual(
        { t: r.transmises, c: r.converties, s: r.signees, ca: r.ca_ht },
        sql,
        `société ${r.id}`
      )
    }
    // Sorted by signed, descending
    const signees = rows.map((r) => r.signees)
    assert.deepEqual(
      signees,
      [...signees].sort((x, y) => y - x)
    )

    // A wider period takes the offre of 40 days ago
    const wide = await client
      .get(`/esi/dashboard-pro?du=${addDays(today, -60)}&au=${today}&sort=nom`)
      .loginAs(esi)
      .withInertia()
    const wideA = (wide.inertiaProps.partenaires as PartenaireFigures[]).find(
      (r) => r.id === a.societe.id
    )!
    assert.include(wideA, { transmises: 5, signees: 2 })
  })

  test('bad period and sort fall back with a warning', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    const response = await client
      .get('/esi/dashboard-pro?du=31/02/2026&sort=;drop')
      .loginAs(esi)
      .withInertia()
    response.assertStatus(200)
    const warnings = response.inertiaProps.warnings as string[]
    assert.isTrue(warnings.some((w) => w.includes('invalide')))
    assert.isTrue(warnings.some((w) => w.includes('Tri')))
    assert.equal((response.inertiaProps.query as any).sort, '-ca')
  })

  test('Pro page: one partner, its users and offres with their devis and bdc', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const a = await proWithContact()
    const other = await proWithContact()
    const signed = await offreJusqua(esi, a.societe, a.contact, 'signee')
    await offreJusqua(esi, a.societe, a.contact, 'transmise')
    await offreJusqua(esi, other.societe, other.contact, 'signee')
    // The partner's draft and an offre sent to its customer stay its own
    await makeOffre(a.societe, a.contact, { statut: 'brouillon' })
    await makeOffre(a.societe, a.contact, { statut: 'envoyee' })

    const response = await client.get(`/esi/pro/${a.societe.id}`).loginAs(esi).withInertia()
    response.assertStatus(200)
    const props = response.inertiaProps as any
    assert.equal(props.societe.id, a.societe.id)
    assert.include(props.figures, { id: a.societe.id, transmises: 2, signees: 1 })
    assert.deepEqual(
      props.membres.map((m: any) => m.id),
      [a.pro.id]
    )
    const offres = props.offres as any[]
    assert.lengthOf(offres, 2)
    const suivi = offres.find((o) => o.id === signed.offre.id)
    assert.include(suivi, {
      devis_id: signed.devisId,
      devis_statut: 'accepte',
      bdc_numero: signed.bdc!.numero,
      bdc_signe: true,
    })
    // Only this société's offres staff may see (transmitted or later)
    const count = await db
      .from('offres')
      .where('societe_id', a.societe.id)
      .whereIn('statut', ['transmise', 'acceptee', 'refusee'])
      .count('* as n')
    assert.equal(offres.length, Number(count[0].n))
  })

  test('staff only: pro and other get 403; unknown or non-pro id 404', async ({ client }) => {
    const a = await proWithContact()
    const notPro = await makeSociete('client')
    for (const user of [
      a.pro,
      await makeUser('other'),
      await makeUser('esi', { accesRole: 'pro' }),
    ]) {
      const list = await client.get('/esi/dashboard-pro').loginAs(user)
      list.assertStatus(403)
      const one = await client.get(`/esi/pro/${a.societe.id}`).loginAs(user)
      one.assertStatus(403)
    }
    const esi = await makeUser('esi')
    const unknown = await client.get('/esi/pro/2147483000').loginAs(esi)
    unknown.assertStatus(404)
    const clientSociete = await client.get(`/esi/pro/${notPro.id}`).loginAs(esi)
    clientSociete.assertStatus(404)
  })
})
