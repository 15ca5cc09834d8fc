/*
 * Issue 13 — the planning's settings and requests through HTTP: every staff member sees the
 * page, only the admin droit changes who is in a planning (added, coloured, reordered, hidden,
 * removed) and the travel time (0–240), each change audited; any staff member creates and
 * cancels a SAV or commercial request, which then waits in (or leaves) the calendar's list.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, withTransaction } from '#tests/helpers'
import { clientAvecChantier, makeTechnicien } from '#tests/functional/planning/helpers'
import { ressourcesOf } from '#services/planning/ressources'
import { attenteItems } from '#services/planning/attente'
import { trajetMinutes } from '#services/planning/planification_personnes'

const page = (client: any, user: any) =>
  client.get('/esi/planning/equipes').loginAs(user).withInertia()

const send = (client: any, user: any, method: string, url: string, body: unknown = {}) =>
  client[method](url)
    .loginAs(user)
    .header('referer', '/esi/planning/equipes')
    .json(body)
    .withCsrfToken()
    .withInertia()
    .redirects(0)

async function esiSociete() {
  const row = await db.from('societes').where('type', 'esi').first()
  if (row) return row.id
  const [made] = await db
    .table('societes')
    .insert({ nom: 'ESI', type: 'esi', created_at: new Date(), updated_at: new Date() })
    .returning('id')
  return made.id ?? made
}

const audits = (action: string) => db.from('audit_logs').where('action', action)

test.group('Planning / settings and requests', (group) => {
  withTransaction(group)

  test('staff see the settings; without the admin droit they cannot change them', async ({
    client,
  }) => {
    const esi = await makeUser('esi')
    const tech = await makeTechnicien('Kevin Lejeune')
    const response = await page(client, esi)
    response.assertStatus(200)
    response.assertInertiaComponent('esi/planning/Equipes')
    response.assertInertiaPropsContains({ canManage: false })
    const add = await send(client, esi, 'post', '/esi/planning/equipes', {
      type: 'tec',
      user_id: tech.id,
    })
    add.assertStatus(403)
    const trajet = await send(client, esi, 'put', '/esi/planning/trajet', { minutes: 30 })
    trajet.assertStatus(403)
    const pro = await makeUser('pro')
    const refused = await client.get('/esi/planning/equipes').loginAs(pro)
    refused.assertStatus(403)
  })

  test('an admin adds, colours, reorders, hides and removes a person, audited', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    const kevin = await makeTechnicien('Kevin Lejeune')
    const bruno = await makeTechnicien('Bruno Collignon')
    const pro = await makeUser('pro')
    for (const [user, equipe] of [
      [kevin, 'Équipe pose 1'],
      [bruno, null],
    ] as const) {
      const r = await send(client, admin, 'post', '/esi/planning/equipes', {
        type: 'tec',
        user_id: user.id,
        equipe,
      })
      assert.oneOf(r.status(), [302, 303])
    }
    assert.deepEqual(await ressourcesOf('tec').then((l) => l.map((r) => [r.nom, r.equipe])), [
      ['Kevin Lejeune', 'Équipe pose 1'],
      ['Bruno Collignon', null],
    ])
    // Twice, or a customer: refused with the reason
    const twice = await send(client, admin, 'post', '/esi/planning/equipes', {
      type: 'tec',
      user_id: kevin.id,
    })
    assert.oneOf(twice.status(), [302, 303])
    twice.assertFlashMessage('error', 'Cette personne est déjà dans ce planning.')
    const notStaff = await send(client, admin, 'post', '/esi/planning/equipes', {
      type: 'tec',
      user_id: pro.id,
    })
    notStaff.assertFlashMessage('error', 'Seul un membre de l’équipe peut être planifié.')

    const row = await db
      .from('planning_ressources')
      .where({ user_id: bruno.id, type: 'tec' })
      .first()
    const update = await send(client, admin, 'put', `/esi/planning/equipes/${row.id}`, {
      couleur: '#0F766E',
      position: 0,
      equipe: 'Équipe pose 2',
    })
    assert.oneOf(update.status(), [302, 303])
    const kevinRow = await db
      .from('planning_ressources')
      .where({ user_id: kevin.id, type: 'tec' })
      .first()
    await send(client, admin, 'put', `/esi/planning/equipes/${kevinRow.id}`, { position: 5 })
    const tec = await ressourcesOf('tec')
    assert.deepEqual(tec[0], {
      id: bruno.id,
      nom: 'Bruno Collignon',
      couleur: '#0f766e',
      equipe: 'Équipe pose 2',
    })
    const badColour = await send(client, admin, 'put', `/esi/planning/equipes/${row.id}`, {
      couleur: 'rouge',
    })
    assert.oneOf(badColour.status(), [302, 303])
    const unchanged = await db.from('planning_ressources').where('id', row.id).first()
    assert.equal(unchanged.couleur, '#0f766e')

    await send(client, admin, 'put', `/esi/planning/equipes/${row.id}`, { actif: false })
    assert.deepEqual(await ressourcesOf('tec').then((l) => l.map((r) => r.nom)), ['Kevin Lejeune'])
    const removed = await send(client, admin, 'delete', `/esi/planning/equipes/${kevinRow.id}`)
    assert.oneOf(removed.status(), [302, 303])
    assert.isNull(await db.from('planning_ressources').where('id', kevinRow.id).first())
    const unknown = await send(client, admin, 'delete', `/esi/planning/equipes/2147483000`)
    unknown.assertStatus(404)

    assert.lengthOf(await audits('planning_ressource.ajoutee'), 2)
    const modifiees = await audits('planning_ressource.modifiee')
    assert.isAtLeast(modifiees.length, 3)
    const [retiree] = await audits('planning_ressource.retiree')
    assert.equal(retiree.user_id, admin.id)

    const shown = await page(client, admin)
    shown.assertInertiaPropsContains({ canManage: true })
  })

  test('an admin sets the travel time (0 to 240 minutes), audited', async ({ client, assert }) => {
    await esiSociete()
    const admin = await makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    const ok = await send(client, admin, 'put', '/esi/planning/trajet', { minutes: 30 })
    assert.oneOf(ok.status(), [302, 303])
    assert.equal(await trajetMinutes(), 30)
    const tooLong = await send(client, admin, 'put', '/esi/planning/trajet', { minutes: 241 })
    assert.oneOf(tooLong.status(), [302, 303])
    assert.equal(await trajetMinutes(), 30)
    const [row] = await audits('planning.trajet')
    assert.deepEqual(row.after, { planningTrajetMinutes: 30 })
    const response = await page(client, admin)
    response.assertInertiaPropsContains({ trajetMinutes: 30, trajetMax: 240 })
  })

  test('a staff member creates and cancels a SAV request: it waits, then it does not', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const c = await clientAvecChantier()
    const created = await send(client, esi, 'post', '/esi/planning/demandes', {
      type: 'tec',
      client_id: Number(c.idClient),
      titre: 'SAV — volet roulant bloqué',
      notes: 'Moteur muet.',
      duree_minutes: 90,
    })
    assert.oneOf(created.status(), [302, 303])
    const tecItems = await attenteItems('tec')
    const waiting = tecItems.find((i) => i.titre === 'SAV — volet roulant bloqué')
    assert.exists(waiting)
    assert.equal(waiting!.nature, 'sav')
    assert.equal(waiting!.dureeMinutes, 90)
    assert.equal(waiting!.adresse, 'Rue de Fer 12, 5000 Namur')
    assert.equal(waiting!.latitude, 50.465)
    const listed = await page(client, esi)
    assert.lengthOf(listed.inertiaProps.demandes.tec, 1)

    const noClient = await send(client, esi, 'post', '/esi/planning/demandes', {
      type: 'tec',
      titre: 'Visite',
    })
    noClient.assertFlashMessage('error', 'Une demande SAV se fait pour un client.')
    assert.oneOf(noClient.status(), [302, 303])
    assert.lengthOf(await db.from('planning_demandes').where('titre', 'Visite'), 0)

    const cancelled = await send(
      client,
      esi,
      'post',
      `/esi/planning/demandes/${waiting!.demandeId}/annuler`
    )
    assert.oneOf(cancelled.status(), [302, 303])
    const after = await attenteItems('tec')
    assert.isUndefined(after.find((i) => i.demandeId === waiting!.demandeId))
    const again = await send(
      client,
      esi,
      'post',
      `/esi/planning/demandes/${waiting!.demandeId}/annuler`
    )
    again.assertFlashMessage('error', 'Cette demande est déjà annulée.')
    const unknown = await send(client, esi, 'post', '/esi/planning/demandes/2147483000/annuler')
    unknown.assertStatus(404)
    assert.lengthOf(await audits('planning_demande.creee'), 1)
    assert.lengthOf(await audits('planning_demande.annulee'), 1)
  })
})
