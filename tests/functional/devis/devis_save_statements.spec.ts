/*
 * Issue 15 §1, the 50-line devis save (decision 671): its SQL statements counted at the pg driver
 * (never timed), and the rules the fewer statements keep — 404 before validation, the French
 * messages of a missing client, commercial or produit, the 409 of a stale version, the totals
 * computed on the server with the shared rules, the audit row.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import { makeUser, withTransaction } from '#tests/helpers'
import { staffVisitor, statementsOf } from '#tests/functional/performance/helpers'
import {
  api,
  devisBody,
  ligne,
  makeClient,
  makeDevis,
  makeProduit,
} from '#tests/functional/devis/editor_helpers'
import { totalsOf } from '#services/documents/lignes'
import { clientDisplayName } from '#shared/clients'
import type { LigneForm } from '#shared/devis'
import { devisUpdateValidator } from '#validators/devis'

/** Session, references, lock with the client, update, delete, insert, audit (no BEGIN/COMMIT). */
const MAX_SAVE_STATEMENTS = 7

async function fiftyLines(): Promise<LigneForm[]> {
  const lignes: LigneForm[] = []
  for (let s = 0; s < 5; s++) {
    lignes.push(
      ligne({ type: 'section', designation: `Lot ${s + 1}`, quantite: '', prix_unitaire_ht: '' })
    )
    for (let k = 0; k < 8; k++) {
      const p = await makeProduit()
      lignes.push(
        ligne({
          produit_id: p.id,
          designation: `Produit ${s}.${k}`,
          quantite: k % 3 === 0 ? '2,5' : String(1 + (k % 4)),
          prix_unitaire_ht: `${100 + k},${10 + s}`,
          remise_pct: k % 4 === 1 ? '5' : '0',
          taux_tva: k % 2 ? 21 : 6,
        })
      )
    }
    lignes.push(ligne({ type: 'sous_total', designation: '', quantite: '', prix_unitaire_ht: '' }))
  }
  return lignes
}

