/*
 * Mass assignment (issue 15 §3): the main write routes of each role get a VALID body plus the
 * fields a caller must never set (role, droit, societe_id of another société, prices, totals,
 * statut, numero, lock_version, created_by/auteur_id, 2FA secret…): the request succeeds and
 * every such field is ignored — the record keeps the server's values, and no table anywhere
 * holds the marker values (tests/fixtures/hostile/snapshot.ts).
 */
import { test } from '@japa/runner'
import User from '#models/user'
import Societe from '#models/societe'
import Offre from '#models/offre'
import Client from '#models/client'
import Devis from '#models/devis'
import { makeUser, withTransaction } from '#tests/helpers'
import { makeContact, makeSociete, societeOf } from '#tests/functional/societes/helpers'
import { makeOffre, offreBody } from '#tests/functional/offres/helpers'
import { api, devisBody, makeDevis } from '#tests/functional/devis/editor_helpers'
import { MASS_ASSIGNMENT } from '#tests/fixtures/hostile/corpus'
import { tablesContaining } from '#tests/fixtures/hostile/snapshot'

/** The extras, with ids of another société and another user; the valid body wins on its own fields. */
async function hostile(body: Record<string, unknown>) {
  const foreign = await makeSociete('pro')
  const other = await makeUser('esi')
  return {
    extras: {
      ...MASS_ASSIGNMENT,
      societe_id: foreign.id,
      created_by: other.id,
      auteur_id: other.id,
      user_id: other.id,
      remise_partenaire_pct: '50',
      tolerance_mesure_mm: 99,
      acompte_pendant_retractation: 'autorise',
      id: 987_654,
      id_client: 987_654,
    },
    body: (extras: Record<string, unknown>) => ({ ...extras, ...body }),
    foreign,
    other,
  }
}

async function noMarker(assert: any) {
  assert.deepEqual(await tablesContaining(MASS_ASSIGNMENT.numero), [])
  assert.deepEqual(await tablesContaining(MASS_ASSIGNMENT.two_factor_secret), [])
}

