/*
 * Issue 13 §5: « Ma journée » through HTTP — the logged-in person's visits of the day only, in
 * time order (both plannings), cancelled ones left out, the day from ?date= (a bad one is today),
 * the previous/next days across the DST change, and the links it offers (navigation, tel:).
 */
import { test } from '@japa/runner'
import { withTransaction, makeUser } from '#tests/helpers'
import { makeRdv, makeTechnicien, sendJson } from '#tests/functional/planning/helpers'
import { systemActor } from '#services/actor'
import { changePlanificationStatut } from '#services/planning/planification_statut'
import { navigationUrl, telUrl } from '#shared/planning_journee'
import { jourDemande } from '#shared/planning'
import { todayIso } from '#shared/dates'

const URL = '/esi/planning/ma-journee'

test.group('Planning / Ma journée', (group) => {
  withTransaction(group)

  test('the person’s visits of the day in time order, nobody else’s, no cancelled one', async ({
    client,
    assert,
  }) => {
    const tech = await makeTechnicien()
    const other = await makeTechnicien()
    const apresMidi = await makeRdv(tech, '2026-12-03T14:00', '2026-12-03T15:00')
    const matin = await makeRdv(tech, '2026-12-03T08:00', '2026-12-03T09:00')
    const annulee = await makeRdv(tech, '2026-12-03T10:00', '2026-12-03T11:00')
    await changePlanificationStatut(systemActor(), annulee.id, {
      lockVersion: annulee.lockVersion,
      statut: 'annulee',
      motif: 'Reporté',
    })
    await makeRdv(other, '2026-12-03T08:00', '2026-12-03T09:00')
    await makeRdv(tech, '2026-12-04T08:00', '2026-12-04T09:00')

    const page = await client.get(`${URL}?date=2026-12-03`).loginAs(tech).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('esi/planning/Journee')
    const props = page.body().props
    assert.equal(props.date, '2026-12-03')
    assert.equal(props.precedent, '2026-12-02')
    assert.equal(props.suivant, '2026-12-04')
    assert.deepEqual(
      props.visites.map((v: any) => v.id),
      [matin.id, apresMidi.id]
    )
    assert.equal(props.visites[0].client.nom.includes('Vandenberghe'), true)
    assert.deepEqual(props.ics, { actif: false, creeLe: null, utiliseLe: null })
  })

  test('a bad ?date= is today; the arrows cross the DST change by calendar days', async ({
    client,
    assert,
  }) => {
    const tech = await makeTechnicien()
    const bad = await client.get(`${URL}?date=2026-02-31`).loginAs(tech).withInertia()
    assert.equal(bad.body().props.date, todayIso())
    const dst = await client.get(`${URL}?date=2027-03-28`).loginAs(tech).withInertia()
    assert.equal(dst.body().props.precedent, '2027-03-27')
    assert.equal(dst.body().props.suivant, '2027-03-29')
    // A visit late on the 23-hour day belongs to it
    const late = await makeRdv(tech, '2027-03-28T22:30', '2027-03-28T23:30')
    const again = await client.get(`${URL}?date=2027-03-28`).loginAs(tech).withInertia()
    assert.deepEqual(
      again.body().props.visites.map((v: any) => v.id),
      [late.id]
    )
  })

  test('« Marquer réalisée » from the page’s data: the statut call with its lock_version', async ({
    client,
    assert,
  }) => {
    const tech = await makeTechnicien()
    const v = await makeRdv(tech, '2026-12-07T08:00', '2026-12-07T09:00')
    const page = await client.get(`${URL}?date=2026-12-07`).loginAs(tech).withInertia()
    const card = page.body().props.visites[0]
    const done = await sendJson(client, tech, 'post', `/esi/planifications/${v.id}/statut`, {
      lock_version: card.lockVersion,
      statut: 'realisee',
    })
    done.assertStatus(200)
    assert.equal(done.body().statut, 'realisee')
  })

  test('pro and other users cannot open it', async ({ client }) => {
    const pro = await makeUser('pro')
    const response = await client.get(URL).loginAs(pro!).withInertia()
    response.assertStatus(403)
  })

  test('the links: navigation by coordinates or address, tel: from a typed number', ({
    assert,
  }) => {
    assert.equal(
      navigationUrl('Rue de Fer 12, 5000 Namur', 50.465, 4.866),
      'https://www.google.com/maps/dir/?api=1&destination=50.465000%2C4.866000'
    )
    assert.equal(
      navigationUrl('Rue de Fer 12, 5000 Namur', null, null),
      'https://www.google.com/maps/dir/?api=1&destination=Rue%20de%20Fer%2012%2C%205000%20Namur'
    )
    assert.isNull(navigationUrl('  ', null, null))
    assert.equal(telUrl('0475 12 34 56'), 'tel:0475123456')
    assert.equal(telUrl('+32 81/22.33.44'), 'tel:+3281223344')
    assert.isNull(telUrl('12'))
    assert.equal(jourDemande('2026-12-03', '2026-11-24'), '2026-12-03')
    assert.equal(jourDemande('2026-13-03', '2026-11-24'), '2026-11-24')
  })
})