test.group('Devis save / statements and rules (issue 15 §1)', (group) => {
  withTransaction(group)

  test('a 50-line save sends at most 7 statements; totals and audit as before', async ({
    assert,
  }) => {
    const { user, visitor } = await staffVisitor()
    const devis = await makeDevis(user)
    const c = await makeClient()
    const lignes = await fiftyLines()
    const body = devisBody(c, {
      lock_version: devis.lockVersion,
      commercial_id: user.id,
      remise_globale_pct: '2,5',
      lignes,
    })
    const json = { accept: 'application/json' }
    let status = 0
    let answer: any = null
    const sent = await statementsOf(async () => {
      const response = await visitor.request('PUT', `/esi/devis/${devis.id}`, body, json)
      status = response.status
      answer = await response.json()
    })
    assert.equal(status, 200, JSON.stringify(answer))
    assert.isAtMost(sent.length, MAX_SAVE_STATEMENTS, sent.join('\n'))

    // The totals are the shared rules' on the server, the client's name follows
    const saved = await Devis.findOrFail(devis.id)
    const stored = await DevisLigne.query().where('devis_id', devis.id).orderBy('position')
    const expected = totalsOf(
      stored.map((l) => l.toData()),
      saved.remiseGlobalePct,
      saved.acomptePct
    )
    assert.equal(String(saved.remiseGlobalePct).replace(/\.?0+$/, ''), '2.5')
    assert.equal(saved.totalTtc, expected.total_ttc)
    assert.equal(answer.total_ttc, expected.total_ttc)
    assert.equal(saved.lockVersion, devis.lockVersion + 1)
    assert.equal(saved.clientId, c.idClient)
    assert.equal(saved.clientNom, clientDisplayName(c))
    assert.lengthOf(await DevisLigne.query().where('devis_id', devis.id), 50)
    const audit = await db
      .from('audit_logs')
      .where({ subject_type: 'devis', subject_id: String(devis.id), action: 'devis.updated' })
      .first()
    assert.equal(audit.after.lignes, 50)
    assert.equal(audit.after.total_ttc, expected.total_ttc)
  })

  test('references looked up beforehand: 404 first, the same French messages, 409', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const pro = await makeUser('pro')
    const devis = await makeDevis(user)
    const c = await makeClient()
    const path = `/esi/devis/${devis.id}`
    const fields = (response: any) =>
      Object.fromEntries(
        response.body().errors.map((e: { field: string; message: string }) => [e.field, e.message])
      )

    // An unknown devis is a 404 before the body is read
    const missing = await api(client.put('/esi/devis/2147483000'), user).json({})
    missing.assertStatus(404)

    // A client, a commercial and a produit that do not exist: every message at once
    const bad = await api(client.put(path), user).json(
      devisBody(c, {
        lock_version: devis.lockVersion,
        client_id: 999999999,
        commercial_id: pro.id,
        lignes: [ligne(), ligne({ produit_id: 987654 })],
      })
    )
    bad.assertStatus(422)
    assert.deepInclude(fields(bad), {
      client_id: 'Ce client n’existe pas (ou plus) : choisissez-en un autre.',
      commercial_id: 'Le commercial doit être un membre du personnel.',
    })
    // The lines' content is checked after VineJS's own rules passed: the produit on its line
    const gone = await api(client.put(path), user).json(
      devisBody(c, { lock_version: devis.lockVersion, lignes: [ligne({ produit_id: 987654 })] })
    )
    gone.assertStatus(422)
    assert.equal(fields(gone)['lignes.0.produit_id'], 'Ce produit n’existe plus dans le catalogue.')

    // Ids sent as text are read the same way (the lenient lookup and the validator agree)
    const produit = await makeProduit()
    const asText = await api(client.put(path), user).json(
      devisBody(c, {
        lock_version: String(devis.lockVersion),
        client_id: String(c.idClient),
        commercial_id: String(user.id),
        lignes: [ligne({ produit_id: String(produit.id) as any })],
      })
    )
    asText.assertStatus(200)
    const afterText = await Devis.findOrFail(devis.id)
    assert.equal(afterText.clientId, c.idClient)
    const line = await DevisLigne.query().where('devis_id', devis.id).firstOrFail()
    assert.equal(line.produitId, produit.id)

    // The version the user saw is still checked: 409, nothing written
    const stale = await api(client.put(path), user).json(
      devisBody(c, { lock_version: devis.lockVersion, objet: 'Trop tard' })
    )
    stale.assertStatus(409)
    const kept = await Devis.findOrFail(devis.id)
    assert.notEqual(kept.objet, 'Trop tard')
    assert.equal(kept.lockVersion, afterText.lockVersion)
  })

  test('a valid body is saved without VineJS; any other gets VineJS’s 422 (decision 801)', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const devis = await makeDevis(user)
    const c = await makeClient()
    const path = `/esi/devis/${devis.id}`
    // Counts VineJS's validations of the devis body (restored below)
    const validate = devisUpdateValidator.validate
    let vineRuns = 0
    devisUpdateValidator.validate = ((...args: Parameters<typeof validate>) => {
      vineRuns++
      return validate.apply(devisUpdateValidator, args)
    }) as typeof validate
    try {
      const ok = await api(client.put(path), user).json(
        devisBody(c, { lock_version: devis.lockVersion, remise_globale_pct: ' 2,5 ' })
      )
      ok.assertStatus(200)
      assert.equal(vineRuns, 0)
      const saved = await Devis.findOrFail(devis.id)
      assert.equal(saved.objet, 'Remplacement de 3 châssis')
      assert.equal(String(saved.remiseGlobalePct), '2.50')
      assert.equal(ok.body().lock_version, devis.lockVersion + 1)
      assert.equal(ok.body().total_ttc, saved.totalTtc)

      // A wrong cell: VineJS answers, with its message on the cell
      const bad = await api(client.put(path), user).json(
        devisBody(c, {
          lock_version: saved.lockVersion,
          lignes: [ligne({ quantite: '1,2345' })],
        })
      )
      bad.assertStatus(422)
      assert.equal(vineRuns, 1)
      assert.deepEqual(bad.body().errors, [
        {
          field: 'lignes.0.quantite',
          message: 'Quantité invalide : au plus 3 décimales (ex. 2,5).',
          rule: 'quantite',
        },
      ])
    } finally {
      devisUpdateValidator.validate = validate
    }
  })
})
