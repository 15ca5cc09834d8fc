/*
 * Optional lines of a devis (issue 14 §1), staff side: the editor marks a produit line « option »
 * and proposes it ticked or not; the totals stored leave an unticked option out (the same
 * shared function as the editor's); only a produit line can be an option; on acceptance the
 * bdc keeps the ticked options as firm lines and drops the others.
 */
import { test } from '@japa/runner'
import Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import Bdc from '#models/bdc'
import BdcLigne from '#models/bdc_ligne'
import { makeUser, withTransaction } from '#tests/helpers'
import { computeTotals } from '#shared/totals'
import { parseMoney } from '#shared/money'
import { api, devisBody, ligne, makeClient, visit } from '#tests/functional/devis/editor_helpers'

const BODY_LIGNES = [
  ligne({ designation: 'Châssis PVC', quantite: '1', prix_unitaire_ht: '1 000' }),
  ligne({
    designation: 'Volet roulant motorisé',
    quantite: '1',
    prix_unitaire_ht: '450',
    optionnel: true,
    retenue: false,
  }),
  ligne({
    designation: 'Moustiquaire',
    quantite: '2',
    prix_unitaire_ht: '80',
    taux_tva: 6,
    optionnel: true,
    retenue: true,
  }),
  // An option flag on a text line means nothing: stored as a plain line
  ligne({
    type: 'texte',
    designation: 'Pose comprise.',
    quantite: '',
    prix_unitaire_ht: '',
    optionnel: true,
    retenue: false,
  }),
  ligne({ type: 'sous_total', designation: '', quantite: '', prix_unitaire_ht: '' }),
]

test.group('Devis options / editor and acceptance', (group) => {
  withTransaction(group)

  test('an unticked option is stored, priced, and out of the stored totals', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const c = await makeClient()
    const body = devisBody(c, { lignes: BODY_LIGNES })
    const response = await visit(client.post('/esi/devis'), user).json(body)
    response.assertStatus(302)
    const devis = await Devis.query().where('client_id', c.idClient).firstOrFail()
    const lignes = await DevisLigne.query().where('devis_id', devis.id).orderBy('position')
    assert.deepEqual(
      lignes.map((l) => [l.optionnel, l.retenue]),
      [
        [false, true],
        [true, false],
        [true, true],
        [false, true],
        [false, true],
      ]
    )
    // Independent arithmetic: 1 000 + 2 × 80 counted; the 450 € option is not
    assert.equal(devis.totalHt, 100_000 + 16_000)
    assert.equal(devis.totalTva, 21_000 + 960)
    assert.equal(lignes[1].totalHt, 45_000)
    assert.equal(lignes[4].totalHt, 116_000)
    const expected = computeTotals({
      lignes: body.lignes.map((l: any) => ({
        ...l,
        prix_unitaire_ht: l.type === 'produit' ? parseMoney(l.prix_unitaire_ht) : null,
      })),
      acompte_pct: '30',
    })
    assert.equal(devis.totalTtc, expected.total_ttc)
    assert.equal(devis.acompte, expected.acompte)

    // The editor gets the switches back as saved
    const edit = await client.get(`/esi/devis/${devis.id}/edit`).loginAs(user).withInertia()
    const form = edit.body().props.devis.form
    assert.isTrue(form.lignes[1].optionnel)
    assert.isFalse(form.lignes[1].retenue)
    assert.isTrue(form.lignes[2].retenue)
  })

  test('a non-boolean option flag is a French field error', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const c = await makeClient()
    const body = devisBody(c, {
      lignes: [ligne({ optionnel: 'peut-être' as unknown as boolean })],
    })
    const response = await api(client.post('/esi/devis'), user).json(body)
    response.assertStatus(422)
    assert.isTrue(
      response.body().errors.some((e: { field: string }) => e.field === 'lignes.0.optionnel')
    )
  })

  test('accepted: the bdc keeps the ticked option as a firm line, not the other', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const c = await makeClient({ email: 'options@example.test' })
    await visit(client.post('/esi/devis'), user).json(devisBody(c, { lignes: BODY_LIGNES }))
    const devis = await Devis.query().where('client_id', c.idClient).firstOrFail()
    // « Copier le lien client »: only while the customer can answer (sent)
    const lien = async () => {
      const page = await client.get(`/esi/devis/${devis.id}/edit`).loginAs(user).withInertia()
      return page.body().props.lienClient
    }
    assert.isNull(await lien())
    for (const to of ['envoye', 'accepte']) {
      const fresh = await Devis.findOrFail(devis.id)
      const r = await api(client.post(`/esi/devis/${devis.id}/statut`), user).json({
        to,
        lock_version: fresh.lockVersion,
      })
      r.assertStatus(200)
      if (to === 'envoye') {
        const sent = await Devis.findOrFail(devis.id)
        assert.match(await lien(), new RegExp(`/devis/${sent.publicId}/1\\?signature=`))
      }
    }
    assert.isNull(await lien())
    const accepted = await Devis.findOrFail(devis.id)
    const bdc = await Bdc.query().where('devis_id', devis.id).firstOrFail()
    const lignes = await BdcLigne.query().where('bdc_id', bdc.id).orderBy('position')
    assert.deepEqual(
      lignes.map((l) => l.designation),
      ['Châssis PVC', 'Moustiquaire', 'Pose comprise.', '']
    )
    assert.equal(bdc.totalHt, 116_000)
    assert.equal(bdc.totalTtc, accepted.totalTtc)
    assert.equal(bdc.acompte, accepted.acompte)
    assert.equal(lignes[3].totalHt, 116_000)
  })
})
