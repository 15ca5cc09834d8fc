/*
 * Supplier orders through HTTP (issue 12 §3, decisions 350–358): « Préparer » refused with the
 * gate's reason while the acompte is unpaid or the sheet not validated, then one draft per
 * supplier (the product without supplier listed, not ordered), idempotent; a draft's lines
 * edited (French messages, stale version 409); sent: numbered CF-YYYY-NNNNN, mailed with its
 * PDF, the approvisionnement step « en cours »; confirmed: « faite » once every order is.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Commande from '#models/commande'
import { makeUser, withTransaction } from '#tests/helpers'
import { lastMailTo } from '#tests/auth_helpers'
import {
  cfsOf,
  commandeScenario,
  etapeStatut,
  lignesOf,
  payAcompte,
  readyCommande,
  validateMesure,
} from '#tests/functional/commandes_fournisseur/helpers'
import { currentYear } from '#services/documents/numbering'
import { stopCommandesFournisseur } from '#services/commandes_fournisseur/cf_service'
import { systemActor } from '#services/actor'

function preparer(client: any, user: any, commandeId: number) {
  return client
    .post(`/esi/commandes/production/${commandeId}/preparer`)
    .loginAs(user)
    .header('accept', 'application/json')
    .withCsrfToken()
}

test.group('Commandes fournisseur / préparer behind the gate', (group) => {
  withTransaction(group)

  test('refused with the reason while closed, then one draft per supplier, idempotent', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const s = await commandeScenario()

    const unpaid = await preparer(client, user, s.commande.id)
    unpaid.assertStatus(422)
    assert.include(JSON.stringify(unpaid.body()), 'L’acompte n’est pas encore payé.')

    await payAcompte(s)
    const unmeasured = await preparer(client, user, s.commande.id)
    unmeasured.assertStatus(422)
    assert.include(JSON.stringify(unmeasured.body()), 'Le mesurage n’est pas validé.')
    // The page shows the same reason on the disabled button
    const page = await client
      .get(`/esi/commandes/production/${s.commande.id}`)
      .loginAs(user)
      .withInertia()
    page.assertStatus(200)
    assert.equal(page.body().props.gates.approvisionnement, 'Le mesurage n’est pas validé.')
    assert.lengthOf(await cfsOf(s.commande.id), 0)

    await validateMesure(s)
    const ok = await client
      .post(`/esi/commandes/production/${s.commande.id}/preparer`)
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    ok.assertStatus(302)
    assert.include(ok.flashMessage('warning'), '1 ligne sans fournisseur')
    const cfs = await cfsOf(s.commande.id)
    assert.deepEqual(
      cfs.map((c) => [c.fournisseur_id, c.statut, c.numero]),
      [
        [s.profils.id, 'brouillon', null],
        [s.portes.id, 'brouillon', null],
      ]
    )
    const fenetres = await lignesOf(cfs[0].id)
    assert.lengthOf(fenetres, 1)
    assert.equal(
      fenetres[0].designation,
      'Châssis PVC 1 vantail — 1195 × 1402 mm, blanc, oscillo-battant gauche (repère : Cuisine)'
    )
    assert.equal(Number(fenetres[0].quantite), 2)
    assert.equal(fenetres[0].prix_achat, 310_00)
    assert.equal(Number(cfs[0].total_ht), 620_00)

    // A second click adds nothing
    const again = await preparer(client, user, s.commande.id)
    again.assertStatus(200)
    assert.lengthOf(await cfsOf(s.commande.id), 2)
    assert.lengthOf(await lignesOf(cfs[0].id), 1)

    const detail = await client
      .get(`/esi/commandes/production/${s.commande.id}`)
      .loginAs(user)
      .withInertia()
    const props = detail.body().props
    assert.isNull(props.gates.approvisionnement)
    assert.equal(props.a_preparer, 0)
    assert.lengthOf(props.sans_fournisseur, 1)
    assert.include(props.sans_fournisseur[0].designation, 'Volet roulant')
    assert.lengthOf(props.commandes_fournisseur, 2)
  })

  test('the list shows what waits to be ordered; not before the gate opens', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const waiting = await commandeScenario()
    await payAcompte(waiting)
    const ready = await readyCommande()
    const list = async () => {
      const r = await client.get('/esi/commandes/production').loginAs(user).withInertia()
      r.assertStatus(200)
      assert.equal(r.body().component, 'esi/production/Index')
      return r.body().props
    }
    let props = await list()
    let ids = props.aCommander.rows.map((r: any) => r.id)
    assert.include(ids, ready.commande.id)
    assert.notInclude(ids, waiting.commande.id)
    const row = props.aCommander.rows.find((r: any) => r.id === ready.commande.id)
    assert.equal(row.a_preparer, 2)

    await preparer(client, user, ready.commande.id)
    props = await list()
    const after = props.aCommander.rows.find((r: any) => r.id === ready.commande.id)
    assert.equal(after.a_preparer, 0)
    assert.lengthOf(after.brouillons, 2)

    // Filter by supplier and bad filters said in French
    const filtered = await client
      .get(`/esi/commandes/production?filter[fournisseur_id]=${ready.portes.id}&filter[du]=hier`)
      .loginAs(user)
      .withInertia()
    const fp = filtered.body().props
    ids = fp.aCommander.rows.map((r: any) => r.id)
    assert.deepEqual(ids, [ready.commande.id])
    assert.lengthOf(fp.aCommander.rows[0].brouillons, 1)
    assert.match(fp.warnings.join(' '), /date non reconnue/)
  })
})

test.group('Commandes fournisseur / draft, send, confirm', (group) => {
  withTransaction(group)

  async function prepared() {
    const user = await makeUser('esi')
    const s = await readyCommande()
    const { prepareCommandesFournisseur } =
      await import('#services/commandes_fournisseur/cf_brouillon')
    await prepareCommandesFournisseur(systemActor(user), s.commande.id)
    const [profils, portes] = await cfsOf(s.commande.id)
    return { user, s, profils, portes }
  }

  test('a draft’s quantities and prices; French messages; a stale version is refused', async ({
    client,
    assert,
  }) => {
    const { user, profils } = await prepared()
    const [ligne] = await lignesOf(profils.id)
    const bad = await client
      .put(`/esi/commandes-fournisseur/${profils.id}`)
      .loginAs(user)
      .header('accept', 'application/json')
      .json({
        lock_version: profils.lock_version,
        lignes: [{ id: ligne.id, quantite: -1, prix_achat: 'abc' }],
      })
      .withCsrfToken()
    bad.assertStatus(422)
    const text = JSON.stringify(bad.body())
    assert.include(text, 'La quantité doit être supérieure à zéro.')
    assert.include(text, 'Le prix d’achat doit être un montant.')

    const ok = await client
      .put(`/esi/commandes-fournisseur/${profils.id}`)
      .loginAs(user)
      .header('referer', '/esi/commandes/production')
      .json({
        lock_version: profils.lock_version,
        remarques: 'Livrer le matin',
        lignes: [{ id: ligne.id, quantite: 3, prix_achat: 300_00 }],
      })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    ok.assertStatus(303)
    const [after] = await cfsOf(profils.commande_id)
    assert.equal(Number(after.total_ht), 900_00)
    assert.equal(after.remarques, 'Livrer le matin')

    const stale = await client
      .put(`/esi/commandes-fournisseur/${profils.id}`)
      .loginAs(user)
      .header('accept', 'application/json')
      .json({
        lock_version: profils.lock_version,
        lignes: [{ id: ligne.id, quantite: 1, prix_achat: 1 }],
      })
      .withCsrfToken()
    stale.assertStatus(409)
    assert.include(JSON.stringify(stale.body()), 'a été modifiée')
  })

  test('sent: numbered, mailed with its PDF, the step en cours; confirmed: faite', async ({
    client,
    assert,
  }) => {
    const { user, s, profils, portes } = await prepared()
    const send = (cf: any) =>
      client
        .post(`/esi/commandes-fournisseur/${cf.id}/envoyer`)
        .loginAs(user)
        .header('referer', `/esi/commandes/production/${s.commande.id}`)
        .json({ lock_version: cf.lock_version })
        .withCsrfToken()
        .withInertia()
        .redirects(0)
    const sent = await send(profils)
    sent.assertStatus(302)
    assert.include(sent.flashMessage('success'), `envoyée à ${s.profils.email}`)
    const [cf] = await cfsOf(s.commande.id)
    assert.match(cf.numero, new RegExp(`^CF-${currentYear()}-\\d{5}$`))
    assert.equal(cf.statut, 'envoyee')
    assert.equal(await etapeStatut(s.commande.id, 'approvisionnement'), 'en_cours')
    const mail = await lastMailTo(s.profils.email!)
    assert.isNotNull(mail)
    assert.include(mail!.subject, cf.numero)
    assert.deepEqual(
      (mail!.attachments ?? []).map((a) => a.filename),
      [`${cf.numero}.pdf`]
    )

    // Sent twice: refused, the number kept
    const twice = await client
      .post(`/esi/commandes-fournisseur/${profils.id}/envoyer`)
      .loginAs(user)
      .header('accept', 'application/json')
      .json({})
      .withCsrfToken()
    twice.assertStatus(422)
    assert.include(JSON.stringify(twice.body()), 'est déjà envoyée')

    // The PDF
    const pdf = await client.get(`/esi/commandes-fournisseur/${profils.id}/pdf`).loginAs(user)
    pdf.assertStatus(200)
    pdf.assertHeader('content-type', 'application/pdf')

    // Confirm: a date is required (French), then confirmee; faite when both are
    const noDate = await client
      .post(`/esi/commandes-fournisseur/${profils.id}/confirmer`)
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ lock_version: cf.lock_version, date_livraison_confirmee: '31/02/2026' })
      .withCsrfToken()
    noDate.assertStatus(422)
    assert.include(JSON.stringify(noDate.body()), 'date valide')
    const confirm = await client
      .post(`/esi/commandes-fournisseur/${profils.id}/confirmer`)
      .loginAs(user)
      .header('referer', '/esi/commandes/production')
      .json({ lock_version: cf.lock_version, date_livraison_confirmee: '2026-12-15' })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    confirm.assertStatus(302)
    const [confirmed] = await cfsOf(s.commande.id)
    assert.equal(confirmed.statut, 'confirmee')
    assert.equal(await etapeStatut(s.commande.id, 'approvisionnement'), 'en_cours')

    // The other one through the bulk action of the list
    const bulk = await client
      .post('/esi/commandes/production/envoyer')
      .loginAs(user)
      .json({ ids: [portes.id, profils.id] })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    bulk.assertStatus(302)
    const flash = bulk.flashMessage('warning')
    assert.include(flash, '1 commande envoyée')
    assert.include(flash, '1 refusée')
    const both = await cfsOf(s.commande.id)
    assert.equal(both[1].statut, 'envoyee')
    await client
      .post(`/esi/commandes-fournisseur/${portes.id}/confirmer`)
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ lock_version: both[1].lock_version, date_livraison_confirmee: '2026-12-20' })
      .withCsrfToken()
    assert.equal(await etapeStatut(s.commande.id, 'approvisionnement'), 'faite')
    const history = await db
      .from('commande_etape_historique')
      .where({ commande_id: s.commande.id, etape: 'approvisionnement' })
      .orderBy('id')
    assert.isAtLeast(history.length, 5)
  })

  test('a supplier without e-mail, an empty bulk, an unknown order', async ({ client, assert }) => {
    const { user, profils } = await prepared()
    await db.from('societes').where('id', profils.fournisseur_id).update({ email: null })
    const refused = await client
      .post(`/esi/commandes-fournisseur/${profils.id}/envoyer`)
      .loginAs(user)
      .header('accept', 'application/json')
      .json({})
      .withCsrfToken()
    refused.assertStatus(422)
    assert.include(JSON.stringify(refused.body()), 'n’a pas d’adresse e-mail')

    const empty = await client
      .post('/esi/commandes/production/envoyer')
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ ids: [] })
      .withCsrfToken()
    empty.assertStatus(422)
    assert.include(JSON.stringify(empty.body()), 'Cochez au moins un brouillon')

    const unknown = await client
      .post('/esi/commandes-fournisseur/999999999/envoyer')
      .loginAs(user)
      .header('accept', 'application/json')
      .json({})
      .withCsrfToken()
    unknown.assertStatus(404)
  })

  test('rights: pro and other get 403, a guest the login', async ({ client }) => {
    const { profils, s } = await prepared()
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      const page = await client.get(`/esi/commandes/production/${s.commande.id}`).loginAs(user)
      page.assertStatus(403)
      const send = await client
        .post(`/esi/commandes-fournisseur/${profils.id}/envoyer`)
        .loginAs(user)
        .json({})
        .withCsrfToken()
      send.assertStatus(403)
    }
    const guest = await client.get('/esi/commandes/fourniture').redirects(0)
    guest.assertStatus(302)
    guest.assertHeader('location', '/login')
  })

  test('cancelling the commande stops its orders and says what was sent', async ({
    client,
    assert,
  }) => {
    const { user, s, profils } = await prepared()
    await client
      .post(`/esi/commandes-fournisseur/${profils.id}/envoyer`)
      .loginAs(user)
      .header('accept', 'application/json')
      .json({})
      .withCsrfToken()
    const sent = await db.transaction((trx) =>
      stopCommandesFournisseur(trx, s.commande.id, 'Rétractation du client', systemActor(user))
    )
    assert.lengthOf(sent, 1)
    assert.equal(sent[0].fournisseur, s.profils.nom)
    assert.equal(sent[0].total_ht, 620_00)
    assert.match(sent[0].numero, /^CF-/)
    const cfs = await cfsOf(s.commande.id)
    assert.deepEqual(
      cfs.map((c) => c.statut),
      ['annulee', 'annulee']
    )
    assert.equal(cfs[0].motif_annulation, 'Rétractation du client')
    // The commande cancelled: the gate refuses a new preparation with its reason
    await Commande.query().where('id', s.commande.id).update({ statut: 'annulee' })
    const refused = await preparer(client, user, s.commande.id)
    refused.assertStatus(422)
    assert.include(JSON.stringify(refused.body()), 'La commande est annulée.')
  })
})
