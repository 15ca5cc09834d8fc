/*
 * Receiving through HTTP (issue 12 §4, decision 353): per line quantities, a partial delivery
 * (« reçue partiellement », fourniture « en cours »), more than expected refused in French, a
 * damaged line that stays expected (its remark required), everything received (« reçue »,
 * fourniture « faite », the chef de projet notified, the pose gate open), and damage found
 * later that reopens the line and puts fourniture back « en cours ».
 */
import { test } from '@japa/runner'
import { addDays, todayIso } from '#shared/dates'
import db from '@adonisjs/lucid/services/db'
import sharp from 'sharp'
import drive from '@adonisjs/drive/services/main'
import Notification from '#models/notification'
import CommandeFichier from '#models/commande_fichier'
import { FILE_KINDS } from '#services/storage/files'
import { systemActor } from '#services/actor'
import { commandeGateFacts } from '#services/commandes/etape_gates'
import {
  confirmCommandeFournisseur,
  sendCommandeFournisseur,
} from '#services/commandes_fournisseur/cf_envoi'
import { prepareCommandesFournisseur } from '#services/commandes_fournisseur/cf_brouillon'
import { gateReason } from '#shared/commande_etapes'
import { notifierCommandesFournisseurEnRetard } from '#services/commandes_fournisseur/cf_retards'
import { makeUser, withTransaction } from '#tests/helpers'
import {
  cfsOf,
  etapeStatut,
  lignesOf,
  readyCommande,
} from '#tests/functional/commandes_fournisseur/helpers'

async function sentOrders() {
  const user = await makeUser('esi')
  const chef = await makeUser('esi')
  const s = await readyCommande()
  await db.from('commandes').where('id', s.commande.id).update({ chef_projet_id: chef.id })
  await prepareCommandesFournisseur(systemActor(user), s.commande.id)
  const drafts = await cfsOf(s.commande.id)
  for (const d of drafts) await sendCommandeFournisseur(systemActor(user), user, d.id)
  const [profils, portes] = await cfsOf(s.commande.id)
  await confirmCommandeFournisseur(systemActor(user), profils.id, {
    lockVersion: profils.lock_version,
    dateLivraison: '2026-12-01',
  })
  const [fenetre] = await lignesOf(profils.id)
  const [porte] = await lignesOf(portes.id)
  return { user, chef, s, profils, portes, fenetre, porte }
}

function receive(client: any, user: any, cfId: number, body: Record<string, unknown>) {
  return client
    .post(`/esi/commandes-fournisseur/${cfId}/livraisons`)
    .loginAs(user)
    .header('accept', 'application/json')
    .json({ date_livraison: '2026-11-20', bon_livraison: 'BL-778', ...body })
    .withCsrfToken()
}

