/*
 * Issue 12, the parts put together (decisions 410–414), through HTTP: a cancellation or a
 * withdrawal stops the commande's supplier orders and the cancel dialog's data lists what was
 * sent; the solde gate says the open reserve of the réception, the approvisionnement gate the
 * avenant waiting; the Show page carries each step's files and the avenant summary; the menu's
 * step counts agree with an independent count.
 */
import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Commande from '#models/commande'
import { makeUser, withTransaction } from '#tests/helpers'
import { systemActor } from '#services/actor'
import { prepareCommandesFournisseur } from '#services/commandes_fournisseur/cf_brouillon'
import { sendCommandeFournisseur } from '#services/commandes_fournisseur/cf_envoi'
import {
  cfsOf,
  commandeScenario,
  readyCommande,
  validateMesure,
} from '#tests/functional/commandes_fournisseur/helpers'
import {
  acomptePaye,
  post,
  bdcVersion,
  etapeA,
  commandeSignee,
  expectedMenuCounts,
} from '#tests/functional/commandes/timeline_helpers'
import { signedCommande, signedReception } from '#tests/functional/receptions/helpers'
import { preparedAvenant } from '#tests/functional/avenants/helpers'
import { formatEuros } from '#shared/totals'
import { forgetMenuBadges } from '#services/commandes/menu_badges'
import type User from '#models/user'

async function sentOrder(user: User, s: { commande: Commande }) {
  await prepareCommandesFournisseur(systemActor(user), s.commande.id)
  const drafts = await cfsOf(s.commande.id)
  await sendCommandeFournisseur(systemActor(user), user, drafts[0].id)
  const rows = await cfsOf(s.commande.id)
  return rows
}

async function showProps(client: any, user: User, commandeId: number) {
  const page = await client.get(`/esi/commandes/${commandeId}`).loginAs(user).withInertia()
  page.assertStatus(200)
  return page.body().props
}