test.group('Security / mass assignment is ignored', (group) => {
  withTransaction(group)

  test('profile: role, droit, verification and 2FA fields are not the user’s to set', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const h = await hostile({ name: 'Nouveau Nom', email: user.email })
    const response = await client
      .put('/profile')
      .loginAs(user)
      .header('referer', '/profile')
      .json(h.body(h.extras))
      .withCsrfToken()
      .redirects(0)
    assert.isBelow(response.status(), 400)
    assert.notExists(response.flashMessage('inputErrorsBag'))
    const after = await User.findOrFail(user.id)
    assert.equal(after.name, 'Nouveau Nom')
    assert.equal(after.role, 'pro')
    assert.equal(after.droit, user.droit)
    assert.deepEqual(after.droitsAccordes, user.droitsAccordes)
    assert.equal(after.accesRole, user.accesRole)
    assert.equal(after.twoFactorSecret, user.twoFactorSecret)
    assert.equal(after.emailVerifiedAt?.toISO(), user.emailVerifiedAt?.toISO())
    await noMarker(assert)
  })

  test('a pro editing his société cannot set the staff-only fields', async ({ client, assert }) => {
    const pro = await makeUser('pro')
    const societe = await societeOf(pro, 'pro')
    await societe.refresh()
    const h = await hostile({ nom: 'Menuiserie Lambert', lock_version: societe.lockVersion })
    const response = await client
      .put(`/app/company/${societe.id}`)
      .loginAs(pro)
      .header('referer', `/app/company/${societe.id}/edit`)
      .json({ ...h.body(h.extras), type: 'esi' })
      .withCsrfToken()
      .redirects(0)
    assert.isBelow(response.status(), 400)
    assert.notExists(response.flashMessage('inputErrorsBag'))
    const after = await Societe.findOrFail(societe.id)
    assert.equal(after.nom, 'Menuiserie Lambert')
    assert.equal(after.type, 'pro')
    assert.equal(after.remisePartenairePct, societe.remisePartenairePct)
    assert.equal(after.toleranceMesureMm, societe.toleranceMesureMm)
    assert.equal(after.acomptePendantRetractation, societe.acomptePendantRetractation)
    await noMarker(assert)
  })

  test('an offre created or saved by a pro: société, statut, numero, totals and author are the server’s', async ({
    client,
    assert,
  }) => {
    const pro = await makeUser('pro')
    const societe = await societeOf(pro, 'pro')
    const contact = await makeContact(societe, { email: 'c@example.be' })
    const h = await hostile(offreBody(contact.id))
    // societe_id is a field of the form (the pro's sociétés): another's is refused, not taken
    const foreignSociete = await client
      .post('/app/offres')
      .loginAs(pro)
      .header('referer', '/app/offres/create')
      .json(h.body(h.extras))
      .withCsrfToken()
      .redirects(0)
    assert.exists(foreignSociete.flashMessage('inputErrorsBag')?.societe_id)
    assert.isNull(await Offre.query().where('contact_id', contact.id).first())

    const created = await client
      .post('/app/offres')
      .loginAs(pro)
      .header('referer', '/app/offres/create')
      .json(h.body({ ...h.extras, societe_id: societe.id }))
      .withCsrfToken()
      .redirects(0)
    assert.isBelow(created.status(), 400)
    assert.notExists(created.flashMessage('inputErrorsBag'))
    const offre = await Offre.query().where('contact_id', contact.id).firstOrFail()
    assert.equal(offre.societeId, societe.id)
    assert.equal(offre.auteurId, pro.id)
    assert.equal(offre.statut, 'brouillon')
    assert.isNull(offre.numero)
    assert.equal(offre.lockVersion, 1)
    assert.isAbove(Number(offre.totalHt), 100)

    const draft = await makeOffre(societe, contact, { auteur: pro })
    const saved = await client
      .put(`/app/offres/${draft.id}`)
      .loginAs(pro)
      .header('referer', `/app/offres/${draft.id}/edit`)
      .json({ ...h.extras, societe_id: societe.id, ...offreBody(contact.id), lock_version: 1 })
      .withCsrfToken()
      .redirects(0)
    assert.isBelow(saved.status(), 400)
    assert.notExists(saved.flashMessage('inputErrorsBag'))
    await draft.refresh()
    assert.equal(draft.societeId, societe.id)
    assert.equal(draft.statut, 'brouillon')
    assert.isNull(draft.numero)
    assert.equal(draft.lockVersion, 2)
    assert.equal(draft.totalHt, offre.totalHt)
    await noMarker(assert)
  })

  test('staff: a client and a devis keep the server’s statut, numero, totals and author', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const h = await hostile({})
    const newClient = await api(client.post('/esi/customers'), esi).json(
      h.body({ ...h.extras, type: 'particulier', nom: 'Hostile', email: 'hostile@example.be' })
    )
    assert.isBelow(newClient.status(), 400, newClient.text().slice(0, 300))
    const made = await Client.query().where('email', 'hostile@example.be').firstOrFail()
    assert.notEqual(made.idClient, 987_654)

    const devis = await makeDevis(esi)
    const c = await Client.findOrFail(devis.clientId)
    const saved = await api(client.put(`/esi/devis/${devis.id}`), esi).json({
      ...h.extras,
      ...devisBody(c, { lock_version: devis.lockVersion }),
    })
    saved.assertStatus(200)
    const after = await Devis.findOrFail(devis.id)
    assert.equal(after.statut, 'brouillon')
    assert.equal(after.numero, devis.numero)
    assert.equal(after.lockVersion, devis.lockVersion + 1)
    assert.notEqual(Number(after.totalHt), 1)
    await noMarker(assert)
  })
})
