/*
 * The reload that follows a save in the devis editor (DevisForm's onSaved) asks only for
 * DEVIS_AFTER_SAVE_PROPS: what a save can change arrives, the option lists are not read again.
 */
import { test } from '@japa/runner'
import Devis from '#models/devis'
import Client from '#models/client'
import { makeUser, withTransaction } from '#tests/helpers'
import { DEVIS_AFTER_SAVE_PROPS } from '#shared/devis_editor'
import { DEVIS_TRANSITIONS } from '#shared/machines/devis'
import { api, devisBody, makeDevis } from '#tests/functional/devis/editor_helpers'
import { statementsOf } from '#tests/functional/performance/helpers'

/** The Inertia partial reload the browser sends after a save. */
function reloadAfterSave(client: any, user: any, devisId: number) {
  return client
    .get(`/esi/devis/${devisId}/edit`)
    .loginAs(user)
    .withInertia()
    .header('X-Inertia-Partial-Component', 'esi/devis/Edit')
    .header('X-Inertia-Partial-Data', DEVIS_AFTER_SAVE_PROPS.join(','))
}

test.group('Devis editor / the reload after a save', (group) => {
  withTransaction(group)

  test('a full visit carries the option lists; the reload after a save only what a save changes', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const devis = await makeDevis(user)
    const full = await client.get(`/esi/devis/${devis.id}/edit`).loginAs(user).withInertia()
    full.assertStatus(200)
    assert.isArray(full.body().props.commerciaux)
    assert.deepInclude(full.body().props.commerciaux, { id: user.id, name: user.name })
    assert.properties(full.body().props.textes, ['intro', 'conditions'])

    let partial: any
    const sent = await statementsOf(async () => {
      partial = await reloadAfterSave(client, user, devis.id)
    })
    partial.assertStatus(200)
    // Left unread, not only left out of the answer: no statement on the texts or the bdcs
    assert.isNotEmpty(sent)
    assert.notMatch(sent.join('\n'), /\b(textes|bdcs)\b/)
    const props = partial.body().props
    for (const key of DEVIS_AFTER_SAVE_PROPS) assert.property(props, key)
    for (const key of ['commerciaux', 'textes', 'bdc', 'conflict', 'viewingRevision']) {
      assert.notProperty(props, key)
    }
  })

  test('saving a sent devis: the reload brings its revision, statut, actions and versions', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const devis = await makeDevis(user)
    const send = await api(client.post(`/esi/devis/${devis.id}/statut`), user).json({
      to: 'envoye',
      lock_version: devis.lockVersion,
    })
    send.assertStatus(200)
    const sent = await Devis.findOrFail(devis.id)
    const shown = await reloadAfterSave(client, user, devis.id)
    const before = shown.body().props
    assert.isTrue(before.revisable)
    assert.isNotNull(before.lienClient)
    assert.lengthOf(before.revisions, 0)

    const c = await Client.findOrFail(devis.clientId)
    const save = await api(client.put(`/esi/devis/${devis.id}`), user).json(
      devisBody(c, { lock_version: sent.lockVersion, objet: 'Objet revu' })
    )
    save.assertStatus(200)

    const reloaded = await reloadAfterSave(client, user, devis.id)
    const after = reloaded.body().props
    assert.equal(after.devis.statut, 'brouillon')
    assert.equal(after.devis.revision, 2)
    assert.equal(after.devis.form.objet, 'Objet revu')
    assert.equal(after.devis.lock_version, save.body().lock_version)
    assert.isFalse(after.revisable)
    assert.isFalse(after.readOnly)
    assert.isNull(after.lienClient)
    assert.isFalse(after.canDelete)
    assert.lengthOf(after.revisions, 1)
    assert.deepEqual(after.transitions, DEVIS_TRANSITIONS.brouillon)
    assert.notDeepEqual(before.transitions, after.transitions)
  })
})
