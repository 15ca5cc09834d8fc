/*
 * Issue 13 §1: the calendar pages of both plannings — their props (type, the URL state parsed,
 * the persons of the resource view, today in Brussels, the natures of the type), their rights,
 * and what a visit is for (the modal's JSON: sheet, items to install, réception).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, withTransaction } from '#tests/helpers'
import {
  commandeAPlanifier,
  getJson,
  makeRdv,
  makeTechnicien,
  sendJson,
} from '#tests/functional/planning/helpers'
import { todayIso } from '#shared/dates'
import { TYPE_NATURES } from '#shared/planning'

test.group('Planning / the calendar page', (group) => {
  withTransaction(group)

  test('tec: the URL state, the technicians in their order, today and the natures', async ({
    client,
    assert,
  }) => {
    const user = await makeTechnicien('Bureau')
    const t1 = await makeTechnicien('Zoé Technicienne')
    const t2 = await makeTechnicien('Adam Technicien')
    await db.table('planning_ressources').multiInsert([
      { user_id: t1.id, type: 'tec', position: 0, couleur: '#047857', equipe: 'Équipe A' },
      { user_id: t2.id, type: 'tec', position: 1, couleur: '#b45309' },
    ])
    const response = await client
      .get(
        `/esi/planning/tec?vue=ressources&date=2026-03-29&personnes=${t1.id},x&natures=pose,rdv&visite=12`
      )
      .loginAs(user)
      .withInertia()
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.component, 'esi/planning/Index')
    const props = body.props
    assert.equal(props.type, 'tec')
    assert.deepEqual(props.query, {
      vue: 'ressources',
      date: '2026-03-29',
      personnes: [t1.id],
      // rdv is not a technical nature: dropped
      natures: ['pose'],
    })
    assert.equal(props.visite, 12)
    assert.deepEqual(
      props.ressources.map((r: any) => [r.nom, r.couleur, r.equipe]),
      [
        ['Zoé Technicienne', '#047857', 'Équipe A'],
        ['Adam Technicien', '#b45309', null],
      ]
    )
    assert.equal(props.today, todayIso())
    assert.deepEqual(props.natures, [...TYPE_NATURES.tec])
  })

  test('com: a bad link shows this week (defaults), and every staff member when none is configured', async ({
    client,
    assert,
  }) => {
    const user = await makeTechnicien('Commerciale')
    const response = await client
      .get('/esi/planning/com?vue=annee&date=2026-02-30&visite=abc')
      .loginAs(user)
      .withInertia()
    response.assertStatus(200)
    const props = response.body().props
    assert.equal(props.type, 'com')
    assert.deepEqual(props.query, { vue: 'semaine', date: todayIso(), personnes: [], natures: [] })
    assert.isNull(props.visite)
    assert.deepEqual(props.natures, ['rdv'])
    assert.include(
      props.ressources.map((r: any) => r.id),
      user.id
    )
  })

  test('staff only: a pro and another user are refused, a guest goes to the login', async ({
    client,
  }) => {
    for (const role of ['pro', 'other'] as const) {
      const u = await makeUser(role)
      const r1 = await client.get('/esi/planning/tec').loginAs(u).redirects(0)
      r1.assertStatus(403)
      const r2 = await client.get('/esi/planning/com').loginAs(u).redirects(0)
      r2.assertStatus(403)
    }
    const guest = await client.get('/esi/planning/tec').redirects(0)
    guest.assertStatus(302)
    guest.assertHeader('location', '/login')
  })

  test('details of a mesurage: the measurement sheet and the commande; of a rdv: the client', async ({
    client,
    assert,
  }) => {
    const user = await makeTechnicien()
    const { commande } = await commandeAPlanifier()
    const created = await sendJson(client, user, 'post', '/esi/planifications', {
      type: 'tec',
      nature: 'mesurage',
      debut: '2026-12-03T09:00',
      fin: '2026-12-03T10:30',
      personnes: [user.id],
      commande_id: commande.id,
    })
    created.assertStatus(201)
    const response = await getJson(
      client,
      user,
      `/esi/planning/visites/${created.body().id}/details`
    )
    response.assertStatus(200)
    const d = response.body()
    assert.equal(d.visite.id, created.body().id)
    assert.deepInclude(d.liens, {
      label: 'Feuille de mesurage',
      href: `/esi/commandes/mesurage/${commande.id}`,
      icon: 'bi-rulers',
    })
    assert.deepEqual(d.articles, [])

    const rdv = await makeRdv(user)
    const r2 = await getJson(client, user, `/esi/planning/visites/${rdv.id}/details`)
    r2.assertStatus(200)
    assert.deepEqual(
      r2.body().liens.map((l: any) => l.icon),
      ['bi-person']
    )
  })

  test('details of a pose: the bdc lines to install and the réception page', async ({
    client,
    assert,
  }) => {
    const user = await makeTechnicien()
    const { commande } = await commandeAPlanifier()
    // The pose's gate is open once the fourniture step is done (or without object)
    await db
      .from('commande_etapes')
      .where({ commande_id: commande.id, etape: 'fourniture' })
      .update({ statut: 'faite' })
    const created = await sendJson(client, user, 'post', '/esi/planifications', {
      type: 'tec',
      nature: 'pose',
      debut: '2026-12-04T08:00',
      fin: '2026-12-04T16:00',
      personnes: [user.id],
      commande_id: commande.id,
    })
    created.assertStatus(201)
    const response = await getJson(
      client,
      user,
      `/esi/planning/visites/${created.body().id}/details`
    )
    const d = response.body()
    assert.deepInclude(d.liens, {
      label: 'Pose et réception',
      href: `/esi/commandes/${commande.id}/pose`,
      icon: 'bi-tools',
    })
    const lignes = await db
      .from('bdc_lignes')
      .where({ bdc_id: commande.bdcId, type: 'produit' })
      .orderBy('position')
      .select('designation')
    assert.deepEqual(
      d.articles.map((a: any) => a.designation),
      lignes.map((l) => l.designation)
    )
    assert.isAbove(d.articles.length, 0)
  })

  test('details: an unknown visit is a 404, a pro is refused', async ({ client }) => {
    const user = await makeTechnicien()
    const missing = await getJson(client, user, '/esi/planning/visites/999999999/details')
    missing.assertStatus(404)
    const rdv = await makeRdv(user)
    const pro = await makeUser('pro')
    const refused = await getJson(client, pro, `/esi/planning/visites/${rdv.id}/details`)
    refused.assertStatus(403)
  })
})
