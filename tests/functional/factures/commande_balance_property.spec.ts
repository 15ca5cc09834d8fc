/*
 * The balance invariant per commande and per client (issue 11): over random sequences of
 * « issue a facture of a kind » (acompte, intermédiaire, solde, and a free facture of the same
 * client outside the commande), « note de crédit partial or total », « payment with
 * allocations » and « refund », on the real database, afterwards
 *   per commande: factures − NC − allocated payments = its reste dû (commandeBalance, the
 *     commande page's figures, each checked against the raw rows);
 *   per client: the same identity over all his factures, and the créances page's solde is that
 *     reste less his unallocated payments.
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import db from '@adonisjs/lucid/services/db'
import { systemActor } from '#services/actor'
import Bdc from '#models/bdc'
import Facture from '#models/facture'
import { withTransaction } from '#tests/helpers'
import { acompteDraft, issued } from '#tests/functional/factures/helpers'
import { produit } from '#tests/functional/document_helpers'
import { ncIssued, pay } from '#tests/functional/notes_credit/helpers'
import { createFactureLibre } from '#services/factures/facture_service'
import { createIntermediaire, createSolde } from '#services/factures/commande_factures'
import { commandeBalance } from '#services/factures/commande_balance'
import { creanceQuery, parseCreanceListParams } from '#services/creances/creance_list'
import { AppException } from '#exceptions/http_exceptions'
import { factureReste } from '#shared/factures'
import { todayIso } from '#shared/dates'

const op = fc.oneof(
  fc.record({ kind: fc.constant('acompte' as const) }),
  fc.record({
    kind: fc.constant('intermediaire' as const),
    pct: fc.integer({ min: 1, max: 60 }).map(String),
  }),
  fc.record({ kind: fc.constant('solde' as const) }),
  fc.record({ kind: fc.constant('libre' as const), prix: fc.integer({ min: 100, max: 90000 }) }),
  fc.record({
    kind: fc.constant('nc' as const),
    pick: fc.nat(),
    total: fc.boolean(),
    taux: fc.constantFrom(21, 6),
    ht: fc.integer({ min: 1, max: 80000 }),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    montant: fc.integer({ min: 1, max: 400000 }),
    pick: fc.nat(),
    share: fc.integer({ min: 0, max: 100 }),
  }),
  fc.record({ kind: fc.constant('refund' as const), montant: fc.integer({ min: 1, max: 60000 }) })
)

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0)
const reste = (f: Facture) =>
  factureReste({
    total_ttc: f.totalTtc,
    montant_paye: f.montantPaye,
    montant_credite: f.montantCredite,
  })

/** The raw sums over a set of issued factures: TTC, NC issued on them, allocations to them. */
async function rawSums(factures: Facture[]) {
  const ids = factures.map((f) => f.id)
  const ncs = ids.length
    ? await db.from('notes_credit').whereIn('facture_id', ids).whereNotNull('numero')
    : []
  const allocations = ids.length
    ? await db.from('paiement_allocations').whereIn('facture_id', ids)
    : []
  return {
    facture: sum(factures.map((f) => f.totalTtc)),
    credite: sum(ncs.map((n) => Number(n.total_ttc))),
    paye: sum(allocations.map((a) => Number(a.montant))),
    reste: sum(factures.map(reste)),
  }
}

