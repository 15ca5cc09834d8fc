/*
 * The measurement tolerance of the esi société (decision 330): shown and saved by staff in the
 * company form, refused in French out of 0–100 mm, ignored for another type of société.
 */
import { test } from '@japa/runner'
import Societe from '#models/societe'
import { makeUser, withTransaction } from '#tests/helpers'
import { esiSociete, fieldErrors } from '#tests/functional/bdc/helpers'

test.group('Mesurage / tolerance setting', (group) => {
  withTransaction(group)

  test('staff set the esi société’s tolerance; out of range is refused next to the field', async ({
    client,
    assert,
  }) => {
    const societe = await esiSociete()
    const admin = await makeUser('esi')
    const edit = await client.get(`/app/company/${societe.id}/edit`).loginAs(admin).withInertia()
    edit.assertStatus(200)
    assert.equal(edit.body().props.societe.tolerance_mesure_mm, '10')
    const fields = { ...edit.body().props.societe }
    delete fields.logo_url
    delete fields.id
    const save = (value: string, lockVersion: number) =>
      client
        .put(`/app/company/${societe.id}`)
        .loginAs(admin)
        .form({ ...fields, lock_version: lockVersion, tolerance_mesure_mm: value })
        .withCsrfToken()
        .withInertia()
        .redirects(0)

    const saved = await save('15', fields.lock_version)
    assert.deepEqual(fieldErrors(saved), {})
    await societe.refresh()
    assert.equal(societe.toleranceMesureMm, 15)

    for (const bad of ['101', '-1', '2,5', 'abc']) {
      const refused = await save(bad, societe.lockVersion)
      assert.deepEqual(
        fieldErrors(refused).tolerance_mesure_mm,
        ['La tolérance est un nombre entier de millimètres (0 à 100).'],
        bad
      )
    }
    const kept = await Societe.findOrFail(societe.id)
    assert.equal(kept.toleranceMesureMm, 15)
  })
})
