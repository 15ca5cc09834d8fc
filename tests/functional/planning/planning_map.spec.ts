/*
 * Issue 13 §4: the planning map through HTTP on a real database — the page and its props, a day
 * reordered (order applied, durations kept, travel gaps, two visits swapped under the deferred
 * constraint, a busy team mate refused), coordinates placed by a click, the geocoder and the
 * road server when none is configured, rights and French refusals.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { makeUser, withTransaction } from '#tests/helpers'
import {
  clientAvecChantier,
  commandeAPlanifier,
  getJson,
  makeRdv,
  makeTechnicien,
  sendJson,
} from '#tests/functional/planning/helpers'
import { systemActor } from '#services/actor'
import { createPlanification } from '#services/planning/planification_service'
import { osrmRoute } from '#services/planning/osrm'
import { TIME_ZONE } from '#shared/app'
import type User from '#models/user'

const REORDER = '/esi/planning/journee-ordre'
const COORDS = '/esi/planning/carte/coordonnees'

async function rdv(personnes: User[], debut: string, fin: string, lat?: number, lng?: number) {
  const client = await clientAvecChantier()
  return createPlanification(systemActor(), {
    type: 'com',
    nature: 'rdv',
    debut,
    fin,
    personnes: personnes.map((p) => p.id),
    clientId: Number(client.idClient),
    latitude: lat ?? null,
    longitude: lng ?? null,
  })
}

async function times(ids: number[]) {
  const rows = await db.from('planifications').whereIn('id', ids).select('id', 'debut', 'fin')
  const byId = new Map(rows.map((r) => [r.id, r]))
  const local = (d: Date) => DateTime.fromJSDate(d).setZone(TIME_ZONE).toFormat('HH:mm')
  return ids.map((id) => `${local(byId.get(id)!.debut)}-${local(byId.get(id)!.fin)}`)
}

async function withTrajet(minutes: number) {
  const esi = await db.from('societes').where('type', 'esi').first()
  if (esi) {
    await db.from('societes').where('id', esi.id).update({ planning_trajet_minutes: minutes })
  } else {
    await db.table('societes').insert({
      nom: 'ESI',
      type: 'esi',
      planning_trajet_minutes: minutes,
      created_at: new Date(),
      updated_at: new Date(),
    })
  }
}

test.group('Planning map / page', (group) => {
  withTransaction(group)

  test('the map page of each planning with its props (today, no tiles by default)', async ({
    client,
    assert,
  }) => {
    const user = await makeTechnicien('Anne Carte')
    for (const type of ['com', 'tec'] as const) {
      const response = await client
        .get(`/esi/planning/${type}/carte?date=2026-12-01&personne=${user.id}`)
        .loginAs(user)
        .withInertia()
      response.assertStatus(200)
      response.assertInertiaComponent('esi/planning/PlanifMap')
      const props = response.body().props
      assert.equal(props.type, type)
      assert.equal(props.date, '2026-12-01')
      assert.equal(props.personne, user.id)
      assert.isTrue(props.ressources.some((r: { id: number }) => r.id === user.id))
      assert.deepEqual(props.tuiles, {
        url: null,
        attribution: null,
        routier: false,
        geocodeur: false,
      })
      assert.equal(props.attenteMax, 2000)
    }
  })

  test('a bad date shows today, an unknown person none', async ({ client, assert }) => {
    const user = await makeTechnicien()
    const response = await client
      .get('/esi/planning/tec/carte?date=2026-02-30&personne=99999999999')
      .loginAs(user)
      .withInertia()
    response.assertStatus(200)
    assert.equal(response.body().props.date, DateTime.now().setZone(TIME_ZONE).toISODate())
    assert.isNull(response.body().props.personne)
  })

  test('pro and other users are refused the page and the writes (403)', async ({ client }) => {
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      const page = await client.get('/esi/planning/tec/carte').loginAs(user).withInertia()
      page.assertStatus(403)
      const write = await sendJson(client, user, 'post', COORDS, {
        cle: 'societe',
        latitude: 50.5,
        longitude: 4.5,
      })
      write.assertStatus(403)
      const reorder = await sendJson(client, user, 'post', REORDER, {
        type: 'com',
        personne: user.id,
        date: '2026-12-01',
        ordre: [1],
        lock_versions: [1],
      })
      reorder.assertStatus(403)
    }
  })
})

test.group('Planning map / reorder a day', (group) => {
  withTransaction(group)

  test('the order is applied from the first start, durations kept, travel gaps', async ({
    client,
    assert,
  }) => {
    await withTrajet(15)
    const tech = await makeTechnicien()
    const a = await rdv([tech], '2026-12-09T08:00', '2026-12-09T09:00')
    const b = await rdv([tech], '2026-12-09T10:00', '2026-12-09T10:30')
    const c = await rdv([tech], '2026-12-09T13:00', '2026-12-09T14:30')
    // Another day of the same person is not touched
    const other = await rdv([tech], '2026-12-10T08:00', '2026-12-10T09:00')
    const response = await sendJson(client, tech, 'post', REORDER, {
      type: 'com',
      personne: tech.id,
      date: '2026-12-09',
      ordre: [c.id, a.id, b.id],
      lock_versions: [c.lockVersion, a.lockVersion, b.lockVersion],
    })
    response.assertStatus(200)
    assert.deepEqual(await times([c.id, a.id, b.id]), ['08:00-09:30', '09:45-10:45', '11:00-11:30'])
    assert.deepEqual(await times([other.id]), ['08:00-09:00'])
    const body = response.body().visites
    assert.deepEqual(
      body.map((v: { id: number }) => v.id),
      [c.id, a.id, b.id]
    )
    assert.equal(body[0].lockVersion, c.lockVersion + 1)
    const history = await db
      .from('planification_historique')
      .where({ planification_id: c.id, action: 'deplacee' })
      .first()
    assert.include(history.detail, 'journée réordonnée')
  })

  test('two visits swap their times (the constraint is deferred in the transaction)', async ({
    client,
    assert,
  }) => {
    await withTrajet(0)
    const tech = await makeTechnicien()
    const a = await rdv([tech], '2026-12-11T09:00', '2026-12-11T10:00')
    const b = await rdv([tech], '2026-12-11T10:00', '2026-12-11T11:00')
    const response = await sendJson(client, tech, 'post', REORDER, {
      type: 'com',
      personne: tech.id,
      date: '2026-12-11',
      ordre: [b.id, a.id],
      lock_versions: [b.lockVersion, a.lockVersion],
    })
    response.assertStatus(200)
    assert.deepEqual(await times([b.id, a.id]), ['09:00-10:00', '10:00-11:00'])
    // Every slot still respects the constraint afterwards
    const slots = await db
      .from('planification_personnes')
      .where('user_id', tech.id)
      .select(db.raw(`lower(creneau) AS d`))
    assert.lengthOf(slots, 2)
  })

  test('a shared visit whose team mate is busy at the new time is refused (409)', async ({
    client,
    assert,
  }) => {
    await withTrajet(0)
    const tech = await makeTechnicien()
    const mate = await makeTechnicien('Paul Équipier')
    const a = await rdv([tech], '2026-12-14T08:00', '2026-12-14T10:00')
    const shared = await rdv([tech, mate], '2026-12-14T10:00', '2026-12-14T11:00')
    const busy = await makeRdv(mate, '2026-12-14T08:30', '2026-12-14T09:30')
    const response = await sendJson(client, tech, 'post', REORDER, {
      type: 'com',
      personne: tech.id,
      date: '2026-12-14',
      ordre: [shared.id, a.id],
      lock_versions: [shared.lockVersion, a.lockVersion],
    })
    response.assertStatus(409)
    assert.equal(
      response.body().message,
      `Impossible de réordonner : Paul Équipier a déjà « ${busy.titre} » le 14/12/2026 de 08:30 à 09:30, qui chevaucherait le 14/12/2026 de 08:00 à 09:00.`
    )
    assert.deepEqual(await times([a.id, shared.id]), ['08:00-10:00', '10:00-11:00'])
  })

  test('refusals: the day changed, a stale version, unknown ids, bad input', async ({
    client,
    assert,
  }) => {
    const tech = await makeTechnicien()
    const a = await rdv([tech], '2026-12-15T08:00', '2026-12-15T09:00')
    const b = await rdv([tech], '2026-12-15T10:00', '2026-12-15T11:00')
    const body = {
      type: 'com',
      personne: tech.id,
      date: '2026-12-15',
      ordre: [b.id, a.id],
      lock_versions: [b.lockVersion, a.lockVersion],
    }
    // A visit of the day left out: the page is stale
    const missing = await sendJson(client, tech, 'post', REORDER, {
      ...body,
      ordre: [b.id],
      lock_versions: [b.lockVersion],
    })
    missing.assertStatus(409)
    assert.equal(
      missing.body().message,
      'La journée a changé depuis son affichage : rechargez la carte.'
    )
    // Somebody moved a visit meanwhile
    const stale = await sendJson(client, tech, 'post', REORDER, {
      ...body,
      lock_versions: [b.lockVersion, a.lockVersion - 1 || 99],
    })
    stale.assertStatus(409)
    assert.match(stale.body().message, /Cette visite/)
    // Unknown visit, unknown person, a person who is not staff: 404
    const pro = await makeUser('pro')
    for (const patch of [
      { ordre: [b.id, 2_000_000_000] },
      { personne: 2_000_000_000 },
      { personne: pro.id },
    ]) {
      const r = await sendJson(client, tech, 'post', REORDER, { ...body, ...patch })
      r.assertStatus(404)
    }
    // Bad input: French 422
    const bad = await sendJson(client, tech, 'post', REORDER, {
      type: 'xyz',
      personne: 'abc',
      date: '15/12/2026',
      ordre: [],
      lock_versions: [],
    })
    bad.assertStatus(422)
    const fields = Object.fromEntries(
      bad.body().errors.map((e: { field: string; message: string }) => [e.field, e.message])
    )
    assert.equal(fields.type, 'Planning inconnu.')
    assert.equal(fields.personne, 'Choisissez une personne.')
    assert.equal(fields.date, 'Indiquez la journée (aaaa-mm-jj).')
    assert.equal(fields.ordre, 'La journée n’a aucune visite à réordonner.')
    const dup = await sendJson(client, tech, 'post', REORDER, {
      ...body,
      ordre: [a.id, a.id],
    })
    dup.assertStatus(422)
    assert.equal(dup.body().message, 'Une visite est en double dans l’ordre.')
    // Nothing moved
    assert.deepEqual(await times([a.id, b.id]), ['08:00-09:00', '10:00-11:00'])
  })

  test('a mesurage reordered keeps its commande step planned', async ({ client, assert }) => {
    await withTrajet(0)
    const tech = await makeTechnicien()
    const { commande } = await commandeAPlanifier()
    const mesurage = await createPlanification(systemActor(), {
      type: 'tec',
      nature: 'mesurage',
      debut: '2026-12-16T13:00',
      fin: '2026-12-16T14:30',
      personnes: [tech.id],
      commandeId: commande.id,
    })
    const sav = await createPlanification(systemActor(), {
      type: 'tec',
      nature: 'sav',
      debut: '2026-12-16T08:00',
      fin: '2026-12-16T09:00',
      personnes: [tech.id],
      titre: 'SAV porte',
    })
    const response = await sendJson(client, tech, 'post', REORDER, {
      type: 'tec',
      personne: tech.id,
      date: '2026-12-16',
      ordre: [mesurage.id, sav.id],
      lock_versions: [mesurage.lockVersion, sav.lockVersion],
    })
    response.assertStatus(200)
    assert.deepEqual(await times([mesurage.id, sav.id]), ['08:00-09:30', '09:30-10:30'])
    // The step stays planned that day, by the same person
    const step = await db
      .from('commande_etapes')
      .where({ commande_id: commande.id, etape: 'mesurage' })
      .first()
    assert.equal(step.statut, 'planifiee')
    assert.equal(step.responsable_id, tech.id)
  })
})

test.group('Planning map / coordinates, geocoder, road server', (group) => {
  withTransaction(group)

  test('a commande step item stores them on its client, a request on the request', async ({
    client,
    assert,
  }) => {
    const user = await makeTechnicien()
    const { commande } = await commandeAPlanifier()
    const r = await sendJson(client, user, 'post', COORDS, {
      cle: `etape:${commande.id}:mesurage`,
      latitude: 50.4674123456,
      longitude: 4.8718,
    })
    r.assertStatus(200)
    assert.deepEqual(r.body(), { latitude: 50.467412, longitude: 4.8718 })
    const c = await db.from('clients').where('id_client', commande.clientId).first()
    assert.closeTo(Number(c.chantier_lat), 50.467412, 1e-6)
    // The waiting list now has the item on the map
    const attente = await getJson(client, user, '/esi/planifications/attente?type=tec')
    const item = attente
      .body()
      .items.find((i: { cle: string }) => i.cle === `etape:${commande.id}:mesurage`)
    assert.closeTo(item.latitude, 50.467412, 1e-6)

    const [demande] = await db
      .table('planning_demandes')
      .insert({ type: 'tec', nature: 'sav', titre: 'SAV porte qui frotte', duree_minutes: 60 })
      .returning('id')
    const d = await sendJson(client, user, 'post', COORDS, {
      cle: `demande:${demande.id}`,
      latitude: 50.85,
      longitude: 4.35,
    })
    d.assertStatus(200)
    const row = await db.from('planning_demandes').where('id', demande.id).first()
    assert.equal(row.latitude, 50.85)
    assert.equal(row.longitude, 4.35)
  })

  test('the company address: the start of the routes, in the page props', async ({
    client,
    assert,
  }) => {
    const user = await makeTechnicien()
    await withTrajet(0)
    const r = await sendJson(client, user, 'post', COORDS, {
      cle: 'societe',
      latitude: 50.4,
      longitude: 4.9,
    })
    r.assertStatus(200)
    const page = await client.get('/esi/planning/tec/carte').loginAs(user).withInertia()
    assert.deepEqual(page.body().props.depart, { latitude: 50.4, longitude: 4.9 })
  })

  test('unknown or foreign keys are a 404, bad coordinates a French 422', async ({
    client,
    assert,
  }) => {
    const user = await makeTechnicien()
    for (const cle of ['etape:2000000000:pose', 'demande:2000000000', 'etape:99999999999:pose']) {
      const r = await sendJson(client, user, 'post', COORDS, { cle, latitude: 50, longitude: 4 })
      r.assertStatus(404)
    }
    const bad = await sendJson(client, user, 'post', COORDS, {
      cle: 'client:1',
      latitude: 91,
      longitude: 'x',
    })
    bad.assertStatus(422)
    const fields = Object.fromEntries(
      bad.body().errors.map((e: { field: string; message: string }) => [e.field, e.message])
    )
    assert.deepEqual(fields, {
      cle: 'Élément de la carte inconnu.',
      latitude: 'Latitude invalide (entre -90 et 90).',
      longitude: 'Longitude invalide (entre -180 et 180).',
    })
  })

  test('no geocoder and no road server configured: a French 422, nothing called', async ({
    client,
    assert,
  }) => {
    const user = await makeTechnicien()
    const { commande } = await commandeAPlanifier()
    const g = await sendJson(client, user, 'post', '/esi/planning/carte/geocoder', {
      cle: `etape:${commande.id}:mesurage`,
    })
    g.assertStatus(422)
    assert.equal(
      g.body().message,
      'Aucun géocodeur n’est configuré : placez l’adresse par un clic sur la carte.'
    )
    const t = await sendJson(client, user, 'post', '/esi/planning/carte/trajet', {
      points: [
        { lat: 50.4, lng: 4.9 },
        { lat: 50.8, lng: 4.3 },
      ],
    })
    t.assertStatus(422)
    assert.equal(
      t.body().message,
      'Aucun serveur d’itinéraires n’est configuré : distances à vol d’oiseau.'
    )
    const bad = await sendJson(client, user, 'post', '/esi/planning/carte/trajet', {
      points: [{ lat: 50, lng: 4 }],
    })
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].message, 'Indiquez de 2 à 51 points.')
    const far = await sendJson(client, user, 'post', '/esi/planning/carte/trajet', {
      points: [
        { lat: 95, lng: 4 },
        { lat: 50, lng: 4 },
      ],
    })
    far.assertStatus(422)
    assert.equal(far.body().errors[0].message, 'Latitude invalide (entre -90 et 90).')
  })

  test('the OSRM adapter reads the road distance and time of a route', async ({ assert }) => {
    let asked = ''
    const server = createServer((req, res) => {
      asked = req.url ?? ''
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ code: 'Ok', routes: [{ distance: 61234, duration: 2950 }] }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    try {
      const r = await osrmRoute(`http://127.0.0.1:${port}/`, [
        { lat: 50.4674, lng: 4.8718 },
        { lat: 50.8467, lng: 4.3525 },
      ])
      assert.deepEqual(r, { km: 61.234, minutes: 50 })
      assert.equal(asked, '/route/v1/driving/4.871800,50.467400;4.352500,50.846700?overview=false')
    } finally {
      server.close()
    }
    await assert.rejects(
      () =>
        osrmRoute('http://127.0.0.1:9/', [
          { lat: 50, lng: 4 },
          { lat: 51, lng: 5 },
        ]),
      'Le serveur d’itinéraires ne répond pas : distances à vol d’oiseau affichées.'
    )
  })
})
