/*
 * Issue 14 §1 under concurrency, on the real server and database: the customer's « Accepter »
 * sent several times at the same moment (double tap, two tabs, a retry) — each request has its
 * own connection and transaction, the devis row is locked FOR UPDATE, so exactly one makes the
 * bdc, its commande, its demande and its evidence row; the others are told in French that the
 * devis is already accepted. No global transaction: the data is committed, then removed.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { fieldErrors } from '#tests/functional/bdc/helpers'
import { acceptForm, linkPath, sentDevis } from '#tests/functional/signature_en_ligne/helpers'
import { deleteSignature } from '#services/bdc/signature_storage'
import { SIGNATURE_EN_LIGNE_MESSAGES as M } from '#shared/signature_en_ligne'

const N = 5

test.group('Signature en ligne / two acceptances at once', (group) => {
  let devisIds: number[] = []
  let counters: any[] = []
  let lastSociete = 0

  group.each.setup(async () => {
    counters = await db.from('document_counters').select('*')
    // sentDevis creates the esi société when there is none: it must not outlive the test
    const row = await db.from('societes').max('id as id').first()
    lastSociete = Number(row?.id ?? 0)
  })

  group.each.teardown(async () => {
    const bdcs = await db.from('bdcs').whereIn('devis_id', devisIds).select('id', 'signature_path')
    const bdcIds = bdcs.map((b) => b.id)
    const commandes = await db.from('commandes').whereIn('bdc_id', bdcIds).select('id')
    const commandeIds = commandes.map((c) => c.id)
    const demandes = await db.from('demandes_paiement').whereIn('bdc_id', bdcIds).select('id')
    const clients = await db.from('devis').whereIn('id', devisIds).select('client_id')
    await db.from('signature_preuves').whereIn('bdc_id', bdcIds).delete()
    await db.from('commandes').whereIn('id', commandeIds).delete()
    await db.from('demandes_paiement').whereIn('bdc_id', bdcIds).delete()
    await db.from('bdcs').whereIn('id', bdcIds).delete()
    await db.from('devis').whereIn('id', devisIds).delete()
    await db
      .from('clients')
      .whereIn(
        'id_client',
        clients.map((c) => c.client_id)
      )
      .delete()
    for (const [type, ids] of [
      ['devis', devisIds],
      ['bdc', bdcIds],
      ['commande', commandeIds],
      ['demande_paiement', demandes.map((d) => d.id)],
    ] as const) {
      await db
        .from('audit_logs')
        .where('subject_type', type)
        .whereIn('subject_id', ids.map(String))
        .delete()
    }
    for (const b of bdcs) await deleteSignature(b.signature_path)
    await db.from('societes').where('id', '>', lastSociete).delete()
    await db.from('document_counters').delete()
    if (counters.length) await db.table('document_counters').multiInsert(counters)
    devisIds = []
  })

  test(`${N} « Accepter » at once: exactly one bdc, the others refused in French`, async ({
    client,
    assert,
  }) => {
    const devis = await sentDevis()
    devisIds.push(devis.id)
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        client
          .post(linkPath(devis, 'signed.devis.accepter'))
          .header('referer', linkPath(devis))
          .json(acceptForm(devis, { signataire: `Signataire ${i + 1}` }))
          .withCsrfToken()
          .withInertia()
          .redirects(0)
      )
    )
    const toPayment = answers.filter((r) => /^\/paiement\//.test(r.header('location') ?? ''))
    assert.lengthOf(toPayment, 1, answers.map((r) => r.header('location')).join(' | '))
    const refused = answers.filter((r) => r !== toPayment[0])
    for (const r of refused) assert.deepEqual(fieldErrors(r)._form, [M.dejaAccepte])

    const bdcs = await db.from('bdcs').where('devis_id', devis.id)
    assert.lengthOf(bdcs, 1)
    assert.equal(bdcs[0].lieu_signature, 'distance')
    assert.lengthOf(await db.from('commandes').where('bdc_id', bdcs[0].id), 1)
    assert.lengthOf(await db.from('demandes_paiement').where('bdc_id', bdcs[0].id), 1)
    const preuves = await db.from('signature_preuves').where('devis_id', devis.id)
    assert.lengthOf(preuves, 1)
    // The evidence names the one who won
    assert.equal(preuves[0].signataire, bdcs[0].signataire)
  }).timeout(60_000)
})
