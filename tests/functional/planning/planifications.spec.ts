/*
 * Issue 13 §2–§3: the planning's writes through HTTP on a real database — a visit created,
 * dragged, resized, réalisée and annulée; a double booking refused with the visit it hits; the
 * travel time setting; the commande step following its visit; Brussels time across DST.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import {
  clientAvecChantier,
  commandeAPlanifier,
  getJson,
  makeRdv,
  makeTechnicien,
  sendJson,
} from '#tests/functional/planning/helpers'

const URL = '/esi/planifications'

test.group('Planning / visits through HTTP', (group) => {
  withTransaction(group)

  test('a commercial visit is created with its client, address and person', async ({
    client,
    assert,
  }) => {
    const user = await makeTechnicien('Sophie Laurent')
    const c = await clientAvecChantier()
    const response = await sendJson(client, user, 'post', URL, {
      type: 'com',
      nature: 'rdv',
      debut: '2026-12-02T14:00',
      fin: '2026-12-02T15:30',
      personnes: [user.id],
      client_id: Number(c.idClient),
    })
    response.assertStatus(201)
    const v = response.body()
    assert.equal(v.debut, '2026-12-02T14:00:00.000+01:00')
    assert.equal(v.fin, '2026-12-02T15:30:00.000+01:00')
    assert.deepEqual(v.personnes, [user.id])
    assert.equal(v.adresse, 'Rue de Fer 12, 5000 Namur')
    assert.closeTo(v.latitude, 50.465, 1e-6)
    assert.equal(v.client.nom, 'Luc Vandenberghe')
    assert.equal(v.statut, 'planifiee')
  })

  test('a double booking is refused, naming the visit it collides with', async ({
    client,
    assert,
  }) => {
    const tech = await makeTechnicien('Marc Dubois')
    const first = await makeRdv(tech, '2026-12-03T09:00', '2026-12-03T10:30')
    const c = await clientAvecChantier()
    const response = await sendJson(client, tech, 'post', URL, {
      type: 'com',
      nature: 'rdv',
      debut: '2026-12-03T10:00',
      fin: '2026-12-03T11:00',
      personnes: [tech.id],
      client_id: Number(c.idClient),
    })
    response.assertStatus(409)
    assert.equal(
      response.body().message,
      `Marc Dubois a déjà « ${first.titre} » le 03/12/2026 de 09:00 à 10:30.`
    )
    // Back to back is allowed (no travel time by default)
    const ok = await sendJson(client, tech, 'post', URL, {
      type: 'com',
      nature: 'rdv',
      debut: '2026-12-03T10:30',
      fin: '2026-12-03T11:00',
      personnes: [tech.id],
      client_id: Number(c.idClient),
    })
    ok.assertStatus(201)
  })

  test('the company travel time is required between two visits of one person', async ({
    client,
    assert,
  }) => {
    const tech = await makeTechnicien()
    await db.from('societes').where('type', 'esi').update({ planning_trajet_minutes: 30 })
    const esi = await db.from('societes').where('type', 'esi').first()
    if (!esi) {
      await db.table('societes').insert({
        nom: 'ESI',
        type: 'esi',
        planning_trajet_minutes: 30,
        created_at: new Date(),
        updated_at: new Date(),
      })
    }
    await makeRdv(tech, '2026-12-04T09:00', '2026-12-04T10:00')
    const c = await clientAvecChantier()
    const tooSoon = await sendJson(client, tech, 'post', URL, {
      type: 'com',
      nature: 'rdv',
      debut: '2026-12-04T10:15',
      fin: '2026-12-04T11:00',
      personnes: [tech.id],
      client_id: Number(c.idClient),
    })
    tooSoon.assertStatus(409)
    assert.include(tooSoon.body().message, '(30 min de trajet entre deux visites)')
    const later = await sendJson(client, tech, 'post', URL, {
      type: 'com',
      nature: 'rdv',
      debut: '2026-12-04T10:30',
      fin: '2026-12-04T11:00',
      personnes: [tech.id],
      client_id: Number(c.idClient),
    })
    later.assertStatus(201)
  })

  test('drag to another time and person, resize; a stale version is a 409', async ({
    client,
    assert,
  }) => {
    const a = await makeTechnicien()
    const b = await makeTechnicien()
    const v = await makeRdv(a, '2026-12-07T09:00', '2026-12-07T10:00')
    const moved = await sendJson(client, a, 'put', `${URL}/${v.id}`, {
      lock_version: v.lockVersion,
      debut: '2026-12-08T13:00',
      fin: '2026-12-08T14:00',
      personnes: [b.id],
    })
    moved.assertStatus(200)
    assert.deepEqual(moved.body().personnes, [b.id])
    assert.equal(moved.body().debut, '2026-12-08T13:00:00.000+01:00')
    const resized = await sendJson(client, a, 'put', `${URL}/${v.id}`, {
      lock_version: moved.body().lockVersion,
      fin: '2026-12-08T15:15',
    })
    resized.assertStatus(200)
    assert.equal(resized.body().fin, '2026-12-08T15:15:00.000+01:00')
    const stale = await sendJson(client, a, 'put', `${URL}/${v.id}`, {
      lock_version: v.lockVersion,
      fin: '2026-12-08T16:00',
    })
    stale.assertStatus(409)
    assert.match(stale.body().message, /^Cette visite a été modifiée/)
    const history = await db
      .from('planification_historique')
      .where('planification_id', v.id)
      .orderBy('id')
      .select('action')
    assert.deepEqual(
      history.map((h) => h.action),
      ['creee', 'deplacee', 'personnes', 'deplacee']
    )
  })

  test('bad input: French reasons, nothing written', async ({ client, assert }) => {
    const tech = await makeTechnicien()
    const before = await db.from('planifications').count('* as n').first()
    const noPerson = await sendJson(client, tech, 'post', URL, {
      type: 'com',
      nature: 'rdv',
      debut: '2026-12-02T14:00',
      fin: '2026-12-02T15:00',
      personnes: [],
      titre: 'x',
    })
    noPerson.assertStatus(422)
    assert.include(JSON.stringify(noPerson.body()), 'Choisissez au moins une personne.')
    const farAway = await sendJson(client, tech, 'post', URL, {
      type: 'com',
      nature: 'rdv',
      debut: '2026-12-02T14:00',
      fin: '2026-12-02T15:00',
      personnes: [tech.id],
      titre: 'x',
      latitude: 200,
    })
    farAway.assertStatus(422)
    assert.deepInclude(farAway.body().errors, {
      field: 'latitude',
      message: 'Latitude invalide (entre -90 et 90).',
      rule: 'max',
      meta: { max: 90 },
    })
    const reversed = await sendJson(client, tech, 'post', URL, {
      type: 'com',
      nature: 'rdv',
      debut: '2026-12-02T15:00',
      fin: '2026-12-02T14:00',
      personnes: [tech.id],
      titre: 'x',
    })
    reversed.assertStatus(422)
    assert.equal(reversed.body().message, 'La fin doit suivre le début.')
    const wrongNature = await sendJson(client, tech, 'post', URL, {
      type: 'com',
      nature: 'pose',
      debut: '2026-12-02T14:00',
      fin: '2026-12-02T15:00',
      personnes: [tech.id],
      titre: 'x',
    })
    wrongNature.assertStatus(422)
    const pro = await makeTechnicien()
    await db.from('users').where('id', pro.id).update({ role: 'pro' })
    const notStaff = await sendJson(client, tech, 'post', URL, {
      type: 'com',
      nature: 'rdv',
      debut: '2026-12-02T14:00',
      fin: '2026-12-02T15:00',
      personnes: [pro.id],
      titre: 'x',
    })
    notStaff.assertStatus(422)
    assert.equal(notStaff.body().message, 'Une des personnes n’est pas un membre de l’équipe.')
    const after = await db.from('planifications').count('* as n').first()
    assert.equal(Number(after.n), Number(before.n))
  })

  test('planning a mesurage plans the step; réalisée starts it; annulée gives it back', async ({
    client,
    assert,
  }) => {
    const tech = await makeTechnicien()
    const { commande } = await commandeAPlanifier()
    const waiting = await getJson(client, tech, `${URL}/attente?type=tec`)
    waiting.assertStatus(200)
    const cle = `etape:${commande.id}:mesurage`
    assert.isTrue(waiting.body().items.some((i: any) => i.cle === cle))
    const created = await sendJson(client, tech, 'post', URL, {
      type: 'tec',
      nature: 'mesurage',
      commande_id: commande.id,
      debut: '2026-12-09T08:00',
      fin: '2026-12-09T09:30',
      personnes: [tech.id],
    })
    created.assertStatus(201)
    const v = created.body()
    const step = () =>
      db.from('commande_etapes').where({ commande_id: commande.id, etape: 'mesurage' }).first()
    let etape = await step()
    assert.equal(etape.statut, 'planifiee')
    assert.equal(etape.responsable_id, tech.id)
    const again = await getJson(client, tech, `${URL}/attente?type=tec`)
    assert.isFalse(again.body().items.some((i: any) => i.cle === cle))
    // A second visit for the same step: refused
    const twice = await sendJson(client, tech, 'post', URL, {
      type: 'tec',
      nature: 'mesurage',
      commande_id: commande.id,
      debut: '2026-12-10T08:00',
      fin: '2026-12-10T09:30',
      personnes: [tech.id],
    })
    twice.assertStatus(409)
    // Moved to the next day: the step's planned date follows
    const moved = await sendJson(client, tech, 'put', `${URL}/${v.id}`, {
      lock_version: v.lockVersion,
      debut: '2026-12-11T08:00',
      fin: '2026-12-11T09:30',
    })
    moved.assertStatus(200)
    etape = await step()
    assert.equal(
      new Date(etape.prevue_debut).toISOString(),
      new Date('2026-12-11T00:00:00+01:00').toISOString()
    )
    const done = await sendJson(client, tech, 'post', `${URL}/${v.id}/statut`, {
      lock_version: moved.body().lockVersion,
      statut: 'realisee',
    })
    done.assertStatus(200)
    etape = await step()
    assert.equal(etape.statut, 'en_cours')
    const back = await sendJson(client, tech, 'post', `${URL}/${v.id}/statut`, {
      lock_version: done.body().lockVersion,
      statut: 'planifiee',
    })
    back.assertStatus(200)
    const noMotif = await sendJson(client, tech, 'post', `${URL}/${v.id}/statut`, {
      lock_version: back.body().lockVersion,
      statut: 'annulee',
    })
    noMotif.assertStatus(422)
    assert.equal(noMotif.body().message, 'Indiquez le motif de l’annulation.')
    const cancelled = await sendJson(client, tech, 'post', `${URL}/${v.id}/statut`, {
      lock_version: back.body().lockVersion,
      statut: 'annulee',
      motif: 'Client absent',
    })
    cancelled.assertStatus(200)
    assert.equal(cancelled.body().motifAnnulation, 'Client absent')
    const slot = await db.from('planification_personnes').where('planification_id', v.id).first()
    assert.isFalse(slot.actif)
    // The step is started (en cours): it keeps its statut; the step waits no more in the list
    etape = await step()
    assert.equal(etape.statut, 'en_cours')
  })

  test('a cancelled visit frees the slot and a planned step goes back to « à faire »', async ({
    client,
    assert,
  }) => {
    const tech = await makeTechnicien()
    const { commande } = await commandeAPlanifier()
    const created = await sendJson(client, tech, 'post', URL, {
      type: 'tec',
      nature: 'mesurage',
      commande_id: commande.id,
      debut: '2026-12-14T08:00',
      fin: '2026-12-14T09:30',
      personnes: [tech.id],
    })
    created.assertStatus(201)
    await sendJson(client, tech, 'post', `${URL}/${created.body().id}/statut`, {
      lock_version: created.body().lockVersion,
      statut: 'annulee',
      motif: 'Doublon',
    }).then((r: any) => r.assertStatus(200))
    const etape = await db
      .from('commande_etapes')
      .where({ commande_id: commande.id, etape: 'mesurage' })
      .first()
    assert.equal(etape.statut, 'a_faire')
    assert.isNull(etape.prevue_debut)
    const waiting = await getJson(client, tech, `${URL}/attente?type=tec`)
    assert.isTrue(waiting.body().items.some((i: any) => i.cle === `etape:${commande.id}:mesurage`))
    // The freed slot takes another visit of the same person
    await makeRdv(tech, '2026-12-14T08:00', '2026-12-14T09:30')
  })

  test('a pose waits until everything is received; réalisée refuses a closed gate', async ({
    client,
    assert,
  }) => {
    const tech = await makeTechnicien()
    const { commande } = await commandeAPlanifier()
    const waiting = await getJson(client, tech, `${URL}/attente?type=tec`)
    assert.isFalse(waiting.body().items.some((i: any) => i.cle === `etape:${commande.id}:pose`))
    // Planning ahead of the gate is allowed (decision 303); starting is not
    const created = await sendJson(client, tech, 'post', URL, {
      type: 'tec',
      nature: 'pose',
      commande_id: commande.id,
      debut: '2026-12-15T08:00',
      fin: '2026-12-15T16:00',
      personnes: [tech.id],
    })
    created.assertStatus(201)
    const done = await sendJson(client, tech, 'post', `${URL}/${created.body().id}/statut`, {
      lock_version: created.body().lockVersion,
      statut: 'realisee',
    })
    done.assertStatus(422)
    assert.equal(done.body().message, 'Toutes les lignes fournisseur ne sont pas reçues.')
  })

  test('Brussels time across the DST changes', async ({ client, assert }) => {
    const tech = await makeTechnicien()
    // 25/10/2026: 03:00 CEST becomes 02:00 CET; 01:00 → 04:00 local lasts 4 real hours
    const autumn = await makeRdv(tech, '2026-10-25T01:00', '2026-10-25T04:00')
    assert.equal(autumn.debut, '2026-10-25T01:00:00.000+02:00')
    assert.equal(autumn.fin, '2026-10-25T04:00:00.000+01:00')
    const row = await db.from('planifications').where('id', autumn.id).first()
    assert.equal((new Date(row.fin).getTime() - new Date(row.debut).getTime()) / 3600000, 4)
    // 29/03/2026: 02:00 CET becomes 03:00 CEST; 01:00 → 04:00 local lasts 2 real hours
    const spring = await makeRdv(tech, '2026-03-29T01:00', '2026-03-29T04:00')
    assert.equal(spring.debut, '2026-03-29T01:00:00.000+01:00')
    assert.equal(spring.fin, '2026-03-29T04:00:00.000+02:00')
    // An explicit offset is kept as the instant it names
    const utc = await makeRdv(tech, '2026-07-01T07:00:00Z', '2026-07-01T08:00:00Z')
    assert.equal(utc.debut, '2026-07-01T09:00:00.000+02:00')
    // The range query of the week of the autumn change finds it
    const week = await getJson(
      client,
      tech,
      `${URL}?type=com&start=2026-10-19T00:00&end=2026-10-26T00:00&personnes=${tech.id}`
    )
    week.assertStatus(200)
    assert.deepEqual(
      week.body().visites.map((v: any) => v.id),
      [autumn.id]
    )
    // The range's own formatting (one offset per quarter of an hour, decision 670) agrees with
    // the one visit's, on both sides of the change and in a summer month
    assert.match(week.header('content-type'), /^application\/json/)
    assert.deepEqual(week.body().visites[0], autumn)
    const march = await getJson(
      client,
      tech,
      `${URL}?type=com&start=2026-03-01T00:00&end=2026-04-30T00:00&personnes=${tech.id}`
    )
    assert.deepEqual(march.body().visites, [spring])
    const july = await getJson(
      client,
      tech,
      `${URL}?type=com&start=2026-06-29T00:00&end=2026-07-06T00:00&personnes=${tech.id}`
    )
    assert.deepEqual(july.body().visites, [utc])
  })

  test('pro and other users cannot reach the planning', async ({ client }) => {
    const { makeUser } = await import('#tests/helpers')
    const pro = await makeUser('pro')
    const other = await makeUser('other')
    for (const u of [pro, other]) {
      const r = await getJson(client, u, `${URL}/attente?type=tec`)
      r.assertStatus(403)
    }
  })
})