test.group('Fourniture / receiving', (group) => {
  withTransaction(group)
  group.teardown(async () => {
    await drive.use().deleteAll(FILE_KINDS.photo.folder)
    await drive.use().deleteAll(FILE_KINDS.vignette.folder)
  })

  test('a damaged line with its photo; another commande’s photo is refused', async ({
    client,
    assert,
  }) => {
    const { user, s, profils, fenetre } = await sentOrders()
    const jpeg = await sharp({
      create: { width: 80, height: 60, channels: 3, background: '#999' },
    })
      .jpeg()
      .toBuffer()
    const uploaded = await client
      .post(`/esi/commandes/${s.commande.id}/fichiers`)
      .loginAs(user)
      .header('referer', `/esi/commandes/fourniture/${s.commande.id}`)
      .field('etape', 'fourniture')
      .file('fichier', jpeg, { filename: 'casse.jpg' })
      .withCsrfToken()
      .redirects(0)
    assert.isBelow(uploaded.status(), 400)
    const photo = await CommandeFichier.query()
      .where('commandeId', s.commande.id)
      .orderBy('id', 'desc')
      .firstOrFail()

    const other = await readyCommande()
    const foreign = await CommandeFichier.create({
      commandeId: other.commande.id,
      etape: 'fourniture',
      kind: 'photo',
      nomStocke: photo.nomStocke,
      mime: 'image/jpeg',
      taille: 10,
      nomOriginal: 'x.jpg',
    })
    const refused = await receive(client, user, profils.id, {
      lignes: [{ ligne_id: fenetre.id, quantite: 1, etat: 'endommage', fichier_id: foreign.id }],
    })
    refused.assertStatus(422)
    assert.include(JSON.stringify(refused.body()), 'n’appartient pas à cette commande')

    // The photo alone describes the problem (no remark needed)
    const ok = await receive(client, user, profils.id, {
      lignes: [{ ligne_id: fenetre.id, quantite: 1, etat: 'endommage', fichier_id: photo.id }],
    })
    ok.assertStatus(200)
    const line = await db
      .from('livraison_lignes')
      .where('commande_fournisseur_ligne_id', fenetre.id)
      .firstOrFail()
    assert.equal(Number(line.fichier_id), photo.id)
    const page = await client
      .get(`/esi/commandes/fourniture/${s.commande.id}`)
      .loginAs(user)
      .withInertia()
    const card = page.body().props.commandes_fournisseur.find((c: any) => c.id === profils.id)
    assert.equal(card.livraisons[0].lignes[0].fichier_id, photo.id)
  })

  test('before any order is sent the receipt is refused with its reason', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const s = await readyCommande()
    await prepareCommandesFournisseur(systemActor(user), s.commande.id)
    const [draft] = await cfsOf(s.commande.id)
    const [ligne] = await lignesOf(draft.id)
    const refused = await receive(client, user, draft.id, {
      lignes: [{ ligne_id: ligne.id, quantite: 1, etat: 'ok' }],
    })
    refused.assertStatus(422)
    assert.include(JSON.stringify(refused.body()), 'n’est pas encore envoyée')
    const page = await client
      .get(`/esi/commandes/fourniture/${s.commande.id}`)
      .loginAs(user)
      .withInertia()
    page.assertStatus(200)
    assert.equal(page.body().props.gates.fourniture, 'Aucune commande fournisseur n’a été envoyée.')
  })

  test('partial, damaged, complete, then damage found later', async ({ client, assert }) => {
    const { user, chef, s, profils, portes, fenetre, porte } = await sentOrders()

    // Bad input: French messages
    const bad = await receive(client, user, profils.id, {
      date_livraison: 'demain',
      lignes: [{ ligne_id: fenetre.id, quantite: 0, etat: 'cassé' }],
    })
    bad.assertStatus(422)
    const text = JSON.stringify(bad.body())
    assert.include(text, 'date valide')
    assert.include(text, 'La quantité doit être supérieure à zéro.')
    assert.include(text, 'État inconnu')

    // More than expected
    const over = await receive(client, user, profils.id, {
      lignes: [{ ligne_id: fenetre.id, quantite: 3, etat: 'ok' }],
    })
    over.assertStatus(422)
    assert.include(JSON.stringify(over.body()), 'dépasse(nt) les 2 encore attendu(s)')

    // One window of two, one damaged: a remark is required
    const noRemark = await receive(client, user, profils.id, {
      lignes: [{ ligne_id: fenetre.id, quantite: 1, etat: 'endommage' }],
    })
    noRemark.assertStatus(422)
    assert.include(JSON.stringify(noRemark.body()), 'décrivez le problème')

    const partial = await client
      .post(`/esi/commandes-fournisseur/${profils.id}/livraisons`)
      .loginAs(user)
      .header('referer', `/esi/commandes/fourniture/${s.commande.id}`)
      .json({
        date_livraison: '2026-11-20',
        bon_livraison: 'BL-778',
        lignes: [{ ligne_id: fenetre.id, quantite: 1, etat: 'ok' }],
      })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    partial.assertStatus(302)
    assert.include(partial.flashMessage('success'), 'reçue en partie')
    let [p] = await cfsOf(s.commande.id)
    assert.equal(p.statut, 'recue_partiellement')
    assert.equal(await etapeStatut(s.commande.id, 'fourniture'), 'en_cours')

    // The second window arrives broken: still expected
    const damaged = await receive(client, user, profils.id, {
      lignes: [{ ligne_id: fenetre.id, quantite: 1, etat: 'endommage', remarque: 'Vitrage fêlé' }],
    })
    damaged.assertStatus(200)
    ;[p] = await cfsOf(s.commande.id)
    assert.equal(p.statut, 'recue_partiellement')
    const [afterDamage] = await lignesOf(profils.id)
    assert.equal(Number(afterDamage.quantite_recue), 1)
    const lv = await db
      .from('livraison_lignes')
      .where('commande_fournisseur_ligne_id', fenetre.id)
      .orderBy('id')
    assert.deepEqual(
      lv.map((l) => [Number(l.quantite), l.etat, l.remarque]),
      [
        [1, 'ok', null],
        [1, 'endommage', 'Vitrage fêlé'],
      ]
    )

    // The replacement and the door: everything received
    await receive(client, user, profils.id, {
      lignes: [{ ligne_id: fenetre.id, quantite: 1, etat: 'ok' }],
    })
    const full = await receive(client, user, portes.id, {
      lignes: [{ ligne_id: porte.id, quantite: 1, etat: 'ok' }],
    })
    full.assertStatus(200)
    const both = await cfsOf(s.commande.id)
    assert.deepEqual(
      both.map((c) => c.statut),
      ['recue', 'recue']
    )
    assert.equal(await etapeStatut(s.commande.id, 'fourniture'), 'faite')
    // An order received without confirmation counts as confirmed for the approvisionnement
    assert.equal(await etapeStatut(s.commande.id, 'approvisionnement'), 'faite')
    const facts = await commandeGateFacts(db.connection(), s.commande.id)
    assert.isNull(gateReason('pose', facts))
    const notes = await Notification.query().where('user_id', chef.id)
    assert.lengthOf(notes, 1)
    assert.include(notes[0].titre, 'la pose peut être planifiée')

    // The door is found damaged after unpacking: reopened, fourniture back to en cours
    const later = await receive(client, user, portes.id, {
      lignes: [{ ligne_id: porte.id, quantite: 1, etat: 'endommage', remarque: 'Panneau rayé' }],
    })
    later.assertStatus(200)
    const [, reopened] = await cfsOf(s.commande.id)
    assert.equal(reopened.statut, 'envoyee')
    const [door] = await lignesOf(portes.id)
    assert.equal(Number(door.quantite_recue), 0)
    assert.equal(await etapeStatut(s.commande.id, 'fourniture'), 'en_cours')
    const factsAfter = await commandeGateFacts(db.connection(), s.commande.id)
    assert.equal(
      gateReason('pose', factsAfter),
      'Toutes les lignes fournisseur ne sont pas reçues.'
    )

    // The lists: the door expected again
    const list = await client.get('/esi/commandes/fourniture').loginAs(user).withInertia()
    list.assertStatus(200)
    const ids = list.body().props.attendues.rows.map((r: any) => r.id)
    assert.include(ids, portes.id)
    assert.notInclude(ids, profils.id)
  })

  test('a late order is told to the chef de projet once, again after a new date', async ({
    assert,
  }) => {
    const { user, chef, profils } = await sentOrders()
    // Confirmed for 2026-12-01: late from the 2nd
    assert.equal(await notifierCommandesFournisseurEnRetard('2026-12-01'), 0)
    assert.equal(await notifierCommandesFournisseurEnRetard('2026-12-02'), 1)
    assert.equal(await notifierCommandesFournisseurEnRetard('2026-12-03'), 0)
    const notes = await Notification.query()
      .where('user_id', chef.id)
      .where('type', 'commande_fournisseur.retard')
    assert.lengthOf(notes, 1)
    assert.include(notes[0].titre, 'livraison confirmée le 01/12/2026')
    const [fresh] = await cfsOf(profils.commande_id)
    await confirmCommandeFournisseur(systemActor(user), profils.id, {
      lockVersion: fresh.lock_version,
      dateLivraison: '2026-12-10',
    })
    assert.equal(await notifierCommandesFournisseurEnRetard('2026-12-05'), 0)
    assert.equal(await notifierCommandesFournisseurEnRetard('2026-12-11'), 1)
  })

  test('late orders come first', async ({ client, assert }) => {
    const { user, profils, portes } = await sentOrders()
    await db
      .from('commandes_fournisseur')
      .where('id', portes.id)
      .update({ statut: 'confirmee', date_livraison_confirmee: '2020-01-10' })
    // Not late whatever the day the suite runs (sentOrders confirms it for 2026-12-01)
    await db
      .from('commandes_fournisseur')
      .where('id', profils.id)
      .update({ date_livraison_confirmee: addDays(todayIso(), 30) })
    const list = await client.get('/esi/commandes/fourniture').loginAs(user).withInertia()
    const rows = list.body().props.attendues.rows
    const first = rows.findIndex((r: any) => r.id === portes.id)
    const second = rows.findIndex((r: any) => r.id === profils.id)
    assert.isBelow(first, second)
    assert.isTrue(rows[first].en_retard)
    assert.isFalse(rows[second].en_retard)
    const production = await client.get('/esi/commandes/production').loginAs(user).withInertia()
    assert.equal(production.body().props.envoyees.rows[0].id, portes.id)
  })
})
