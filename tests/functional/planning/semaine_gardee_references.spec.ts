/*
 * Issue 15 §1, decisions 700–704: what a kept week shows from other tables — the client's name
 * and phone, the commande's and the devis's numbers — refreshes the next read when it changes,
 * by any writer; a change it does not show (the client's email, a technician taken off the
 * planning's columns) keeps it. Committed data (the numbers move at COMMIT), removed after.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { systemActor } from '#services/actor'
import { createPlanification } from '#services/planning/planification_service'
import { oublierSemaines } from '#services/planning/semaine_gardee'
import { commandeAMesurer, removeCommandesAMesurer } from '#tests/functional/mesurage/helpers'
import {
  Made,
  SEMAINE_A,
  lire,
  semaine,
  verite,
} from '#tests/functional/planning/semaine_gardee_helpers'

test.group('Planning / the week kept, what it shows of others', (group) => {
  const made = new Made()
  let commandes: number[] = []
  let counters: any[] = []
  group.each.setup(async () => {
    oublierSemaines()
    await made.start()
    counters = await db.from('document_counters').select('*')
  })
  group.each.teardown(async () => {
    await made.cleanup()
    await removeCommandesAMesurer(commandes)
    await db.from('document_counters').delete()
    if (counters.length) await db.table('document_counters').multiInsert(counters)
    commandes = []
    oublierSemaines()
  })

  test('the client, commande and devis it shows: changed anywhere, the next read is fresh', async ({
    assert,
  }) => {
    const tech = await made.technicien()
    const { bdc, commande } = await commandeAMesurer()
    commandes.push(commande.id)
    const head = await db.from('bdcs').where('id', bdc.id).select('devis_id', 'client_id').first()
    const v = await createPlanification(systemActor(), {
      type: 'tec',
      nature: 'sav',
      debut: `${SEMAINE_A}T09:00`,
      fin: `${SEMAINE_A}T10:00`,
      personnes: [tech.id],
      clientId: Number(head.client_id),
      commandeId: commande.id,
      devisId: Number(head.devis_id),
    })
    made.visites.push(v.id)
    assert.isNotNull(v.commande)
    assert.isNotNull(v.devis)
    let read = await lire(SEMAINE_A)
    assert.strictEqual(await lire(SEMAINE_A), read)

    const changes: [string, () => Promise<unknown>][] = [
      [
        'client renamed',
        () =>
          db.from('clients').where('id_client', head.client_id).update({ nom: 'Lambert-Renard' }),
      ],
      [
        'client société',
        () =>
          db.from('clients').where('id_client', head.client_id).update({ societe: 'Renard SRL' }),
      ],
      [
        'client phone',
        () =>
          db.from('clients').where('id_client', head.client_id).update({ gsm: '0470 99 88 77' }),
      ],
      [
        'commande number',
        () => db.from('commandes').where('id', commande.id).update({ numero: 'CMD-TEST-42' }),
      ],
      [
        'devis number',
        () => db.from('devis').where('id', head.devis_id).update({ numero: 'DEV-TEST-42' }),
      ],
    ]
    for (const [what, change] of changes) {
      await change()
      const after = await lire(SEMAINE_A)
      assert.notStrictEqual(after, read, `${what}: built again`)
      assert.notEqual(after.toString(), read.toString(), `${what}: the change shows`)
      assert.equal(after.toString(), await verite(semaine(SEMAINE_A)), `${what}: fresh`)
      read = after
    }
    // What the week does not show keeps it
    await db.from('clients').where('id_client', head.client_id).update({ email: 'x@example.be' })
    await db.from('commandes').where('id', commande.id).update({ updated_at: new Date() })
    assert.strictEqual(await lire(SEMAINE_A), read)
  })

  test('a devis deleted (the visit loses it) and a technician taken off the columns', async ({
    assert,
  }) => {
    const tech = await made.technicien()
    const clientId = await made.client()
    const [devis] = await db
      .table('devis')
      .insert({
        client_id: clientId,
        date_devis: '2031-05-01',
        valable_jusqu_au: '2031-06-01',
        objet: 'Devis de la visite',
        numero: 'DEV-TEST-7',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    const v = await createPlanification(systemActor(), {
      type: 'tec',
      nature: 'sav',
      debut: `${SEMAINE_A}T09:00`,
      fin: `${SEMAINE_A}T10:00`,
      personnes: [tech.id],
      clientId,
      devisId: devis.id,
    })
    made.visites.push(v.id)
    const read = await lire(SEMAINE_A)
    assert.include(read.toString(), 'DEV-TEST-7')
    await db.from('devis').where('id', devis.id).delete()
    const after = await lire(SEMAINE_A)
    assert.notInclude(after.toString(), 'DEV-TEST-7')
    assert.equal(after.toString(), await verite(semaine(SEMAINE_A)))
    // The calendar's columns are not in the week's JSON: kept, and still the truth
    await db
      .table('planning_ressources')
      .insert({ type: 'tec', user_id: tech.id, couleur: '#123456', position: 999, actif: true })
    await db
      .from('planning_ressources')
      .where({ type: 'tec', user_id: tech.id })
      .update({ actif: false })
    assert.strictEqual(await lire(SEMAINE_A), after)
    assert.equal(after.toString(), await verite(semaine(SEMAINE_A)))
    await db.from('planning_ressources').where({ type: 'tec', user_id: tech.id }).delete()
  })
})
