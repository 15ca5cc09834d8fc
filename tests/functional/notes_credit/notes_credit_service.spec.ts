/*
 * Notes de crédit (issue 11 §2) through the services: total, chosen lines and amount per rate,
 * never more than what stays creditable (per line and in total), the facture cancelled by a
 * total note, the surplus over a paid facture kept as the client's credit, and the database
 * freeze of an issued note and its lines.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Facture from '#models/facture'
import NoteCreditLigne from '#models/note_credit_ligne'
import FactureLigne from '#models/facture_ligne'
import { withTransaction } from '#tests/helpers'
import { issued, ncDraft, ncIssued, pay } from '#tests/functional/notes_credit/helpers'
import { FROZEN_SQLSTATE } from '#services/documents/immutable'
import { creditClient } from '#services/paiements/paiement_service'

async function rawFails(sql: string, bindings: unknown[] = []) {
  try {
    await db.transaction(async (trx) => {
      await trx.rawQuery(sql, bindings as any)
    })
    return null
  } catch (error) {
    return error as { code?: string; message: string }
  }
}

async function refused(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected a refusal')
}

test.group('Notes de crédit / service', (group) => {
  withTransaction(group)

  test('a total note on an unpaid facture cancels it: numbered NC, credited = total', async ({
    assert,
  }) => {
    const facture = await issued()
    const nc = await ncIssued(facture, { kind: 'total' })
    assert.match(nc.numero!, /^NC-\d{4}-\d{5}$/)
    assert.equal(nc.totalTtc, facture.totalTtc)
    assert.equal(nc.statut, 'emise')
    assert.isNotNull(nc.partiesSnapshot)
    const after = await Facture.findOrFail(facture.id)
    assert.equal(after.montantCredite, facture.totalTtc)
    assert.equal(after.statut, 'annulee')
    // Nothing left to credit
    assert.include(await refused(ncDraft(after, { kind: 'total' })), 'déjà annulée')
  })

  test('chosen lines: quantities never beyond what stays creditable, per line', async ({
    assert,
  }) => {
    const facture = await issued()
    const [porte, poignee] = await FactureLigne.query()
      .where('facture_id', facture.id)
      .orderBy('position')
    const first = await ncIssued(facture, {
      kind: 'lignes',
      lignes: [{ facture_ligne_id: Number(poignee.id), quantite: '1' }],
    })
    assert.equal(first.totalHt, 3250)
    assert.equal(first.totalTtc, 3933)
    const message = await refused(
      ncDraft(facture, {
        kind: 'lignes',
        lignes: [{ facture_ligne_id: Number(poignee.id), quantite: '1,5' }],
      })
    )
    assert.include(message, 'au plus 1 à créditer')
    // The total note takes what is left: the door and one handle
    const rest = await ncIssued(await Facture.findOrFail(facture.id), { kind: 'total' })
    const lignes = await NoteCreditLigne.query().where('note_credit_id', rest.id)
    assert.sameMembers(
      lignes.map((l) => `${l.factureLigneId}:${Number(l.quantite)}`),
      [`${porte.id}:1`, `${poignee.id}:1`]
    )
    const after = await Facture.findOrFail(facture.id)
    assert.equal(after.montantCredite, first.totalTtc + rest.totalTtc)
    assert.equal(after.montantCredite, after.totalTtc)
    assert.equal(after.statut, 'annulee')
  })

  test('over-credit by amount is refused, at draft and again at issue', async ({ assert }) => {
    const facture = await issued()
    // 15 000 HT at 21 % = 18 150 TTC
    assert.include(
      await refused(
        ncDraft(facture, { kind: 'montant', montants: [{ taux_tva: 21, montant_ht: 15001 }] })
      ),
      'ne peut plus être créditée que de'
    )
    assert.include(
      await refused(
        ncDraft(facture, { kind: 'montant', montants: [{ taux_tva: 6, montant_ht: 100 }] })
      ),
      'pas de taux de TVA de 6'
    )
    // Two drafts each within the cap: the second to be issued is refused
    const a = await ncDraft(facture, {
      kind: 'montant',
      montants: [{ taux_tva: 21, montant_ht: 10000 }],
    })
    const b = await ncDraft(facture, {
      kind: 'montant',
      montants: [{ taux_tva: 21, montant_ht: 10000 }],
    })
    await ncIssuedFrom(a)
    assert.include(await refused(ncIssuedFrom(b)), 'ne peut plus être créditée que de')
    const after = await Facture.findOrFail(facture.id)
    assert.equal(after.montantCredite, a.totalTtc)
    assert.equal(after.statut, 'partiellement_payee')
  })

  test('a note on a paid facture: the surplus leaves its allocation and becomes credit', async ({
    assert,
  }) => {
    const facture = await issued()
    await pay(facture.clientId, facture.totalTtc, [
      { factureId: facture.id, montant: facture.totalTtc },
    ])
    const paid = await Facture.findOrFail(facture.id)
    assert.equal(paid.statut, 'payee')
    const nc = await ncIssued(await Facture.findOrFail(facture.id), {
      kind: 'montant',
      montants: [{ taux_tva: 21, montant_ht: 1000 }],
    })
    const after = await Facture.findOrFail(facture.id)
    assert.equal(after.montantCredite, nc.totalTtc)
    assert.equal(after.montantPaye, facture.totalTtc - nc.totalTtc)
    assert.equal(after.statut, 'payee')
    assert.equal(await creditClient(facture.clientId), nc.totalTtc)
  })

  test('the database refuses changing, deleting an issued note and writing its lines', async ({
    assert,
  }) => {
    const facture = await issued()
    const nc = await ncIssued(facture, { kind: 'total' })
    for (const sql of [
      `UPDATE notes_credit SET total_ttc = 1 WHERE id = ${nc.id}`,
      `UPDATE notes_credit SET motif = 'autre' WHERE id = ${nc.id}`,
      `DELETE FROM notes_credit WHERE id = ${nc.id}`,
      `UPDATE note_credit_lignes SET quantite = 9 WHERE note_credit_id = ${nc.id}`,
      `DELETE FROM note_credit_lignes WHERE note_credit_id = ${nc.id}`,
      `INSERT INTO note_credit_lignes (note_credit_id, position, type, designation)
         VALUES (${nc.id}, 99, 'texte', 'x')`,
    ]) {
      const error = await rawFails(sql)
      assert.equal(error?.code, FROZEN_SQLSTATE, sql)
      assert.include(error!.message, `La note de crédit ${nc.numero}`)
    }
    // A draft still changes and goes
    const other = await issued()
    const draft = await ncDraft(other, { kind: 'total' })
    assert.isNull(await rawFails(`UPDATE notes_credit SET motif = 'x' WHERE id = ${draft.id}`))
  })
})

async function ncIssuedFrom(draft: { id: number; lockVersion: number }) {
  const { issueNoteCredit } = await import('#services/notes_credit/note_credit_service')
  const { systemActor } = await import('#services/actor')
  return issueNoteCredit(systemActor(), {
    noteCreditId: draft.id,
    lockVersion: draft.lockVersion,
    userId: null,
  })
}
