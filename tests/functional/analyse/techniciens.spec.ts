/*
 * Occupation of the technicians (issue 14 §3, decision 515) over one week of March 2031 (5
 * weekdays × 7,6 h = 38 h): visits per person, a visit shared by two technicians counted for
 * each, a cancelled one and a commercial rdv left out, a visit across the period's end clipped;
 * against hand arithmetic and a plain SQL sum; a technician without visit still listed.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { analyseAs, csvOf, xlsxOf } from '#tests/functional/analyse/helpers'
import type { Occupation } from '#shared/analyse'

const PATH = '/esi/analyse/techniciens'
const PERIOD = '?du=2031-03-03&au=2031-03-09'

/** A visit [debut, fin) (UTC instants) for `users`. */
async function visite(
  users: number[],
  debut: string,
  fin: string,
  statut = 'planifiee',
  type: 'tec' | 'com' = 'tec'
) {
  const [row] = await db
    .table('planifications')
    .insert({
      type,
      nature: type === 'com' ? 'rdv' : 'sav',
      statut,
      debut,
      fin,
      titre: 'Visite de test',
      realisee_le: statut === 'realisee' ? fin : null,
      annulee_le: statut === 'annulee' ? fin : null,
    })
    .returning('id')
  for (const userId of users) {
    await db.table('planification_personnes').insert({
      planification_id: row.id,
      user_id: userId,
      creneau: `[${debut},${fin})`,
      actif: statut !== 'annulee',
    })
  }
}

async function dataset() {
  const t1 = await makeUser('esi', { name: 'Technicien Un' })
  const t2 = await makeUser('esi', { name: 'Technicien Deux' })
  for (const t of [t1, t2]) {
    await db.table('planning_ressources').insert({ user_id: t.id, type: 'tec' })
  }
  // Monday 08:00–11:00 Brussels (UTC+1), both technicians, done
  await visite([t1.id, t2.id], '2031-03-03T07:00:00Z', '2031-03-03T10:00:00Z', 'realisee')
  // Tuesday 4 h 30, planned
  await visite([t1.id], '2031-03-04T12:00:00Z', '2031-03-04T16:30:00Z')
  // Wednesday, cancelled; Thursday, a commercial rdv: neither counts
  await visite([t1.id], '2031-03-05T08:00:00Z', '2031-03-05T10:00:00Z', 'annulee')
  await visite([t1.id], '2031-03-06T08:00:00Z', '2031-03-06T10:00:00Z', 'planifiee', 'com')
  // Sunday 22:00 → Monday 02:00 Brussels: 2 h inside the period
  await visite([t1.id], '2031-03-09T21:00:00Z', '2031-03-10T01:00:00Z')
  // The week after: out
  await visite([t1.id], '2031-03-11T08:00:00Z', '2031-03-11T10:00:00Z')
  return { t1, t2 }
}

test.group('Analyse / occupation des techniciens', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('hours per technician against 38 working hours', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { t1, t2 } = await dataset()
    const { response, props } = await analyseAs(client, user, PATH, PERIOD)
    response.assertStatus(200)
    response.assertInertiaComponent('esi/analyse/Techniciens')
    const o: Occupation = props.occupation
    assert.equal(o.jours_ouvres, 5)
    assert.equal(o.heures_ouvrees, 38)
    const un = o.techniciens.find((t) => t.user_id === t1.id)!
    const deux = o.techniciens.find((t) => t.user_id === t2.id)!
    assert.deepEqual(un, {
      user_id: t1.id,
      nom: 'Technicien Un',
      visites: 3,
      heures_planifiees: 9.5,
      heures_realisees: 3,
      heures_ouvrees: 38,
      taux_planifie: 9.5 / 38,
      taux_realise: 3 / 38,
    })
    assert.deepInclude(deux, { visites: 1, heures_planifiees: 3, heures_realisees: 3 })

    // Independently: the technical, not cancelled hours of t1 inside the week, in plain SQL
    const sql = await db.rawQuery(
      `SELECT sum(extract(epoch FROM least(p.fin, '2031-03-09T23:00:00Z')
                 - greatest(p.debut, '2031-03-02T23:00:00Z')) / 3600) AS h
       FROM planifications p JOIN planification_personnes pp ON pp.planification_id = p.id
       WHERE pp.user_id = ? AND p.type = 'tec' AND p.statut <> 'annulee'
         AND p.debut < '2031-03-09T23:00:00Z' AND p.fin > '2031-03-02T23:00:00Z'`,
      [t1.id]
    )
    assert.equal(Number(sql.rows[0].h), un.heures_planifiees)
  })

  test('a technician without visit is listed at 0; CSV and XLSX', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { t1 } = await dataset()
    const idle = await makeUser('esi', { name: 'Technicien Libre' })
    await db.table('planning_ressources').insert({ user_id: idle.id, type: 'tec' })
    const { props } = await analyseAs(client, user, PATH, PERIOD)
    assert.deepInclude(
      props.occupation.techniciens.find((t: any) => t.user_id === idle.id),
      { visites: 0, heures_planifiees: 0, taux_planifie: 0 }
    )
    const { response, rows } = await csvOf(client, user, `${PATH}/export${PERIOD}`)
    response.assertStatus(200)
    assert.deepEqual(
      rows.find((r) => r[0] === 'Technicien Un'),
      ['Technicien Un', '3', '9,5', '3', '38', '25 %', '7,9 %']
    )
    const xlsx = await xlsxOf(client, user, `${PATH}/export${PERIOD}&format=xlsx`)
    assert.deepEqual(
      xlsx.rows.find((r) => r[0] === 'Technicien Un'),
      ['Technicien Un', 3, 9.5, 3, 38, '25 %', '7,9 %']
    )
    assert.ok(t1)
  })
})
