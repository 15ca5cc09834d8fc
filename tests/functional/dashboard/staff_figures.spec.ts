/*
 * The staff dashboard (issue 14 §2): every figure equals an independent count written
 * differently in plain SQL (local dates by to_char / date_trunc instead of the instants' ranges,
 * the late commandes from their steps instead of the stored « prochaine échéance »…), grows by
 * the known data made here, and equals the count of the list its link opens.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, withTransaction } from '#tests/helpers'
import { commandeSignee, acomptePaye } from '#tests/functional/commandes/timeline_helpers'
import {
  devisEnvoye,
  etapePrevue,
  listCount,
  staffFiguresOf,
  visite,
} from '#tests/functional/dashboard/helpers'
import { addDays, todayIso } from '#shared/dates'
import { sameDayLastYear, signesPeriodes } from '#shared/dashboard'

const TZ = 'Europe/Brussels'

async function one(sql: string, bindings: unknown[] = []) {
  const result = await db.rawQuery(sql, bindings as any[])
  return result.rows[0]
}

/** Signed bdcs whose local signing day is in [du, au] (count and TTC). */
async function signesSql(du: string, au: string) {
  const r = await one(
    `SELECT count(*)::int AS n, coalesce(sum(total_ttc), 0)::bigint AS ttc FROM bdcs
     WHERE statut = 'signe' AND to_char(signe_le AT TIME ZONE '${TZ}', 'YYYY-MM-DD') >= ?
       AND to_char(signe_le AT TIME ZONE '${TZ}', 'YYYY-MM-DD') <= ?`,
    [du, au]
  )
  return { n: Number(r.n), ttc: Number(r.ttc) }
}

