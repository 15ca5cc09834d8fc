/*
 * The demo planning (issue 13, database/demo/planning.ts): seeded in a transaction rolled back
 * after the test — two commerciaux and four technicians in their plannings (the demo user among
 * the technicians), a month of visits around today (the past réalisées or annulées with a motif,
 * the coming ones planifiées), no person in two overlapping visits, the commande steps planned by
 * their visits, and requests waiting to be planned in both plannings.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { seedDemo } from '#database/demo/index'
import { DEMO_PLANNING_STAFF, DEMO_TRAJET_MINUTES } from '#database/demo/planning'
import { ressourcesOf } from '#services/planning/ressources'
import { attenteItems } from '#services/planning/attente'
import { trajetMinutes } from '#services/planning/planification_personnes'
import { planificationsInRange } from '#services/planning/planification_reads'
import { TIME_ZONE } from '#shared/app'

test.group('Demo / planning', (group) => {
  withTransaction(group)

  test('persons, a month of visits without overlap, open requests', async ({ assert }) => {
    const trx = await db.beginGlobalTransaction()
    const base = await seedDemo(trx)
    const today = DateTime.now().setZone(TIME_ZONE).startOf('day')

    // Who is in which planning
    const com = await ressourcesOf('com')
    const tec = await ressourcesOf('tec')
    const names = (type: string) =>
      DEMO_PLANNING_STAFF.filter((s) => s[2] === type).map((s) => s[0] as string)
    assert.sameMembers(
      com.map((r) => r.nom),
      names('com')
    )
    assert.lengthOf(com, 2)
    assert.includeMembers(
      tec.map((r) => r.nom),
      names('tec')
    )
    assert.isAtLeast(names('tec').length, 4)
    assert.include(
      tec.map((r) => r.id),
      base.users.esi.id,
      'the demo user is in the technical planning'
    )
    assert.lengthOf(new Set(tec.map((r) => r.equipe).filter(Boolean)), 2, 'two pose teams')
    assert.equal(await trajetMinutes(), DEMO_TRAJET_MINUTES)

    // A month of visits around today
    const start = today.minus({ weeks: 3 })
    const end = today.plus({ weeks: 2 })
    for (const type of ['com', 'tec'] as const) {
      const visites = await planificationsInRange({ type, start, end, avecAnnulees: true })
      const persons = new Set(visites.flatMap((v) => v.personnes))
      for (const r of type === 'com' ? com : tec) {
        assert.isTrue(persons.has(r.id), `${r.nom} has visits in the month`)
      }
      const past = visites.filter((v) => DateTime.fromISO(v.fin) < today)
      const coming = visites.filter((v) => DateTime.fromISO(v.debut) >= today.plus({ days: 1 }))
      assert.isAtLeast(past.length, 20, `${type}: past visits`)
      assert.isAtLeast(coming.length, 10, `${type}: coming visits`)
      assert.isTrue(
        past.every((v) => v.statut !== 'planifiee'),
        `${type}: past visits réalisées or annulées`
      )
      assert.isTrue(
        past.some((v) => v.statut === 'annulee'),
        `${type}: some past visits annulées`
      )
      assert.isTrue(
        visites.filter((v) => v.statut === 'annulee').every((v) => Boolean(v.motifAnnulation)),
        `${type}: every annulée has its motif`
      )
      assert.isTrue(
        coming.some((v) => v.statut === 'planifiee'),
        `${type}: coming visits planifiées`
      )
      assert.isTrue(
        visites.every((v) => v.client && v.latitude !== null && v.adresse),
        `${type}: every visit at a client's site with coordinates`
      )
    }

    // No person in two overlapping active visits (their times, without the travel margin)
    const overlaps = await db.rawQuery(
      `SELECT a.planification_id, b.planification_id AS other
         FROM planification_personnes a
         JOIN planification_personnes b
           ON b.user_id = a.user_id AND b.planification_id > a.planification_id
         JOIN planifications pa ON pa.id = a.planification_id
         JOIN planifications pb ON pb.id = b.planification_id
        WHERE pa.statut <> 'annulee' AND pb.statut <> 'annulee'
          AND tstzrange(pa.debut, pa.fin) && tstzrange(pb.debut, pb.fin)`
    )
    assert.lengthOf(overlaps.rows, 0)

    // The demo user's day
    const jour = await planificationsInRange({
      type: 'tec',
      start: today,
      end: today.plus({ days: 1 }),
      personnes: [base.users.esi.id],
    })
    assert.isAtLeast(jour.length, 1, 'the demo user has visits today')

    // The mesurage and pose visits plan their commande steps (same day, same person)
    const steps = await db
      .from('planifications as p')
      .join('commande_etapes as e', (j) =>
        j.on('e.commande_id', 'p.commande_id').andOn('e.etape', 'p.etape')
      )
      .whereNot('p.statut', 'annulee')
      .whereNotNull('p.etape')
      .select('p.id', 'p.debut', 'e.prevue_debut', 'e.statut')
    assert.isAtLeast(steps.length, 2, 'mesurage and pose visits')
    for (const s of steps) {
      const day = (v: Date) => DateTime.fromJSDate(new Date(v)).setZone(TIME_ZONE).toISODate()
      assert.equal(day(s.prevue_debut), day(s.debut), `visit ${s.id}: its step's date`)
      assert.include(['planifiee', 'en_cours'], s.statut)
    }

    // Requests waiting in both plannings
    const attenteTec = await attenteItems('tec')
    const attenteCom = await attenteItems('com')
    assert.isAtLeast(attenteTec.filter((i) => i.nature === 'sav').length, 3, 'SAV requests')
    assert.isAtLeast(attenteCom.filter((i) => i.demandeId).length, 2, 'commercial requests')
    assert.isTrue(
      [...attenteTec, ...attenteCom].every((i) => i.latitude !== null),
      'waiting items on the map'
    )
  }).timeout(60_000)
})
