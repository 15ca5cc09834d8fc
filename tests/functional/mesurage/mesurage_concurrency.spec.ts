/*
 * Two phones (or a phone's retry and its next send) syncing the same sheet at once, on the real
 * server and database: each request has its own connection, the sheet row is locked FOR UPDATE
 * so they run one after the other — both rows added are there once, the row both changed holds
 * one of the two values whole (last write wins per row), the version went up twice. The same
 * payload sent 6 times at once makes its row once. No global transaction: the data is committed,
 * then removed.
 */
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { makeUser } from '#tests/helpers'
import {
  commandeAMesurer,
  postJson,
  removeCommandesAMesurer,
  rowOf,
  syncUrl,
} from '#tests/functional/mesurage/helpers'
import { ensureMesure, lignesOf } from '#services/commandes/mesure_feuille'

test.group('Mesurage / concurrent syncs', (group) => {
  let commandes: number[] = []
  let users: number[] = []
  let counters: any[] = []
  let lastSociete = 0
  group.each.setup(async () => {
    counters = await db.from('document_counters').select('*')
    // makeBdc creates the esi société when there is none: it must not outlive the test
    const row = await db.from('societes').max('id as id').first()
    lastSociete = Number(row?.id ?? 0)
  })
  group.each.teardown(async () => {
    await removeCommandesAMesurer(commandes)
    await db.from('audit_logs').whereIn('user_id', users).delete()
    await User.query().whereIn('id', users).delete()
    await db.from('societes').where('id', '>', lastSociete).delete()
    await db.from('document_counters').delete()
    if (counters.length) await db.table('document_counters').multiInsert(counters)
    commandes = []
    users = []
  })

  test('two syncs at once: both applied, one after the other', async ({ client, assert }) => {
    const user = await makeUser('esi')
    users.push(user.id)
    const { commande } = await commandeAMesurer()
    commandes.push(commande.id)
    const mesure = await ensureMesure(commande.id)
    const lignes = await lignesOf(mesure.id)
    const [a, b] = [randomUUID(), randomUUID()]
    const added = (uuid: string, name: string) => ({
      client_uuid: uuid,
      position: 9,
      designation: name,
      largeur_mm: 800,
      hauteur_mm: 800,
      quantite: 1,
    })
    const [one, two] = await Promise.all([
      postJson(client, user, syncUrl(commande.id), {
        lignes: [rowOf(lignes[0], { largeur_mm: 601, repere: 'Phone A' }), added(a, 'A')],
      }),
      postJson(client, user, syncUrl(commande.id), {
        lignes: [rowOf(lignes[0], { largeur_mm: 602, repere: 'Phone B' }), added(b, 'B')],
      }),
    ])
    one.assertStatus(200)
    two.assertStatus(200)
    assert.sameMembers(
      [one.body().lock_version, two.body().lock_version],
      [mesure.lockVersion + 1, mesure.lockVersion + 2]
    )
    const rows = await lignesOf(mesure.id)
    assert.lengthOf(rows, 5)
    assert.lengthOf(
      rows.filter((r) => r.client_uuid === a),
      1
    )
    assert.lengthOf(
      rows.filter((r) => r.client_uuid === b),
      1
    )
    const first = rows.find((r) => r.client_uuid === lignes[0].client_uuid)!
    // One phone's row whole, never a mix
    assert.oneOf(`${first.repere}:${first.largeur_mm}`, ['Phone A:601', 'Phone B:602'])
  })

  test('the same payload 6 times at once: its row once', async ({ client, assert }) => {
    const user = await makeUser('esi')
    users.push(user.id)
    const { commande } = await commandeAMesurer()
    commandes.push(commande.id)
    const mesure = await ensureMesure(commande.id)
    const uuid = randomUUID()
    const payload = {
      lignes: [
        {
          client_uuid: uuid,
          position: 4,
          designation: 'Ajout',
          largeur_mm: 700,
          hauteur_mm: 900,
          quantite: 1,
        },
      ],
    }
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postJson(client, user, syncUrl(commande.id), payload))
    )
    for (const r of answers) r.assertStatus(200)
    const rows = await lignesOf(mesure.id)
    assert.lengthOf(rows, 4)
    assert.lengthOf(
      rows.filter((r) => r.client_uuid === uuid),
      1
    )
  })

  test('the sheet opened 4 times at once the first time: one sheet, rows not doubled', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    users.push(user.id)
    const { commande } = await commandeAMesurer()
    commandes.push(commande.id)
    const pages = await Promise.all(
      Array.from({ length: 4 }, () =>
        client.get(`/esi/commandes/mesurage/${commande.id}`).loginAs(user).withInertia()
      )
    )
    for (const p of pages) p.assertStatus(200)
    const sheets = await db.from('mesures').where('commande_id', commande.id)
    assert.lengthOf(sheets, 1)
    const rows = await lignesOf(sheets[0].id)
    assert.lengthOf(rows, 3)
  })
})
