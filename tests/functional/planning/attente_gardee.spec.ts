/*
 * Issue 15 §1, decisions 726–730: the waiting list is kept ready to send while nothing it shows
 * has changed. Every change of what it shows makes the next read fresh — through the services
 * and through another connection (another process: only planning_versions' row (type,
 * 'infinity'), bumped by triggers at the writer's COMMIT, can tell this one): the client's
 * names, site address and coordinates, the commande's number, client name and statut, the steps
 * (fourniture done, done, their day), a visit of a step planned and annulée, a request created,
 * edited, placed on the map, annulée. What it does not show keeps it: another client, the
 * client's email, a SAV visit dragged, the commande's object, a request's notes, a rollback, an
 * uncommitted change (seen at its COMMIT). The lists of the two plannings are apart; a
 * transaction that changed the list keeps nothing; PLANNING_CACHE_MB=0 keeps nothing.
 * Committed data (the numbers move at COMMIT), removed after each test.
 */
import pg from 'pg'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { systemActor } from '#services/actor'
import { attenteJson, oublierAttente } from '#services/planning/attente'
import { placerSurCarte } from '#services/planning/carte'
import { annulerDemande, createDemande } from '#services/planning/demandes'
import { createPlanification } from '#services/planning/planification_service'
import { changePlanificationStatut } from '#services/planning/planification_statut'
import { commandeAMesurer, removeCommandesAMesurer } from '#tests/functional/mesurage/helpers'
import { Made } from '#tests/functional/planning/semaine_gardee_helpers'
import { attenteVerite } from '#tests/functional/planning/attente_helpers'
import type { PlanningType } from '#shared/planning'

/** A connection of its own, as another server process would have. */
async function autreProcessus() {
  const c = new pg.Client({ connectionString: env.get('DATABASE_URL') })
  await c.connect()
  return c
}