test.group('Dashboard / staff figures', (group) => {
  withTransaction(group)

  test('each figure equals an independent count and the known data', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const today = todayIso()
    const before = await staffFiguresOf(client, user)

    // Two bdcs signed now, one signed on the 1st of this month last year (at noon)
    const a = await commandeSignee()
    const b = await commandeSignee()
    const old = await commandeSignee()
    const lastYearFirst = `${sameDayLastYear(today).slice(0, 7)}-01`
    await db.rawQuery(
      `UPDATE bdcs SET signe_le = (?::date + time '12:00') AT TIME ZONE '${TZ}' WHERE id = ?`,
      [lastYearFirst, old.bdc.id]
    )
    // Devis sent 8 and 30 days ago (to follow up) and 2 days ago (not yet)
    await devisEnvoye(8)
    await devisEnvoye(30)
    await devisEnvoye(2)
    // An acompte facture issued and partly paid (1,00 €): a still waits for its deposit
    await acomptePaye(a.bdc.id, 100)
    // Commande a late at its mesurage (planned to end 3 days ago); b's planned to end today
    // (not late yet) and its pose next week
    await etapePrevue(a.commande.id, 'mesurage', addDays(today, -3))
    await etapePrevue(b.commande.id, 'mesurage', today)
    await etapePrevue(b.commande.id, 'pose', addDays(today, 7))
    // Today's visits: one rdv, one tec; a tec tomorrow
    const tech = await makeUser('esi')
    await visite('com', tech, `${today}T09:00`, `${today}T10:00`)
    await visite('tec', tech, `${today}T13:00`, `${today}T14:00`)
    await visite('tec', tech, `${addDays(today, 1)}T13:00`, `${addDays(today, 1)}T14:00`)

    const after = await staffFiguresOf(client, user)
    const ttc = a.bdc.totalTtc + b.bdc.totalTtc
    // Grows by the known data
    assert.equal(after.signes.mois.nombre - before.signes.mois.nombre, 2)
    assert.equal(after.signes.mois.montant_ttc - before.signes.mois.montant_ttc, ttc)
    assert.equal(after.signes.annee.nombre - before.signes.annee.nombre, 2)
    assert.equal(after.signes.mois_n1.nombre - before.signes.mois_n1.nombre, 1)
    assert.equal(
      after.signes.mois_n1.montant_ttc - before.signes.mois_n1.montant_ttc,
      old.bdc.totalTtc
    )
    assert.equal(after.signes.annee_n1.nombre - before.signes.annee_n1.nombre, 1)
    assert.equal(after.devis_a_relancer.nombre - before.devis_a_relancer.nombre, 2)
    // The three new commandes wait for their deposit (a's acompte facture is paid 1,00 € only)
    assert.equal(after.acomptes_attendus.nombre - before.acomptes_attendus.nombre, 3)
    assert.equal(
      after.acomptes_attendus.montant - before.acomptes_attendus.montant,
      a.bdc.acompte + b.bdc.acompte + old.bdc.acompte
    )
    const late = (f: typeof after, etape: string) =>
      f.etapes_en_retard.find((r) => r.etape === etape)?.nombre ?? 0
    assert.equal(late(after, 'mesurage') - late(before, 'mesurage'), 1)
    assert.equal(after.commandes_en_retard - before.commandes_en_retard, 1)
    assert.equal(after.visites_du_jour.com - before.visites_du_jour.com, 1)
    assert.equal(after.visites_du_jour.tec - before.visites_du_jour.tec, 1)

    // Independent counts: signed bdcs by their local day as text
    const periodes = signesPeriodes(today)
    for (const key of ['mois', 'mois_n1', 'annee', 'annee_n1'] as const) {
      const sql = await signesSql(periodes[key].du, periodes[key].au)
      assert.deepEqual(
        { n: after.signes[key].nombre, ttc: after.signes[key].montant_ttc },
        sql,
        key
      )
    }
    // Devis: sent at least 7 days before now, still envoyé
    const relance = await one(
      `SELECT count(*)::int AS n, coalesce(sum(total_ttc), 0)::bigint AS ttc FROM devis
       WHERE statut = 'envoye' AND envoye_le + interval '7 days' < now()`
    )
    assert.equal(after.devis_a_relancer.nombre, Number(relance.n))
    assert.equal(after.devis_a_relancer.montant_ttc, Number(relance.ttc))
    // Acomptes: the deposit asked on each bdc whose running commande stands at its acompte step
    const acomptes = await one(
      `SELECT count(*)::int AS n, coalesce(sum(b.acompte), 0)::bigint AS reste
       FROM bdcs b WHERE b.id IN (
         SELECT c.bdc_id FROM commandes c
         WHERE c.statut NOT IN ('terminee', 'annulee') AND c.etape_courante::text = 'acompte')`
    )
    assert.equal(after.acomptes_attendus.nombre, Number(acomptes.n))
    assert.equal(after.acomptes_attendus.montant, Number(acomptes.reste))
    // Late commandes from their steps: running, a step not done planned to end before today;
    // by step, and in all (a commande once, whatever its number of late steps)
    const retards = await db.rawQuery(
      `SELECT e.etape, count(DISTINCT c.id)::int AS n FROM commandes c
       JOIN commande_etapes e ON e.commande_id = c.id
       WHERE c.statut NOT IN ('terminee', 'annulee')
         AND e.statut NOT IN ('faite', 'sans_objet')
         AND (e.prevue_fin AT TIME ZONE '${TZ}')::date < ?::date
       GROUP BY ROLLUP (e.etape)`,
      [today]
    )
    const byEtape = retards.rows.filter((r: any) => r.etape !== null)
    const total = retards.rows.find((r: any) => r.etape === null)?.n ?? 0
    assert.deepEqual(
      Object.fromEntries(after.etapes_en_retard.map((r) => [r.etape, r.nombre])),
      Object.fromEntries(byEtape.map((r: any) => [r.etape, r.n]))
    )
    assert.equal(after.commandes_en_retard, total)
    // Visits: starting before tomorrow 00:00 and ending after today 00:00, local time
    const visites = await db.rawQuery(
      `SELECT type, count(*)::int AS n FROM planifications
       WHERE statut <> 'annulee' AND (debut AT TIME ZONE '${TZ}')::date <= ?::date
         AND fin AT TIME ZONE '${TZ}' > ?::timestamp GROUP BY type`,
      [today, today]
    )
    const v = Object.fromEntries(visites.rows.map((r: any) => [r.type, r.n]))
    assert.deepEqual(after.visites_du_jour, { com: v.com ?? 0, tec: v.tec ?? 0 })
  })

  test('devis à relancer around the cut-off day: the kept days plus the day itself', async ({
    client,
    assert,
  }) => {
    // The figure sums devis_stats_jour for the Brussels days before the cut-off instant's day and
    // reads that day from the devis (decision 641): devis sent on both sides of that day's
    // midnight and of the instant itself, in the same transaction as the page (same now())
    const user = await makeUser('esi')
    const before = await staffFiguresOf(client, user)
    const ids: number[] = []
    for (let i = 0; i < 6; i++) ids.push(await devisEnvoye(10))
    const cutoff = `now() - interval '7 days'`
    const midnight = `((${cutoff}) AT TIME ZONE '${TZ}')::date::timestamp AT TIME ZONE '${TZ}'`
    const sentAt = [
      `${midnight} - interval '1 minute'`, // the day before: counted from the aggregate
      `${midnight}`, // the cut-off day's first instant: read from the devis
      `${cutoff} - interval '1 minute'`, // just before the cut-off: counted
      `${cutoff}`, // exactly 7 days: not yet
      `${cutoff} + interval '1 minute'`, // not yet
      `${midnight} - interval '40 days'`, // long ago: counted
    ]
    for (const [i, at] of sentAt.entries()) {
      await db.rawQuery(`UPDATE devis SET envoye_le = ${at} WHERE id = ?`, [ids[i]])
    }
    const after = await staffFiguresOf(client, user)
    const relance = await one(
      `SELECT count(*)::int AS n, coalesce(sum(total_ttc), 0)::bigint AS ttc FROM devis
       WHERE statut = 'envoye' AND envoye_le + interval '7 days' < now()`
    )
    assert.equal(after.devis_a_relancer.nombre, Number(relance.n))
    assert.equal(after.devis_a_relancer.montant_ttc, Number(relance.ttc))
    // The cut-off day's midnight is at or before the instant: 4 of the 6 are counted (3 when
    // the cut-off instant is the midnight itself, the 2nd then being « exactly 7 days »)
    const atMidnight = await one(`SELECT (${midnight}) = (${cutoff}) AS same`)
    assert.equal(
      after.devis_a_relancer.nombre - before.devis_a_relancer.nombre,
      atMidnight.same ? 3 : 4
    )
    assert.equal(
      await listCount(client, user, '/esi/devis?filter[relance]=1', 'devis'),
      after.devis_a_relancer.nombre
    )
  })

  test('each figure link opens a list showing exactly the rows counted', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const today = todayIso()
    const a = await commandeSignee()
    await commandeSignee()
    await devisEnvoye(9)
    await acomptePaye(a.bdc.id, 100)
    await etapePrevue(a.commande.id, 'mesurage', addDays(today, -2))
    const f = await staffFiguresOf(client, user)
    const p = f.signes.mois.periode
    assert.isAtLeast(f.signes.mois.nombre, 2)
    assert.equal(
      await listCount(
        client,
        user,
        `/esi/bdc?filter[statut]=signe&filter[signe_du]=${p.du}&filter[signe_au]=${p.au}`,
        'bdcs'
      ),
      f.signes.mois.nombre
    )
    const y = f.signes.annee_n1.periode
    assert.equal(
      await listCount(
        client,
        user,
        `/esi/bdc?filter[statut]=signe&filter[signe_du]=${y.du}&filter[signe_au]=${y.au}`,
        'bdcs'
      ),
      f.signes.annee_n1.nombre
    )
    assert.isAtLeast(f.devis_a_relancer.nombre, 1)
    assert.equal(
      await listCount(client, user, '/esi/devis?filter[relance]=1', 'devis'),
      f.devis_a_relancer.nombre
    )
    assert.isAtLeast(f.acomptes_attendus.nombre, 1)
    assert.equal(
      await listCount(client, user, '/esi/commandes?filter[etape]=acompte', 'commandes'),
      f.acomptes_attendus.nombre
    )
    assert.isAtLeast(f.commandes_en_retard, 1)
    assert.equal(
      await listCount(client, user, '/esi/commandes?filter[retard]=1', 'commandes'),
      f.commandes_en_retard
    )
    assert.isNotEmpty(f.etapes_en_retard)
    for (const r of f.etapes_en_retard) {
      assert.equal(
        await listCount(
          client,
          user,
          `/esi/commandes?filter[etape_en_retard]=${r.etape}`,
          'commandes'
        ),
        r.nombre,
        r.etape
      )
    }
  })

  test('no staff figures for a pro, another user, or staff without two-factor', async ({
    client,
    assert,
  }) => {
    await commandeSignee()
    for (const user of [
      await makeUser('pro'),
      await makeUser('other'),
      await makeUser('esi', {}, 'without2fa'),
      await makeUser('esi', { accesRole: 'pro' }),
    ]) {
      const response = await client.get('/dashboard').loginAs(user).withInertia()
      response.assertStatus(200)
      assert.isNull(response.inertiaProps.figures, `${user.role}/${user.accesRole}`)
      assert.isNull(response.inertiaProps.compta)
    }
  })
})
