/*
 * Bons de commande, esi side: the list (statut, période, search, sort in the URL), the Show
 * page's props, rights (pro / other refused, unknown id 404), and the frozen copy — changing the
 * devis after its acceptance does not change its bdc.
 */
import { test } from '@japa/runner'
import { systemActor } from '#services/actor'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Bdc from '#models/bdc'
import DevisLigne from '#models/devis_ligne'
import { makeUser, withTransaction } from '#tests/helpers'
import { LIGNES, makeBdc } from '#tests/functional/bdc/helpers'
import { annulerBdc } from '#services/bdc/bdc_service'
import { replaceLignes, totalsOf } from '#services/documents/lignes'
import { computeTotals } from '#shared/totals'

function list(client: any, user: any, query = '') {
  return client.get(`/esi/bdc${query}`).loginAs(user).withInertia()
}

const numeros = (response: any): string[] =>
  response.body().props.bdcs.data.map((b: { numero: string }) => b.numero)

test.group('Bdc / list and show', (group) => {
  withTransaction(group)

  test('the list filters by statut, searches, sorts and pages, state in the URL', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const a = await makeBdc({ clientNom: 'Aubry', objet: 'Véranda' })
    const b = await makeBdc({
      clientNom: 'Zénon',
      objet: 'Porte de garage',
      lignes: [{ ...LIGNES[1], quantite: '10' }],
    })
    const c = await makeBdc({ clientNom: 'Martin', objet: 'Châssis bois' })
    await annulerBdc(systemActor(), {
      bdcId: c.id,
      motif: 'Doublon',
      lockVersion: c.lockVersion,
      userId: user.id,
    })

    const all = await list(client, user)
    all.assertStatus(200)
    all.assertInertiaComponent('esi/bdc/Index')
    // Default: newest first
    assert.deepEqual(numeros(all), [c.numero, b.numero, a.numero])
    assert.deepEqual(all.body().props.bdcs.total, { count: 3, exact: true })
    assert.equal(all.body().props.filters.sort, '-date')

    const aSigner = await list(client, user, '?filter[statut]=a_signer')
    assert.sameMembers(numeros(aSigner), [a.numero, b.numero])
    assert.equal(aSigner.body().props.filters.filter.statut, 'a_signer')
    const annules = await list(client, user, '?filter[statut]=annule')
    assert.deepEqual(numeros(annules), [c.numero])
    // An unknown statut is ignored, never a 500
    const bad = await list(client, user, '?filter[statut]=nimporte')
    assert.lengthOf(numeros(bad), 3)

    // Accent- and case-free search on client, objet, numero
    assert.deepEqual(numeros(await list(client, user, '?q=zenon')), [b.numero])
    assert.deepEqual(numeros(await list(client, user, '?q=VERANDA')), [a.numero])
    assert.deepEqual(numeros(await list(client, user, `?q=${a.numero}`)), [a.numero])

    assert.deepEqual(numeros(await list(client, user, '?sort=client')), [
      a.numero,
      c.numero,
      b.numero,
    ])
    assert.deepEqual(numeros(await list(client, user, '?sort=numero')), [
      a.numero,
      b.numero,
      c.numero,
    ])
    const byTotal = numeros(await list(client, user, '?sort=-total'))
    assert.equal(byTotal[0], b.numero, 'ten windows cost the most')
    // A bad sort key falls back to the default
    assert.deepEqual(numeros(await list(client, user, '?sort=drop_table')), [
      c.numero,
      b.numero,
      a.numero,
    ])

    // Période: created today in Brussels; yesterday's window finds nothing
    const today = DateTime.now().setZone('Europe/Brussels').toISODate()
    const yesterday = DateTime.now().setZone('Europe/Brussels').minus({ days: 1 }).toISODate()
    assert.lengthOf(
      numeros(await list(client, user, `?filter[du]=${today}&filter[au]=${today}`)),
      3
    )
    assert.lengthOf(numeros(await list(client, user, `?filter[au]=${yesterday}`)), 0)
    // A malformed date is ignored
    assert.lengthOf(numeros(await list(client, user, '?filter[du]=2026-13-45')), 3)

    // Keyset pages: a cursor to the next page, the last page, a forged cursor ignored
    const paged = await list(client, user, '?per_page=10&sort=numero')
    assert.equal(paged.body().props.bdcs.per_page, 10)
    assert.isNull(paged.body().props.bdcs.next)
    assert.isNull(paged.body().props.bdcs.prev)
    const firstTwo = await list(client, user, '?per_page=10&sort=numero')
    assert.lengthOf(numeros(firstTwo), 3)
    const last = await list(client, user, '?page=last&sort=-total')
    assert.deepEqual(numeros(last), byTotal)
    const forged = await list(client, user, '?after=bm90LWEtY3Vyc29y&sort=numero')
    forged.assertStatus(200)
    assert.deepEqual(numeros(forged), [a.numero, b.numero, c.numero])
    assert.include(forged.body().props.warnings.join(' '), 'Position dans la liste invalide')
  })

  test('the Show page has the frozen lines, VAT summary, totals, acompte and devis link', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi', { name: 'Sophie Lambert' })
    const bdc = await makeBdc({ user })
    const response = await client.get(`/esi/bdc/${bdc.id}`).loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('esi/bdc/Show')
    const props = response.body().props.bdc
    const expected = computeTotals({ lignes: LIGNES, remise_globale_pct: '0', acompte_pct: '30' })
    assert.match(props.numero, /^BDC-\d{4}-\d{5}$/)
    assert.equal(props.statut, 'a_signer')
    assert.lengthOf(props.lignes, 3)
    assert.deepEqual(
      props.lignes.map((l: { designation: string }) => l.designation),
      LIGNES.map((l) => l.designation)
    )
    assert.equal(props.lignes[1].total_ht, expected.lignes[1].total_ht)
    assert.equal(props.total_ht, expected.total_ht)
    assert.equal(props.total_tva, expected.total_tva)
    assert.equal(props.total_ttc, expected.total_ttc)
    assert.equal(props.acompte, expected.acompte)
    assert.deepEqual(props.tva, expected.tva)
    assert.equal(props.devis_id, bdc.devisId)
    assert.match(props.devis_numero, /^DEV-\d{4}-\d{5}$/)
    assert.equal(props.commercial, 'Sophie Lambert')
    assert.equal(props.client.email, 'client.lambert@example.com')
    assert.isNull(props.commande)
    assert.deepEqual(props.demandes, [])
    // The private path of a signature never reaches the page
    assert.notProperty(props.signature, 'path')
  })

  test('the lines are a frozen copy: changing the devis afterwards leaves the bdc alone', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc()
    const show = () => client.get(`/esi/bdc/${bdc.id}`).loginAs(user).withInertia()
    const first = await show()
    const before = first.body().props.bdc

    // Whatever happens to the devis's lines and totals later (a revision, a data fix)…
    const changed = [{ ...LIGNES[1], designation: 'Autre chose', prix_unitaire_ht: 1 }]
    const totals = totalsOf(changed, '0', '50')
    await db.transaction((trx) =>
      replaceLignes(trx, 'devis_lignes', 'devis_id', bdc.devisId, changed, totals)
    )
    await db
      .from('devis')
      .where('id', bdc.devisId)
      .update({ total_ttc: totals.total_ttc, acompte_pct: 50, objet: 'Modifié' })
    assert.lengthOf(await DevisLigne.query().where('devis_id', bdc.devisId), 1)

    // …the bdc keeps what was accepted
    const again = await show()
    const after = again.body().props.bdc
    assert.deepEqual(after.lignes, before.lignes)
    assert.equal(after.total_ttc, before.total_ttc)
    assert.equal(after.acompte, before.acompte)
    assert.equal(after.objet, before.objet)
    const stored = await Bdc.findOrFail(bdc.id)
    assert.equal(stored.totalTtc, before.total_ttc)
  })

  test('pro and other are refused, a guest goes to login, an unknown bdc is a 404', async ({
    client,
    assert,
  }) => {
    const bdc = await makeBdc()
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      for (const url of ['/esi/bdc', `/esi/bdc/${bdc.id}`, `/esi/bdc/${bdc.id}/pdf`]) {
        const response = await client.get(url).loginAs(user).withInertia().redirects(0)
        assert.equal(response.status(), 403, `${role} ${url}`)
      }
      const post = await client
        .post(`/esi/bdc/${bdc.id}/annuler`)
        .loginAs(user)
        .form({ motif: 'Doublon' })
        .withCsrfToken()
        .redirects(0)
      assert.equal(post.status(), 403)
    }
    const guest = await client.get(`/esi/bdc/${bdc.id}`).redirects(0)
    assert.equal(guest.header('location'), '/login')

    const esi = await makeUser('esi')
    for (const url of ['/esi/bdc/999999', '/esi/bdc/abc', '/esi/bdc/999999/signature']) {
      const response = await client.get(url).loginAs(esi).withInertia().redirects(0)
      assert.equal(response.status(), 404, url)
    }
    // Not signed yet: no signature to serve
    const none = await client.get(`/esi/bdc/${bdc.id}/signature`).loginAs(esi).redirects(0)
    assert.equal(none.status(), 404)
    const unchanged = await Bdc.findOrFail(bdc.id)
    assert.equal(unchanged.statut, 'a_signer')
  })

  test('the PDF of a bdc is a PDF for esi', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc()
    const response = await client.get(`/esi/bdc/${bdc.id}/pdf`).loginAs(user)
    response.assertStatus(200)
    assert.include(response.header('content-type'), 'application/pdf')
    assert.equal(response.header('x-content-type-options'), 'nosniff')
  })
})