async function check(bdc: Bdc, assert: any) {
  // Per commande
  const ofCommande = await Facture.query().where('bdc_id', bdc.id).whereNotNull('numero')
  const raw = await rawSums(ofCommande)
  assert.equal(raw.facture - raw.credite - raw.paye, raw.reste)
  const balance = await commandeBalance(bdc.id)
  assert.deepEqual(balance, {
    commande_ttc: bdc.totalTtc,
    facture: raw.facture,
    credite: raw.credite,
    paye: raw.paye,
    reste_du: raw.reste,
  })
  // Never invoiced beyond the commande (cancelled factures are not counted by the solde)
  const live = ofCommande.filter((f) => f.statut !== 'annulee')
  assert.isAtMost(sum(live.map((f) => f.totalTtc)), bdc.totalTtc)

  // Per client
  const ofClient = await Facture.query().where('client_id', bdc.clientId).whereNotNull('numero')
  const client = await rawSums(ofClient)
  assert.equal(client.facture - client.credite - client.paye, client.reste)
  const payments = await db.from('paiements').where('client_id', bdc.clientId).sum('montant as s')
  const credit = Number(payments[0]?.s ?? 0) - client.paye
  assert.isAtLeast(credit, 0)
  const row = await creanceQuery(parseCreanceListParams({}), todayIso())
    .where('cr.id_client', bdc.clientId)
    .select('cr.du', 'cr.credit', 'cr.solde')
    .first()
  if (client.reste === 0 && credit === 0) assert.isNull(row)
  else {
    assert.equal(Number(row.du), client.reste)
    assert.equal(Number(row.credit), credit)
    assert.equal(Number(row.solde), client.reste - credit)
  }
}

test.group('Factures / balance per commande and per client', (group) => {
  withTransaction(group)

  test('factures − NC − allocations = reste dû after any sequence', async ({ assert }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const { bdc, commande, facture: acompte } = await acompteDraft()
        const version = async () => {
          const fresh = await Bdc.findOrFail(bdc.id)
          return fresh.lockVersion
        }
        for (const o of ops) {
          const open = await Facture.query()
            .where('client_id', bdc.clientId)
            .whereNotNull('numero')
            .whereNot('statut', 'annulee')
            .orderBy('id')
          const pick = (n: number) => (open.length ? open[n % open.length] : null)
          try {
            if (o.kind === 'acompte') {
              const fresh = await Facture.findOrFail(acompte.id)
              if (!fresh.numero) await issued(fresh)
            } else if (o.kind === 'intermediaire') {
              const draft = await createIntermediaire(systemActor(), {
                commandeId: commande.id,
                lockVersion: await version(),
                userId: null,
                pct: o.pct,
              })
              await issued(await Facture.findOrFail(draft.id))
            } else if (o.kind === 'solde') {
              const draft = await createSolde(systemActor(), {
                commandeId: commande.id,
                lockVersion: await version(),
                userId: null,
              })
              await issued(await Facture.findOrFail(draft.id))
            } else if (o.kind === 'libre') {
              const draft = await createFactureLibre(systemActor(), {
                clientId: bdc.clientId,
                objet: 'Hors commande',
                lignes: [produit('Dépannage', o.prix, 21, '1')],
                userId: null,
              })
              await issued(await Facture.findOrFail(draft.id))
            } else if (o.kind === 'nc') {
              const f = pick(o.pick)
              if (f) {
                await ncIssued(
                  f,
                  o.total
                    ? { kind: 'total' }
                    : { kind: 'montant', montants: [{ taux_tva: o.taux, montant_ht: o.ht }] }
                )
              }
            } else if (o.kind === 'pay') {
              const f = pick(o.pick)
              const part = f ? Math.min(reste(f), Math.floor((o.montant * o.share) / 100)) : 0
              await pay(
                bdc.clientId,
                o.montant,
                f && part > 0 ? [{ factureId: f.id, montant: part }] : []
              )
            } else {
              await pay(bdc.clientId, -o.montant)
            }
          } catch (error) {
            // A refusal is a valid outcome; anything else (a database error) is not
            if (!(error instanceof AppException)) throw error
          }
        }
        await check(await Bdc.findOrFail(bdc.id), assert)
      }),
      {
        numRuns: 12,
        // Always replayed: the full cycle, acompte paid then credited, intermédiaire, solde
        examples: [
          [
            [
              { kind: 'acompte' },
              { kind: 'pay', montant: 400000, pick: 0, share: 100 },
              { kind: 'nc', pick: 0, total: false, taux: 21, ht: 5000 },
              { kind: 'intermediaire', pct: '40' },
              { kind: 'solde' },
              { kind: 'nc', pick: 2, total: true, taux: 6, ht: 1 },
              { kind: 'refund', montant: 1000 },
            ] as any,
          ],
        ],
      }
    )
  }).timeout(120_000)
})
