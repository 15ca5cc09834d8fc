/*
 * The dashboard of a pro and of an ordinary user (issue 14 §2): a pro's offres by statut and
 * what became of the transmitted ones, only his own sociétés' (an independent count over his
 * memberships; another société's offres change nothing); an ordinary user's sociétés and their
 * members; neither gets the staff figures.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, withTransaction } from '#tests/helpers'
import { addMember, makeOffre, makeSociete, proWithContact } from '#tests/functional/offres/helpers'
import { offreJusqua } from '#tests/functional/dashboard/helpers'
import type { ProFigures } from '#shared/dashboard'

test.group('Dashboard / pro and other', (group) => {
  withTransaction(group)

  test('a pro sees his sociétés’ offres by statut and what became of them', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const mine = await proWithContact()
    const theirs = await proWithContact()
    await makeOffre(mine.societe, mine.contact, { statut: 'brouillon' })
    await makeOffre(mine.societe, mine.contact, { statut: 'envoyee' })
    await offreJusqua(esi, mine.societe, mine.contact, 'transmise')
    await offreJusqua(esi, mine.societe, mine.contact, 'devis')
    const signed = await offreJusqua(esi, mine.societe, mine.contact, 'signee')
    // Another société's offres: never in his figures
    await makeOffre(theirs.societe, theirs.contact, { statut: 'envoyee' })
    await offreJusqua(esi, theirs.societe, theirs.contact, 'signee')

    const response = await client.get('/dashboard').loginAs(mine.pro).withInertia()
    response.assertStatus(200)
    assert.isNull(response.inertiaProps.figures)
    const pro = response.inertiaProps.pro as ProFigures
    const statut = Object.fromEntries(pro.par_statut.map((s) => [s.statut, s.nombre]))
    assert.deepEqual(statut, {
      brouillon: 1,
      envoyee: 1,
      transmise: 1,
      acceptee: 2,
      refusee: 0,
    })
    // Independent: his memberships, counted per statut
    const counts = await db.rawQuery(
      `SELECT o.statut, count(*)::int AS n FROM societe_user su
       JOIN offres o ON o.societe_id = su.societe_id
       WHERE su.user_id = ? GROUP BY o.statut`,
      [mine.pro.id]
    )
    for (const r of counts.rows) assert.equal(statut[r.statut], r.n, r.statut)
    // Transmitted: one without devis, one devis brouillon, one accepted and signed
    const transmises = Object.fromEntries(
      pro.transmises.map((t) => [t.devis_statut ?? 'aucun', [t.nombre, t.signees]])
    )
    assert.deepEqual(transmises, { aucun: [1, 0], brouillon: [1, 0], accepte: [1, 1] })
    const transmitted = await db
      .from('offres')
      .where('societe_id', mine.societe.id)
      .whereNotNull('transmise_le')
      .select('id')
    assert.sameMembers(
      pro.recentes.map((o) => o.id),
      transmitted.map((r) => r.id)
    )
    assert.isTrue(pro.recentes.find((o) => o.id === signed.offre.id)!.bdc_signe)
    // Nothing of the other société in the page
    assert.notInclude(JSON.stringify(response.inertiaProps), theirs.societe.nom)
  })

  test('an ordinary user sees his sociétés and their members, no figures', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('other')
    const colleague = await makeUser('other')
    const stranger = await makeUser('other')
    const societe = await makeSociete('client')
    const elsewhere = await makeSociete('client')
    await addMember(societe, user, 'membre')
    await addMember(societe, colleague, 'admin')
    await addMember(elsewhere, stranger, 'admin')

    const response = await client.get('/dashboard').loginAs(user).withInertia()
    response.assertStatus(200)
    const props = response.inertiaProps as any
    assert.isNull(props.figures)
    assert.isNull(props.compta)
    assert.isNull(props.pro)
    assert.lengthOf(props.societes, 1)
    assert.sameMembers(
      props.societes[0].membres.map((m: any) => m.id),
      [user.id, colleague.id]
    )
    assert.notInclude(JSON.stringify(props), stranger.name)
  })
})
