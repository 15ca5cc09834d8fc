/*
 * The archive's list (issue 14 §4): only finished and cancelled commandes, searched on the server
 * by number, client, objet and site address — every word somewhere, in any field — and filtered
 * by the day they ended; the count checked against an independent SQL count; staff only.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, withTransaction } from '#tests/helpers'
import { commandeArchivee } from '#tests/functional/archive/helpers'
import type { ArchiveListItem } from '#shared/archive'
import type { ListPage } from '#shared/list_query'

async function list(client: any, user: any, qs = '') {
  const response = await client.get(`/esi/archive${qs}`).withInertia().loginAs(user)
  response.assertStatus(200)
  response.assertInertiaComponent('esi/archive/Index')
  return response.inertiaProps.commandes as ListPage<ArchiveListItem>
}

const numeros = (page: ListPage<ArchiveListItem>) => page.data.map((c) => c.numero).sort()
const q = (text: string) => `?q=${encodeURIComponent(text)}`

test.group('Archive / list', (group) => {
  withTransaction(group)

  test('finished and cancelled commandes only, the latest end first, counted exactly', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const finie = await commandeArchivee({ fin: '2026-03-02' })
    const annulee = await commandeArchivee({ statut: 'annulee', fin: '2026-04-10' })
    const enCours = await commandeArchivee({ statut: 'en_cours' })
    const page = await list(client, esi)
    const ids = page.data.map((c) => c.id)
    assert.include(ids, finie.id)
    assert.include(ids, annulee.id)
    assert.notInclude(ids, enCours.id)
    assert.isBelow(ids.indexOf(annulee.id), ids.indexOf(finie.id))
    const row = page.data.find((c) => c.id === annulee.id)!
    assert.equal(row.statut, 'annulee')
    assert.equal(row.motif_annulation, 'Doublon')
    assert.equal(row.adresse_chantier, 'Rue de la Station 1, 1000 Bruxelles')
    const sql = await db
      .from('commandes')
      .whereIn('statut', ['terminee', 'annulee'])
      .count('* as n')
      .first()
    assert.deepEqual(page.total, { count: Number(sql.n), exact: true })
  })

  test('search by number, client, address, objet; several words across fields', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const a = await commandeArchivee({
      clientNom: 'Vandenberghe',
      objet: 'Véranda en aluminium',
      adresse: 'Rue de Fer 12, 5000 Namur',
    })
    const b = await commandeArchivee({
      clientNom: 'Vandenberghe',
      objet: 'Porte de garage',
      adresse: 'Quai de la Boverie 4, 4020 Liège',
    })
    const c = await commandeArchivee({
      clientNom: 'Dupont-Namurois',
      objet: 'Châssis PVC',
      adresse: 'Rue Haute 3, 1000 Bruxelles',
    })
    // A running one of the same client never shows
    await commandeArchivee({ clientNom: 'Vandenberghe', statut: 'en_cours' })

    assert.deepEqual(numeros(await list(client, esi, q(a.numero))), [a.numero])
    assert.deepEqual(numeros(await list(client, esi, q(a.numero.toLowerCase()))), [a.numero])
    assert.deepEqual(
      numeros(await list(client, esi, q('VANDENBERGHE'))),
      [a.numero, b.numero].sort()
    )
    // The address alone, accents and case ignored
    assert.deepEqual(numeros(await list(client, esi, q('boverie'))), [b.numero])
    assert.deepEqual(numeros(await list(client, esi, q('liege'))), [b.numero])
    // Client in one field, town in the address: both words must match, in any order
    assert.deepEqual(numeros(await list(client, esi, q('vandenberghe namur'))), [a.numero])
    assert.deepEqual(numeros(await list(client, esi, q('namur Vandenberghe'))), [a.numero])
    // « namur » alone: the address of one, the client's name of another
    assert.deepEqual(numeros(await list(client, esi, q('namur'))), [a.numero, c.numero].sort())
    // Objet and client together
    assert.deepEqual(numeros(await list(client, esi, q('veranda vandenberghe'))), [a.numero])
    assert.deepEqual(numeros(await list(client, esi, q('vandenberghe bruxelles'))), [])
    // LIKE wildcards are searched literally
    assert.deepEqual(numeros(await list(client, esi, q('%% __'))), [])
  })

  test('the période is the day the commande ended; statut filter; bad values warned', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const mot = 'Archivetest'
    const mars = await commandeArchivee({ clientNom: mot, fin: '2026-03-31' })
    const avril = await commandeArchivee({ clientNom: mot, fin: '2026-04-01' })
    const annulee = await commandeArchivee({ clientNom: mot, statut: 'annulee', fin: '2026-04-20' })
    const of = (qs: string) => list(client, esi, `${q(mot)}&${qs}`).then(numeros)

    assert.deepEqual(await of('filter[du]=2026-04-01'), [avril.numero, annulee.numero].sort())
    assert.deepEqual(await of('filter[au]=2026-03-31'), [mars.numero])
    assert.deepEqual(await of('filter[du]=2026-03-31&filter[au]=2026-04-01'), [
      mars.numero,
      avril.numero,
    ])
    assert.deepEqual(await of('filter[statut]=annulee'), [annulee.numero])
    assert.deepEqual(await of('filter[statut]=terminee&filter[du]=2026-04-02'), [])
    // sort=fin: the oldest end first (the default is the newest first)
    const ordered = await list(client, esi, `${q(mot)}&sort=fin`)
    assert.deepEqual(
      ordered.data.map((c) => c.numero),
      [mars.numero, avril.numero, annulee.numero]
    )

    const response = await client
      .get('/esi/archive?filter[statut]=en_cours&filter[du]=2026-02-31&sort=urgence')
      .withInertia()
      .loginAs(esi)
    response.assertStatus(200)
    const warnings = response.inertiaProps.warnings as string[]
    assert.lengthOf(warnings, 3)
    assert.isTrue(
      (response.inertiaProps.commandes as ListPage<ArchiveListItem>).data.every(
        (c) => c.statut === 'terminee' || c.statut === 'annulee'
      )
    )
  })

  test('pro and ordinary users: 403; a guest goes to the login', async ({ client }) => {
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      const response = await client.get('/esi/archive').loginAs(user)
      response.assertStatus(403)
    }
    const guest = await client.get('/esi/archive').redirects(0)
    guest.assertStatus(302)
  })
})
