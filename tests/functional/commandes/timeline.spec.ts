/*
 * The commande's timeline through HTTP (issue 12 §1, decisions 300–307): the automatic steps
 * and the derived statut, every gate refused with its reason while closed and allowed once
 * open, the step's lock (one of two edits of the same version wins), the solde's gate and its
 * admin override, the customer's withdrawal (NC + refund, the client's balance back to zero)
 * and a cancellation.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Commande from '#models/commande'
import Facture from '#models/facture'
import { makeUser, withTransaction } from '#tests/helpers'
import {
  acomptePaye,
  commandeSignee,
  etapeA,
  etapeRow,
  post,
  retractationFinie,
  statutOf,
  versionOf,
  commandeStatut,
  bdcVersion,
} from '#tests/functional/commandes/timeline_helpers'
import { creditClient } from '#services/paiements/paiement_service'
import { onCommandeAnnulee } from '#services/commandes/commande_annulation'
import { MOTIF_RETRACTATION } from '#shared/commande_timeline'
import { passeQuotidienneCommandes } from '#services/commandes/commandes_quotidien'

const statutUrl = (id: number, etape: string) => `/esi/commandes/${id}/etapes/${etape}/statut`

async function demarrer(client: any, user: any, commandeId: number, etape: string) {
  const row = await etapeRow(commandeId, etape as any)
  return post(client, user, statutUrl(commandeId, etape), {
    lock_version: row.lock_version,
    statut: 'en_cours',
  })
}

test.group('Commandes / timeline', (group) => {
  withTransaction(group)

  test('automatic steps and the derived statut: signed at home, acompte paid, period over', async ({
    assert,
    client,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande } = await commandeSignee({ domicile: true })
    assert.equal(await statutOf(commande.id, 'retractation'), 'en_cours')
    assert.equal(await statutOf(commande.id, 'acompte'), 'a_faire')
    let fresh = await Commande.findOrFail(commande.id)
    assert.equal(fresh.statut, 'en_attente')
    assert.equal(fresh.etapeCourante, 'acompte')

    await acomptePaye(bdc.id)
    assert.equal(await statutOf(commande.id, 'acompte'), 'faite')
    fresh = await Commande.findOrFail(commande.id)
    assert.equal(fresh.statut, 'en_cours')
    assert.equal(fresh.etapeCourante, 'retractation')
    // The chef de projet (none here) is not told; the history says « automatique »
    const histo = await db
      .from('commande_etape_historique')
      .where({ commande_id: commande.id, etape: 'acompte', vers: 'faite' })
      .first()
    assert.equal(histo.detail, 'automatique')
    assert.isNull(histo.user_id)

    // The period ends: opening the page brings the step up to date
    await retractationFinie(commande)
    const page = await client.get(`/esi/commandes/${commande.id}`).loginAs(user).withInertia()
    page.assertStatus(200)
    assert.equal(await statutOf(commande.id, 'retractation'), 'faite')
    const props = page.body().props
    const appro = props.timeline.etapes.find((e: any) => e.etape === 'approvisionnement')
    assert.equal(appro.gate, 'Le mesurage n’est pas validé.')
    assert.equal(appro.lien, `/esi/commandes/production/${commande.id}`)
  })

  test('a shop signature without acompte: both steps « sans objet »', async ({ assert }) => {
    const { commande } = await commandeSignee({ acomptePct: '0' })
    assert.equal(await statutOf(commande.id, 'acompte'), 'sans_objet')
    assert.equal(await statutOf(commande.id, 'retractation'), 'sans_objet')
  })

  test('every gate: refused with its reason while closed, allowed once open', async ({
    assert,
    client,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande } = await commandeSignee({ domicile: true })

    let r = await demarrer(client, user, commande.id, 'approvisionnement')
    r.assertStatus(302)
    assert.equal(r.flashMessage('error'), 'L’acompte n’est pas encore payé.')

    await acomptePaye(bdc.id)
    r = await demarrer(client, user, commande.id, 'approvisionnement')
    assert.match(
      String(r.flashMessage('error')),
      /^Le délai de rétractation court jusqu’au \d\d\/\d\d\/\d{4}/
    )

    await retractationFinie(commande)
    r = await demarrer(client, user, commande.id, 'approvisionnement')
    // The period's end is read from the bdc: over now
    assert.equal(r.flashMessage('error'), 'Le mesurage n’est pas validé.')

    r = await demarrer(client, user, commande.id, 'fourniture')
    assert.equal(r.flashMessage('error'), 'Aucune commande fournisseur n’a été envoyée.')
    r = await demarrer(client, user, commande.id, 'pose')
    assert.equal(r.flashMessage('error'), 'Toutes les lignes fournisseur ne sont pas reçues.')
    assert.equal(await statutOf(commande.id, 'pose'), 'a_faire')

    await etapeA(commande.id, 'mesurage', 'faite')
    r = await demarrer(client, user, commande.id, 'approvisionnement')
    assert.equal(r.flashMessage('success'), 'Étape « Approvisionnement » : en cours.')
    assert.equal(await statutOf(commande.id, 'approvisionnement'), 'en_cours')

    r = await demarrer(client, user, commande.id, 'fourniture')
    assert.isUndefined(r.flashMessage('error'))
    await etapeA(commande.id, 'fourniture', 'faite')
    r = await demarrer(client, user, commande.id, 'pose')
    assert.isUndefined(r.flashMessage('error'))
    assert.equal(await statutOf(commande.id, 'pose'), 'en_cours')

    // Automatic steps and « faite » are not moved by hand
    const acompte = await etapeRow(commande.id, 'acompte')
    r = await post(client, user, statutUrl(commande.id, 'solde'), {
      lock_version: await versionOf(commande.id, 'solde'),
      statut: 'en_cours',
    })
    assert.equal(
      r.flashMessage('error'),
      'Cette étape avance seule (paiement, calendrier, facture émise).'
    )
    r = await post(client, user, statutUrl(commande.id, 'pose'), {
      lock_version: await versionOf(commande.id, 'pose'),
      statut: 'faite',
    })
    assert.equal(r.status(), 302)
    assert.equal(await statutOf(commande.id, 'pose'), 'en_cours')
    assert.equal(acompte.statut, 'faite')
    // Unknown step: 404
    const bad = await post(client, user, statutUrl(commande.id, 'livraison'), {
      lock_version: 1,
      statut: 'en_cours',
    })
    bad.assertStatus(404)
  })

  test('block with a motif, unblock back to planifiée; planning writes history', async ({
    assert,
    client,
  }) => {
    const user = await makeUser('esi', { name: 'Paul Chef' })
    const { commande } = await commandeSignee()
    const url = `/esi/commandes/${commande.id}/etapes/mesurage`
    let row = await etapeRow(commande.id, 'mesurage')
    let r = await post(
      client,
      user,
      url,
      {
        lock_version: row.lock_version,
        responsable_id: user.id,
        prevue_debut: '2026-12-01',
        prevue_fin: '2026-12-02',
        notes: 'Appeler la veille',
      },
      'put'
    )
    assert.isUndefined(r.flashMessage('error'))
    row = await etapeRow(commande.id, 'mesurage')
    assert.equal(row.statut, 'planifiee')
    assert.equal(row.responsable_id, user.id)
    assert.equal(row.notes, 'Appeler la veille')
    const actions = await db
      .from('commande_etape_historique')
      .where({ commande_id: commande.id, etape: 'mesurage' })
      .orderBy('id')
      .select('action', 'detail', 'user_id')
    assert.deepEqual(
      actions.map((a) => a.action),
      ['responsable', 'planification', 'note', 'statut']
    )
    assert.equal(actions[0].detail, 'Paul Chef')
    assert.equal(actions[1].detail, '01/12/2026 → 02/12/2026')
    const planned = await Commande.findOrFail(commande.id)
    assert.equal(planned.prochaineEcheance?.toISODate(), '2026-12-02')

    // Blocking needs its motif
    r = await post(client, user, statutUrl(commande.id, 'mesurage'), {
      lock_version: row.lock_version,
      statut: 'bloquee',
    })
    assert.equal(r.flashMessage('error'), 'Indiquez pourquoi l’étape est bloquée.')
    r = await post(client, user, statutUrl(commande.id, 'mesurage'), {
      lock_version: row.lock_version,
      statut: 'bloquee',
      motif: 'Client injoignable',
    })
    row = await etapeRow(commande.id, 'mesurage')
    assert.equal(row.statut, 'bloquee')
    assert.equal(row.motif_blocage, 'Client injoignable')
    r = await demarrer(client, user, commande.id, 'mesurage')
    assert.equal(r.flashMessage('error'), 'Cette étape est bloquée : débloquez-la d’abord.')
    r = await post(client, user, statutUrl(commande.id, 'mesurage'), {
      lock_version: row.lock_version,
      statut: 'debloquer',
    })
    row = await etapeRow(commande.id, 'mesurage')
    assert.equal(row.statut, 'planifiee')
    assert.isNull(row.motif_blocage)
  })

  test('two edits of the same step version: the second gets the 409 message', async ({
    assert,
    client,
  }) => {
    const alice = await makeUser('esi', { name: 'Alice' })
    const bob = await makeUser('esi', { name: 'Bob' })
    const { commande } = await commandeSignee()
    const row = await etapeRow(commande.id, 'pose')
    const url = `/esi/commandes/${commande.id}/etapes/pose`
    const [a, b] = await Promise.all([
      post(client, alice, url, { lock_version: row.lock_version, notes: 'Alice' }, 'put'),
      post(client, bob, url, { lock_version: row.lock_version, notes: 'Bob' }, 'put'),
    ])
    const errors = [a, b].map((x) => x.flashMessage('error')).filter(Boolean)
    assert.lengthOf(errors, 1)
    assert.match(
      String(errors[0]),
      /^L’étape « Pose et réception » a été modifiée par (Alice|Bob) à \d\dh\d\d depuis que vous l’avez ouverte/
    )
    const after = await etapeRow(commande.id, 'pose')
    assert.equal(after.lock_version, row.lock_version + 1)
  })

  test('facture de solde: refused before the réception, admin override with a motif, then open', async ({
    assert,
    client,
  }) => {
    const user = await makeUser('esi')
    const admin = await makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    const { bdc, commande } = await commandeSignee()
    await acomptePaye(bdc.id)
    const url = `/esi/commandes/${commande.id}/facture-solde`
    const version = async () => ({ lock_version: await bdcVersion(bdc.id) })

    let r = await post(client, user, url, await version())
    assert.equal(
      r.flashMessage('error'),
      'Le procès-verbal de réception n’est pas signé. La facture de solde attend la réception (un administrateur peut passer outre avec un motif).'
    )
    // A motif from a non-admin: 403
    r = await post(client, user, url, { ...(await version()), motif_forcage: 'Client pressé' })
    r.assertStatus(403)
    assert.isNull(await Facture.query().where({ bdc_id: bdc.id, type: 'solde' }).first())

    r = await post(client, admin, url, {
      ...(await version()),
      motif_forcage: 'Réception reportée par le client, accord écrit',
    })
    r.assertStatus(302)
    const solde = await Facture.query().where({ bdc_id: bdc.id, type: 'solde' }).firstOrFail()
    assert.equal(r.header('location'), `/esi/compta/facture/${solde.id}`)
    const histo = await db
      .from('commande_etape_historique')
      .where({ commande_id: commande.id, action: 'forcage' })
      .firstOrFail()
    assert.equal(histo.user_id, admin.id)
    assert.include(histo.detail, 'Réception reportée par le client')
    const auditRow = await db
      .from('audit_logs')
      .where({ action: 'commande.solde_force', subject_id: commande.id })
      .firstOrFail()
    assert.equal(auditRow.user_id, admin.id)
  })

  test('facture de solde: allowed once the réception is signed; issuing it ends the solde step', async ({
    assert,
    client,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande } = await commandeSignee({ acomptePct: '0' })
    for (const etape of ['mesurage', 'approvisionnement', 'fourniture', 'pose'] as const) {
      await etapeA(commande.id, etape, 'faite')
    }
    const r = await post(client, user, `/esi/commandes/${commande.id}/facture-solde`, {
      lock_version: await bdcVersion(bdc.id),
    })
    assert.isUndefined(r.flashMessage('error'))
    const draft = await Facture.query().where({ bdc_id: bdc.id, type: 'solde' }).firstOrFail()
    assert.equal(await commandeStatut(commande.id), 'en_cours')
    const { issued } = await import('#tests/functional/factures/helpers')
    await issued(draft)
    assert.equal(await statutOf(commande.id, 'solde'), 'faite')
    const fresh = await Commande.findOrFail(commande.id)
    assert.equal(fresh.statut, 'terminee')
    assert.isNotNull(fresh.termineeLe)
    assert.isNull(fresh.etapeCourante)
  })

  test('the customer withdraws: cancelled, acompte credited and refunded, balance zero', async ({
    assert,
    client,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande } = await commandeSignee({ domicile: true })
    const acompte = await acomptePaye(bdc.id)
    assert.isAbove(acompte.montantPaye, 0)
    let hooked = 0
    onCommandeAnnulee(async (event) => {
      if (event.commandeId === commande.id && event.retractation) hooked++
    })
    const today = new Date().toISOString().slice(0, 10)
    const future = '2999-01-01'
    let r = await post(client, user, `/esi/commandes/${commande.id}/retractation`, {
      lock_version: commande.lockVersion,
      recue_le: future,
    })
    assert.equal(
      r.flashMessage('error'),
      'La date de réception du formulaire ne peut pas être dans le futur.'
    )

    r = await post(client, user, `/esi/commandes/${commande.id}/retractation`, {
      lock_version: commande.lockVersion,
      recue_le: today,
    })
    assert.isUndefined(r.flashMessage('error'))
    assert.include(String(r.flashMessage('success')), 'Rétractation enregistrée')
    const fresh = await Commande.findOrFail(commande.id)
    assert.equal(fresh.statut, 'annulee')
    assert.equal(fresh.motifAnnulation, MOTIF_RETRACTATION)
    assert.equal(fresh.retractationRecueLe?.toISODate(), today)
    assert.equal(hooked, 1)

    const facture = await Facture.findOrFail(acompte.id)
    assert.equal(facture.montantCredite, facture.totalTtc)
    assert.equal(facture.montantPaye, 0)
    const nc = await db.from('notes_credit').where('facture_id', acompte.id).firstOrFail()
    assert.isNotNull(nc.numero)
    assert.include(nc.motif, MOTIF_RETRACTATION)
    const refund = await db
      .from('paiements')
      .where({ client_id: bdc.clientId })
      .where('montant', '<', 0)
      .firstOrFail()
    assert.equal(Number(refund.montant), -acompte.montantPaye)
    assert.equal(await creditClient(bdc.clientId), 0)
    const histo = await db
      .from('commande_etape_historique')
      .where({ commande_id: commande.id, action: 'retractation' })
      .firstOrFail()
    assert.include(histo.detail, nc.numero)

    // Twice: the commande is already cancelled (version moved on too)
    r = await post(client, user, `/esi/commandes/${commande.id}/retractation`, {
      lock_version: fresh.lockVersion,
      recue_le: today,
    })
    assert.equal(r.flashMessage('error'), `La commande ${commande.numero} est déjà annulée.`)
    // Steps of a cancelled commande do not move
    r = await demarrer(client, user, commande.id, 'mesurage')
    assert.equal(r.flashMessage('error'), 'La commande est annulée.')
  })

  test('withdrawal refused after the period, with a waiver, or without one', async ({
    assert,
    client,
  }) => {
    const user = await makeUser('esi')
    const today = new Date().toISOString().slice(0, 10)
    const over = await commandeSignee({ domicile: true })
    await retractationFinie(over.commande)
    let r = await post(client, user, `/esi/commandes/${over.commande.id}/retractation`, {
      lock_version: over.commande.lockVersion,
      recue_le: today,
    })
    assert.match(String(r.flashMessage('error')), /^Le délai de rétractation a pris fin le /)

    const waived = await commandeSignee({ domicile: true, renonciation: true })
    r = await post(client, user, `/esi/commandes/${waived.commande.id}/retractation`, {
      lock_version: waived.commande.lockVersion,
      recue_le: today,
    })
    assert.equal(
      r.flashMessage('error'),
      'Aucun délai de rétractation ne court pour cette commande.'
    )

    const shop = await commandeSignee()
    r = await post(client, user, `/esi/commandes/${shop.commande.id}/retractation`, {
      lock_version: shop.commande.lockVersion,
      recue_le: today,
    })
    assert.equal(
      r.flashMessage('error'),
      'Aucun délai de rétractation ne court pour cette commande.'
    )
    assert.equal(await commandeStatut(shop.commande.id), 'en_attente')
  })

  test('cancellation for another reason: motif, what is ordered, history; stale version 409', async ({
    assert,
    client,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande } = await commandeSignee()
    await acomptePaye(bdc.id)
    await etapeA(commande.id, 'mesurage', 'faite')
    await etapeA(commande.id, 'approvisionnement', 'en_cours')
    const page = await client.get(`/esi/commandes/${commande.id}`).loginAs(user).withInertia()
    assert.deepEqual(page.body().props.timeline.engagements, [
      'Des commandes fournisseur ont été envoyées.',
    ])
    let r = await post(client, user, `/esi/commandes/${commande.id}/annuler`, {
      lock_version: commande.lockVersion,
      motif: '',
    })
    r.assertStatus(302)
    assert.notEqual(await commandeStatut(commande.id), 'annulee')
    r = await post(client, user, `/esi/commandes/${commande.id}/annuler`, {
      lock_version: commande.lockVersion + 5,
      motif: 'Client insolvable',
    })
    assert.match(String(r.flashMessage('error')), /^La commande .* a été modifiée/)
    r = await post(client, user, `/esi/commandes/${commande.id}/annuler`, {
      lock_version: commande.lockVersion,
      motif: 'Client insolvable',
    })
    assert.equal(r.flashMessage('success'), `Commande ${commande.numero} annulée.`)
    const fresh = await Commande.findOrFail(commande.id)
    assert.equal(fresh.statut, 'annulee')
    assert.equal(fresh.motifAnnulation, 'Client insolvable')
    const histo = await db
      .from('commande_etape_historique')
      .where({ commande_id: commande.id, action: 'annulation' })
      .firstOrFail()
    assert.equal(histo.detail, 'Client insolvable ; Des commandes fournisseur ont été envoyées.')
  })

  test('a pro is refused the timeline actions (403)', async ({ client }) => {
    const pro = await makeUser('pro')
    const { commande } = await commandeSignee()
    const r = await post(client, pro, statutUrl(commande.id, 'pose'), {
      lock_version: 1,
      statut: 'en_cours',
    })
    r.assertStatus(403)
  })

  test('the list: where each stands, the most overdue first, filters; the menu counts the late ones', async ({
    assert,
    client,
  }) => {
    const chef = await makeUser('esi', { name: 'Chef Martin' })
    const onTime = await commandeSignee({ acomptePct: '0' })
    const late = await commandeSignee({ acomptePct: '0' })
    const other = await commandeSignee({ acomptePct: '0' })
    await db.from('commandes').whereIn('id', [late.commande.id, onTime.commande.id]).update({
      chef_projet_id: chef.id,
    })
    const edit = async (commandeId: number, fin: string) => {
      const v = await versionOf(commandeId, 'mesurage')
      await post(
        client,
        chef,
        `/esi/commandes/${commandeId}/etapes/mesurage`,
        { lock_version: v, prevue_debut: '2020-01-01', prevue_fin: fin },
        'put'
      )
    }
    await edit(onTime.commande.id, '2999-01-01')
    await edit(late.commande.id, '2020-01-02')
    const page = await client.get('/esi/commandes').loginAs(chef).withInertia()
    const rows = page.body().props.commandes.data
    assert.deepEqual(
      rows.map((r: any) => r.id),
      [late.commande.id, onTime.commande.id, other.commande.id]
    )
    assert.equal(rows[0].etape_courante, 'mesurage')
    assert.equal(rows[0].etape_courante_statut, 'planifiee')
    assert.equal(rows[0].chef_projet, 'Chef Martin')
    assert.equal(page.body().props.menuBadges['/esi/commandes'], 1)

    const lateOnly = await client.get('/esi/commandes?filter[retard]=1').loginAs(chef).withInertia()
    assert.deepEqual(
      lateOnly.body().props.commandes.data.map((r: any) => r.id),
      [late.commande.id]
    )
    const ofChef = await client
      .get(`/esi/commandes?filter[chef]=${chef.id}&sort=-date`)
      .loginAs(chef)
      .withInertia()
    assert.deepEqual(
      ofChef.body().props.commandes.data.map((r: any) => r.id),
      [late.commande.id, onTime.commande.id]
    )
  })

  test('the morning pass: withdrawal over → faite and the chef told; a late step told once', async ({
    assert,
  }) => {
    const chef = await makeUser('esi')
    const { bdc, commande } = await commandeSignee({ domicile: true })
    await db.from('commandes').where('id', commande.id).update({ chef_projet_id: chef.id })
    await acomptePaye(bdc.id)
    await retractationFinie(commande)
    await db
      .from('commande_etapes')
      .where({ commande_id: commande.id, etape: 'mesurage' })
      .update({ prevue_fin: '2020-01-02T08:00:00Z', statut: 'planifiee' })
    const first = await passeQuotidienneCommandes()
    assert.isTrue(first.ran)
    assert.equal(await statutOf(commande.id, 'retractation'), 'faite')
    const titles = await db
      .from('notifications')
      .where('user_id', chef.id)
      .orderBy('id')
      .select('titre')
    assert.deepEqual(
      titles.map((t) => t.titre),
      [
        `Commande ${commande.numero} (${commande.clientNom}) : acompte payé`,
        `Commande ${commande.numero} (${commande.clientNom}) : délai de rétractation terminé`,
        `Commande ${commande.numero} (${commande.clientNom}) : l’étape « Mesurage » est en retard`,
      ]
    )
    const second = await passeQuotidienneCommandes()
    assert.equal(second.retards, 0)
    assert.equal(second.retractations, 0)
  })

  test('gate notifications: everything received tells the chef de projet the pose may be planned', async ({
    assert,
  }) => {
    const chef = await makeUser('esi')
    const { bdc, commande } = await commandeSignee()
    await db.from('commandes').where('id', commande.id).update({ chef_projet_id: chef.id })
    await acomptePaye(bdc.id)
    await etapeA(commande.id, 'mesurage', 'faite')
    await etapeA(commande.id, 'approvisionnement', 'faite')
    await etapeA(commande.id, 'fourniture', 'faite')
    const titles = await db
      .from('notifications')
      .where('user_id', chef.id)
      .orderBy('id')
      .select('titre')
    const head = `Commande ${commande.numero} (${commande.clientNom})`
    assert.deepEqual(
      titles.map((t) => t.titre),
      [
        `${head} : acompte payé`,
        `${head} : mesurage validé : les commandes fournisseur peuvent partir`,
        `${head} : tout est reçu : la pose peut être planifiée`,
      ]
    )
  })
})