test.group('Planning / the waiting list kept', (group) => {
  const made = new Made()
  let commandes: number[] = []
  let demandes: number[] = []
  let counters: any[] = []
  group.each.setup(async () => {
    oublierAttente()
    await made.start()
    counters = await db.from('document_counters').select('*')
  })
  group.each.teardown(async () => {
    delete process.env.PLANNING_CACHE_MB
    await db.from('planning_demandes').whereIn('id', demandes).delete()
    await made.cleanup()
    await removeCommandesAMesurer(commandes)
    await db
      .from('audit_logs')
      .whereIn('subject_type', ['commande', 'client', 'planning_demande'])
      .whereIn('subject_id', [...commandes, ...demandes].map(String))
      .delete()
    await db.from('document_counters').delete()
    if (counters.length) await db.table('document_counters').multiInsert(counters)
    commandes = []
    demandes = []
    oublierAttente()
  })

  test('every change it shows, by the services or another process, makes the next read fresh', async ({
    assert,
  }) => {
    const { commande } = await commandeAMesurer()
    commandes.push(commande.id)
    const row = await db.from('commandes').where('id', commande.id).first()
    const clientId = Number(row.client_id)
    const bodies: Record<PlanningType, Buffer> = {
      tec: await attenteJson('tec'),
      com: await attenteJson('com'),
    }
    assert.equal(bodies.tec.toString(), await attenteVerite('tec'))
    assert.include(bodies.tec.toString(), `etape:${commande.id}:mesurage`)
    assert.strictEqual(await attenteJson('tec'), bodies.tec, 'kept')

    const fresh = async (what: string, type: PlanningType = 'tec') => {
      const after = await attenteJson(type)
      assert.notStrictEqual(after, bodies[type], `${what}: built again`)
      assert.notEqual(after.toString(), bodies[type].toString(), `${what}: the change shows`)
      assert.equal(after.toString(), await attenteVerite(type), `${what}: fresh`)
      assert.strictEqual(await attenteJson(type), after, `${what}: kept again`)
      bodies[type] = after
    }
    const kept = async (what: string, type: PlanningType = 'tec') => {
      assert.strictEqual(await attenteJson(type), bodies[type], `${what}: kept`)
      assert.equal(bodies[type].toString(), await attenteVerite(type), `${what}: still true`)
    }

    const other = await autreProcessus()
    try {
      const sql = (text: string, values: unknown[]) => other.query(text, values)
      // The client
      await sql(`UPDATE clients SET societe = 'Ateliers Lambert' WHERE id_client = $1`, [clientId])
      await fresh('the client’s société')
      await sql(`UPDATE clients SET chantier_rue = 'Rue Neuve 3' WHERE id_client = $1`, [clientId])
      await fresh('the site’s street')
      await placerSurCarte(systemActor(), `etape:${commande.id}:mesurage`, {
        latitude: 50.5,
        longitude: 4.25,
      })
      await fresh('placed on the map')
      await sql(`UPDATE clients SET email = 'autre@example.be' WHERE id_client = $1`, [clientId])
      await kept('the client’s email')
      const autre = await made.client()
      await sql(`UPDATE clients SET nom = 'Personne' WHERE id_client = $1`, [autre])
      await kept('a client with nothing waiting')

      // The commande
      await sql(`UPDATE commandes SET numero = 'CMD-ATT-1' WHERE id = $1`, [commande.id])
      await fresh('the commande’s number')
      bodies.com = await attenteJson('com')
      await sql(`UPDATE commandes SET client_nom = 'Nom de commande' WHERE id = $1`, [commande.id])
      await fresh('the commande’s client name')
      await kept('the commande’s client name: the commercial list', 'com')
      await sql(`UPDATE commandes SET objet = 'Autre objet' WHERE id = $1`, [commande.id])
      await kept('the commande’s object')
      await sql(`UPDATE commandes SET statut = 'terminee' WHERE id = $1`, [commande.id])
      await fresh('the commande terminée')
      await sql(`UPDATE commandes SET statut = 'en_cours' WHERE id = $1`, [commande.id])
      await fresh('the commande running again')

      // The steps
      await sql(
        `UPDATE commande_etapes SET statut = 'faite' WHERE commande_id = $1 AND etape = 'fourniture'`,
        [commande.id]
      )
      await fresh('the fourniture done: the pose waits')
      await sql(
        `UPDATE commande_etapes SET updated_at = '2020-01-02 10:00+01'
          WHERE commande_id = $1 AND etape = 'mesurage'`,
        [commande.id]
      )
      await fresh('the day the mesurage waits since')

      // A visit of the step planned, annulée; a SAV visit dragged
      const tech = await made.technicien()
      const visite = await createPlanification(systemActor(), {
        type: 'tec',
        nature: 'mesurage',
        debut: '2031-05-05T09:00',
        fin: '2031-05-05T10:30',
        personnes: [tech.id],
        commandeId: commande.id,
        clientId,
      })
      made.visites.push(visite.id)
      await fresh('the mesurage planned')
      const sav = await made.visite([tech], '2031-05-06T09:00', '2031-05-06T10:00')
      await sql(
        `UPDATE planifications SET debut = debut + interval '1 hour', fin = fin + interval '1 hour'
          WHERE id = $1`,
        [sav.id]
      )
      await kept('a SAV visit dragged')
      await changePlanificationStatut(systemActor(), visite.id, {
        lockVersion: visite.lockVersion,
        statut: 'annulee',
        motif: 'Client absent',
      })
      await fresh('its visit annulée')
      await sql(
        `UPDATE commande_etapes SET statut = 'faite' WHERE commande_id = $1 AND etape = 'mesurage'`,
        [commande.id]
      )
      await fresh('the mesurage done')

      // Requests: each planning its own list
      const id = await createDemande(systemActor(), {
        type: 'tec',
        clientId,
        titre: 'SAV — porte qui frotte',
      })
      demandes.push(id)
      await fresh('a request created')
      await kept('a technical request: the commercial list', 'com')
      await sql(`UPDATE planning_demandes SET titre = 'SAV — porte' WHERE id = $1`, [id])
      await fresh('its title')
      await sql(`UPDATE planning_demandes SET notes = 'Sonner deux fois' WHERE id = $1`, [id])
      await kept('its notes')
      await placerSurCarte(systemActor(), `demande:${id}`, { latitude: 50.1, longitude: 5.2 })
      await fresh('the request placed on the map')
      const rdv = await createDemande(systemActor(), { type: 'com', clientId, titre: 'Visite' })
      demandes.push(rdv)
      await fresh('a commercial request', 'com')
      await kept('a commercial request: the technical list')
      await annulerDemande(systemActor(), id)
      await fresh('the request annulée')

      // Rolled back: nothing changed. Not committed yet: the list is kept until the COMMIT
      await other.query('BEGIN')
      await sql(`UPDATE clients SET societe = 'Jamais' WHERE id_client = $1`, [clientId])
      await other.query('ROLLBACK')
      await kept('a rollback')
      await other.query('BEGIN')
      await sql(`UPDATE commandes SET client_nom = 'Au commit' WHERE id = $1`, [commande.id])
      await kept('before the COMMIT')
      await other.query('COMMIT')
      await fresh('at the COMMIT')
    } finally {
      await other.end()
    }
  }).timeout(180_000)

  test('a transaction that changed the list reads it fresh and keeps nothing', async ({
    assert,
  }) => {
    const { commande } = await commandeAMesurer()
    commandes.push(commande.id)
    const before = await attenteJson('tec')
    const trx = await db.beginGlobalTransaction()
    try {
      await trx.from('commandes').where('id', commande.id).update({ client_nom: 'Pas encore' })
      const inside = await attenteJson('tec')
      assert.include(inside.toString(), 'Pas encore')
      assert.equal(inside.toString(), await attenteVerite('tec'))
      assert.notStrictEqual(await attenteJson('tec'), inside, 'not kept')
    } finally {
      await db.rollbackGlobalTransaction()
    }
    assert.strictEqual(await attenteJson('tec'), before, 'rolled back: the kept list')
  }).timeout(180_000)

  test('PLANNING_CACHE_MB=0 keeps nothing', async ({ assert }) => {
    process.env.PLANNING_CACHE_MB = '0'
    const a = await attenteJson('tec')
    const b = await attenteJson('tec')
    assert.notStrictEqual(a, b)
    assert.equal(a.toString(), b.toString())
    assert.equal(b.toString(), await attenteVerite('tec'))
  })
})