test.group('Commandes / the parts together', (group) => {
  withTransaction(group)

  test('cancelled: the sent supplier order is listed in the dialog, then annulée', async ({
    assert,
    client,
  }) => {
    const user = await makeUser('esi')
    const s = await readyCommande()
    const [sent, draft] = await sentOrder(user, s)
    assert.equal(sent.statut, 'envoyee')
    assert.equal(draft.statut, 'brouillon')
    const fournisseur = await db.from('societes').where('id', sent.fournisseur_id).firstOrFail()

    const props = await showProps(client, user, s.commande.id)
    assert.deepEqual(props.timeline.engagements, [
      `${sent.numero} — ${fournisseur.nom} — ${formatEuros(Number(sent.total_ht))} HT (envoyée)`,
    ])

    const fresh = await Commande.findOrFail(s.commande.id)
    const r = await post(client, user, `/esi/commandes/${s.commande.id}/annuler`, {
      lock_version: fresh.lockVersion,
      motif: 'Client insolvable',
    })
    assert.equal(r.flashMessage('success'), `Commande ${fresh.numero} annulée.`)
    const after = await cfsOf(s.commande.id)
    assert.deepEqual(
      after.map((c) => c.statut),
      ['annulee', 'annulee']
    )
    assert.equal(after[0].motif_annulation, 'Client insolvable')
    const histo = await db
      .from('commande_etape_historique')
      .where({ commande_id: s.commande.id, action: 'annulation' })
      .firstOrFail()
    assert.include(histo.detail, sent.numero)
    const stopped = await db
      .from('commande_etape_historique')
      .where({ commande_id: s.commande.id, action: 'commande_fournisseur', vers: 'annulee' })
      .orderBy('id')
    assert.lengthOf(stopped, 2)
    assert.include(stopped.map((h) => h.detail).join(' '), 'prévenir le fournisseur')
    // Nothing left engaged: the dialog of a cancelled commande lists nothing
    const again = await showProps(client, user, s.commande.id)
    assert.deepEqual(again.timeline.engagements, [])
  })

  test('withdrawn: the sent supplier order is annulée in the same transaction', async ({
    assert,
    client,
  }) => {
    const user = await makeUser('esi')
    const s = await commandeScenario({ lieu: 'domicile' })
    // Paid as a payment allocated to it (what the refund reverses)
    await acomptePaye(s.bdc.id)
    await validateMesure(s)
    // Ordered once the period was over (its gate), then the period found still running (a
    // corrected signature date): the withdrawal must stop what was ordered
    const past = DateTime.now().minus({ days: 2 }).toISODate()
    const future = DateTime.now().plus({ days: 5 }).toISODate()
    await db.from('bdcs').where('id', s.bdc.id).update({ fin_retractation: past })
    await db.from('commandes').where('id', s.commande.id).update({ fin_retractation: past })
    const [sent] = await sentOrder(user, s)
    await db.from('bdcs').where('id', s.bdc.id).update({ fin_retractation: future })
    await db.from('commandes').where('id', s.commande.id).update({ fin_retractation: future })

    const props = await showProps(client, user, s.commande.id)
    assert.isTrue(props.timeline.retractation.possible)
    assert.lengthOf(props.timeline.engagements, 1)
    assert.include(props.timeline.engagements[0], sent.numero)

    const fresh = await Commande.findOrFail(s.commande.id)
    const r = await post(client, user, `/esi/commandes/${s.commande.id}/retractation`, {
      lock_version: fresh.lockVersion,
      recue_le: DateTime.now().toISODate(),
    })
    assert.isUndefined(r.flashMessage('error'))
    assert.include(String(r.flashMessage('success')), 'Rétractation enregistrée')
    const after = await cfsOf(s.commande.id)
    assert.isTrue(after.every((c) => c.statut === 'annulee'))
    const histo = await db
      .from('commande_etape_historique')
      .where({ commande_id: s.commande.id, action: 'retractation' })
      .firstOrFail()
    assert.include(histo.detail, `commande(s) fournisseur arrêtée(s) ${sent.numero}`)
  })

  test('solde gate: the PV not signed, then an open reserve, then lifted', async ({
    assert,
    client,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande } = await signedCommande()
    const url = `/esi/commandes/${commande.id}/facture-solde`
    const suffix =
      ' La facture de solde attend la réception (un administrateur peut passer outre avec un motif).'
    let r = await post(client, user, url, { lock_version: await bdcVersion(bdc.id) })
    assert.equal(r.flashMessage('error'), `Le procès-verbal de réception n’est pas signé.${suffix}`)

    await signedReception(commande.id, ['Joint de la fenêtre de la cuisine à refaire'])
    r = await post(client, user, url, { lock_version: await bdcVersion(bdc.id) })
    assert.equal(
      r.flashMessage('error'),
      `Des réserves de la réception ne sont pas levées.${suffix}`
    )
    let props = await showProps(client, user, commande.id)
    const soldeGate = () => props.timeline.etapes.find((e: any) => e.etape === 'solde').gate
    assert.equal(soldeGate(), 'Des réserves de la réception ne sont pas levées.')

    const reserve = await db
      .from('reception_reserves as x')
      .join('receptions as r', 'r.id', 'x.reception_id')
      .where('r.commande_id', commande.id)
      .select('x.id')
      .firstOrFail()
    const lever = await client
      .post(`/esi/commandes/${commande.id}/reception/reserves/${reserve.id}/lever`)
      .loginAs(user)
      .header('referer', `/esi/commandes/${commande.id}/reception`)
      .form({ commentaire: 'Joint refait' })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.isUndefined(lever.flashMessage('error'))
    props = await showProps(client, user, commande.id)
    assert.isNull(soldeGate())
  })

  test('approvisionnement gate: an avenant waiting is said before the blocked sheet', async ({
    assert,
    client,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await preparedAvenant()
    // No acompte asked, no withdrawal period: only the sheet and its avenant hold the gate
    await db.from('bdcs').where('id', commande.bdcId).update({ acompte: 0, fin_retractation: null })
    const props = await showProps(client, user, commande.id)
    const appro = props.timeline.etapes.find((e: any) => e.etape === 'approvisionnement')
    assert.equal(appro.gate, 'Un avenant attend la signature du client.')
    const row = await db
      .from('commande_etapes')
      .where({ commande_id: commande.id, etape: 'approvisionnement' })
      .firstOrFail()
    const r = await post(
      client,
      user,
      `/esi/commandes/${commande.id}/etapes/approvisionnement/statut`,
      {
        lock_version: row.lock_version,
        statut: 'en_cours',
      }
    )
    assert.equal(r.flashMessage('error'), 'Un avenant attend la signature du client.')
    // The mesurage step card carries the avenant summary
    assert.equal(props.avenant.avenant.statut, 'brouillon')
    assert.equal(props.avenant.url, `/esi/commandes/${commande.id}/avenant`)
  })

  test('the menu counts what waits at each step list, as an independent count says', async ({
    assert,
    client,
  }) => {
    const user = await makeUser('esi')
    const waiting = await commandeSignee()
    const measured = await commandeSignee()
    await etapeA(measured.commande.id, 'mesurage', 'faite')
    const ordered = await commandeSignee()
    await etapeA(ordered.commande.id, 'mesurage', 'faite')
    await etapeA(ordered.commande.id, 'approvisionnement', 'en_cours')
    assert.isDefined(waiting)

    // Independent: every open commande's steps read whole, the rule applied here
    const expected = await expectedMenuCounts()
    assert.isAtLeast(expected.mesurage, 1)
    assert.isAtLeast(expected.approvisionnement, 1)
    assert.isAtLeast(expected.fourniture, 1)

    const page = await client.get('/esi/commandes').loginAs(user).withInertia()
    const badges = page.body().props.menuBadges
    assert.equal(badges['/esi/commandes/mesurage'], expected.mesurage)
    assert.equal(badges['/esi/commandes/production'], expected.approvisionnement)
    assert.equal(badges['/esi/commandes/fourniture'], expected.fourniture)
    assert.isNumber(badges['/esi/commandes'])

    // A cancelled commande leaves the counts
    const before = badges['/esi/commandes/fourniture']
    await db.from('commandes').where('id', ordered.commande.id).update({ statut: 'annulee' })
    // A raw change outside the services: forget the kept counts as a cancellation does
    forgetMenuBadges()
    const later = await client.get('/esi/commandes').loginAs(user).withInertia()
    assert.equal(later.body().props.menuBadges['/esi/commandes/fourniture'], before - 1)
  })
})
