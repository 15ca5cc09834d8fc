/*
 * Issue 15 §1, decisions 726–730: the waiting list's body is written by PostgreSQL in one
 * statement. It must be the same bytes as the former reads gave through `response.json` (the
 * oracle: tests/functional/planning/attente_helpers.ts) — on the demo data and on varied states:
 * names and addresses missing or with characters JSON escapes, coordinates written by
 * JavaScript's rules (trailing zeros, tiny values, zero), a request's own address and
 * coordinates, no client, a commande's number, steps and requests on the same day (the steps
 * first), a day that starts at midnight in Brussels, visits active or annulées, and every limit.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction, makeUser } from '#tests/helpers'
import { seedDemo } from '#database/demo/index'
import { attenteJsonBuilt } from '#services/planning/attente'
import { systemActor } from '#services/actor'
import { createPlanification } from '#services/planning/planification_service'
import { commandeAMesurer } from '#tests/functional/mesurage/helpers'
import { attenteVerite } from '#tests/functional/planning/attente_helpers'
import { getJson } from '#tests/functional/planning/helpers'
import type { PlanningType } from '#shared/planning'

async function memes(assert: any, what: string, limits: number[] = [2000]) {
  for (const type of ['tec', 'com'] as PlanningType[]) {
    for (const limit of limits) {
      const body = await attenteJsonBuilt(type, limit)
      const built = body.toString()
      assert.equal(built, await attenteVerite(type, limit), `${what}: ${type}, at most ${limit}`)
    }
  }
}

test.group('Planning / the waiting list written by PostgreSQL', (group) => {
  withTransaction(group)

  test('the demo data: the same bytes as before', async ({ assert }) => {
    const trx = await db.beginGlobalTransaction()
    await seedDemo(trx)
    const tec = JSON.parse(await attenteVerite('tec')).items
    assert.isAtLeast(tec.length, 3)
    await memes(assert, 'demo', [2000, 1, 2, 3, 5])
  }).timeout(180_000)

  test('varied states: the same bytes as before, by the endpoint too', async ({
    assert,
    client,
  }) => {
    const esi = await makeUser('esi')
    const made = []
    for (let i = 0; i < 3; i++) made.push(await commandeAMesurer())
    const [a, b, c] = made.map((m) => m.commande)
    const clientOf = async (id: number) => {
      const row = await db.from('commandes').where('id', id).first()
      return Number(row.client_id)
    }

    // A: no société, no first name, a name JSON escapes, only a street, no coordinates, the
    // commande's client_nom empty (the client's name is the title's)
    await db
      .from('clients')
      .where('id_client', await clientOf(a.id))
      .update({
        societe: '',
        prenom: null,
        nom: 'O’Brien "le grand" \\ \t\u0001\u2028 é',
        chantier_rue: 'Rue « 12 »',
        chantier_code_postal: null,
        chantier_localite: '',
        chantier_lat: null,
        chantier_lng: null,
      })
    await db.from('commandes').where('id', a.id).update({ client_nom: '' })
    // B: a société with emoji, tiny and round coordinates; its fourniture done: the pose waits
    await db
      .from('clients')
      .where('id_client', await clientOf(b.id))
      .update({ societe: 'Société ☃ 🚀', chantier_lat: 0.00005, chantier_lng: -1 })
    await db
      .from('commande_etapes')
      .where({ commande_id: b.id, etape: 'fourniture' })
      .update({ statut: 'faite' })
    // C: coordinates at zero and with six decimals
    await db
      .from('clients')
      .where('id_client', await clientOf(c.id))
      .update({ chantier_lat: 0, chantier_lng: 4.000001 })

    // The steps on known days: 2026-03-01 23:30 UTC is 2 March 00:30 in Brussels
    const day = (iso: string) => new Date(iso)
    await db
      .from('commande_etapes')
      .where({ commande_id: a.id, etape: 'mesurage' })
      .update({ updated_at: day('2026-03-01T23:30:00Z') })
    await db
      .from('commande_etapes')
      .where({ commande_id: b.id, etape: 'mesurage' })
      .update({ updated_at: day('2026-03-02T10:00:00Z') })
    await db
      .from('commande_etapes')
      .where({ commande_id: b.id, etape: 'pose' })
      .update({ updated_at: day('2026-03-01T22:59:59Z') })
    await db
      .from('commande_etapes')
      .where({ commande_id: c.id, etape: 'mesurage' })
      .update({ updated_at: day('2026-03-03T08:00:00Z') })

    // Requests on the same days, with their own address and coordinates or the client's
    const clientB = await clientOf(b.id)
    const demandes: Record<string, unknown>[] = [
      { type: 'tec', nature: 'sav', client_id: clientB, titre: 'SAV "a"\n\\', adresse: '' },
      {
        type: 'tec',
        nature: 'sav',
        client_id: clientB,
        commande_id: b.id,
        titre: 'SAV b',
        latitude: 1e-7,
        longitude: -1.2345e-5,
      },
      {
        type: 'tec',
        nature: 'sav',
        client_id: clientB,
        titre: 'SAV c',
        latitude: 5e-5,
        longitude: 0,
      },
      {
        type: 'tec',
        nature: 'sav',
        client_id: clientB,
        titre: 'SAV d',
        adresse: 'Chaussée 1, 1000 Bruxelles',
        latitude: 50.123456789,
        longitude: -0.0,
      },
      { type: 'com', nature: 'rdv', client_id: null, titre: 'Visite sans client' },
      { type: 'com', nature: 'rdv', client_id: clientB, titre: 'Visite', latitude: 1.5e-7 },
      { type: 'tec', nature: 'sav', client_id: clientB, titre: 'Annulée', statut: 'annulee' },
    ]
    const at = [
      '2026-03-01T23:00:00Z',
      '2026-03-02T09:00:00Z',
      '2026-03-02T22:59:59Z',
      '2026-03-01T23:30:00Z',
      '2026-03-02T08:00:00Z',
      '2026-03-02T08:00:00Z',
      '2026-03-02T08:00:00Z',
    ]
    for (const [i, d] of demandes.entries()) {
      await db.table('planning_demandes').insert({
        statut: 'ouverte',
        duree_minutes: 45,
        ...d,
        created_at: day(at[i]),
        updated_at: day(at[i]),
      })
    }
    await memes(assert, 'varied', [2000, 1, 2, 3, 4, 5, 6, 7])

    // A planned mesurage leaves the list; annulée, it waits again
    const tech = await makeUser('esi')
    const visite = await createPlanification(systemActor(), {
      type: 'tec',
      nature: 'mesurage',
      debut: '2031-05-05T09:00',
      fin: '2031-05-05T10:30',
      personnes: [tech.id],
      commandeId: c.id,
      clientId: await clientOf(c.id),
    })
    await memes(assert, 'a mesurage planned')
    await db.from('planifications').where('id', visite.id).update({ statut: 'annulee' })
    await memes(assert, 'its visit annulée')
    const items = JSON.parse(await attenteVerite('tec')).items
    assert.includeMembers(
      items.map((i: any) => i.cle),
      [`etape:${a.id}:mesurage`, `etape:${b.id}:pose`, `etape:${c.id}:mesurage`]
    )

    // The endpoint sends those bytes, as JSON
    for (const type of ['tec', 'com']) {
      const response = await getJson(client, esi, `/esi/planifications/attente?type=${type}`)
      response.assertStatus(200)
      assert.equal(response.header('content-type'), 'application/json; charset=utf-8')
      assert.equal(response.text(), await attenteVerite(type as PlanningType), `GET ${type}`)
      // A browser's request: the same bytes, gzipped (once per version, as the week's)
      const gz = await client
        .get(`/esi/planifications/attente?type=${type}`)
        .loginAs(esi)
        .header('accept', 'application/json')
        .header('accept-encoding', 'gzip, deflate, br')
      gz.assertStatus(200)
      gz.assertHeader('content-encoding', 'gzip')
      gz.assertHeader('vary', 'Accept-Encoding')
      assert.equal(gz.text(), await attenteVerite(type as PlanningType), `GET ${type}, gzip`)
    }
  }).timeout(180_000)
})
