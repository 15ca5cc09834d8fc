/*
 * Demo data of the commande timeline (issue 12 §1): every commande's automatic steps brought up
 * to its facts, then five bdcs signed today (acompte invoiced and paid) placed at various steps —
 * mesurage planned, supplier orders running (late), goods received and the pose planned (one
 * late) — and one whose customer withdrew within the period (acompte credited and refunded);
 * an older commande's mesurage blocked. Runs after the factures and payments.
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DemoBase } from '#database/demo/index'
import { systemActor } from '#services/actor'
import { refreshAutoEtapes, setEtapeStatut, syncCommande } from '#services/commandes/etapes'
import { retracterCommande } from '#services/commandes/commande_annulation'
import type { Etape, EtapeStatut } from '#shared/commande_etapes'
import { randomUUID } from 'node:crypto'
import Bdc from '#models/bdc'
import Facture from '#models/facture'
import { signBdc } from '#services/commandes/sign_bdc'
import { createAcompteFacture, issueFacture } from '#services/factures/facture_service'
import { recordPaiement } from '#services/paiements/paiement_service'
import { storeDrawnSignature } from '#services/bdc/signature_storage'
import { demoSignaturePng } from '#database/demo/sales'
import { TIME_ZONE } from '#shared/app'

export async function seedDemoCommandesEtapes(trx: TransactionClientContract, base: DemoBase) {
  const actor = systemActor(base.users.esi)
  const esiId = base.users.esi.id
  const today = DateTime.now().setZone(TIME_ZONE).startOf('day')
  const commandes = await trx
    .from('commandes')
    .whereNot('statut', 'annulee')
    .orderBy('id')
    .select('id', 'bdc_id')
  for (const c of commandes) await refreshAutoEtapes(trx, c.id)

  const plan = async (commandeId: number, etape: Etape, debut: number, fin: number) => {
    await trx
      .from('commande_etapes')
      .where({ commande_id: commandeId, etape })
      .update({
        responsable_id: esiId,
        prevue_debut: today.plus({ days: debut }).toJSDate(),
        prevue_fin: today.plus({ days: fin }).toJSDate(),
        statut: trx.raw(`CASE WHEN statut = 'a_faire' THEN 'planifiee' ELSE statut END`),
      })
  }
  const move = (commandeId: number, etape: Etape, statut: EtapeStatut) =>
    setEtapeStatut(trx, actor, commandeId, etape, statut, 'démo')

  // Five more bdcs signed today, their acompte invoiced and paid, each placed at a step
  const pending = await trx
    .from('bdcs')
    .where('statut', 'a_signer')
    .where('acompte', '>', 0)
    .orderBy('id')
    .limit(5)
    .select('id')
  const made: { commandeId: number; lockVersion: number }[] = []
  for (const [n, row] of pending.entries()) {
    // The last one is signed at the customer's home: its period runs, then he withdraws
    const domicile = n === 4
    const bdc = await Bdc.findOrFail(row.id, { client: trx })
    const { commande } = await signBdc(actor, {
      bdcId: bdc.id,
      lockVersion: bdc.lockVersion,
      signataire: bdc.clientNom,
      lieu: domicile ? 'domicile' : 'etablissement',
      signatureType: 'dessin',
      signaturePath: await storeDrawnSignature(demoSignaturePng(100 + n)),
      signatureMime: 'image/png',
      renonciation: false,
      userId: esiId,
    })
    const fresh = await Bdc.findOrFail(bdc.id, { client: trx })
    const draft = await createAcompteFacture(actor, {
      bdcId: bdc.id,
      lockVersion: fresh.lockVersion,
      userId: esiId,
    })
    const drafted = await Facture.findOrFail(draft.id, { client: trx })
    const facture = await issueFacture(actor, {
      factureId: draft.id,
      lockVersion: drafted.lockVersion,
      userId: esiId,
    })
    await recordPaiement(actor, {
      clientId: facture.clientId,
      date: today,
      montant: facture.totalTtc,
      mode: 'virement',
      reference: facture.communication,
      compte: null,
      idempotencyKey: randomUUID(),
      allocations: [{ factureId: facture.id, montant: facture.totalTtc }],
      userId: esiId,
    })
    made.push({ commandeId: commande.id, lockVersion: commande.lockVersion })
  }
  const [a, b, c, d, withdrawn] = made.map((m) => m.commandeId)
  if (a) await plan(a, 'mesurage', 2, 2)
  if (b) {
    await move(b, 'mesurage', 'faite')
    await move(b, 'approvisionnement', 'en_cours')
    await plan(b, 'approvisionnement', -20, -5) // late: the orders should be confirmed
  }
  for (const [id, debut, fin] of [
    [c, 5, 6],
    [d, -3, -2], // late: the pose was due
  ] as const) {
    if (!id) continue
    for (const step of ['mesurage', 'approvisionnement', 'fourniture'] as const) {
      await move(id, step, 'faite')
    }
    await plan(id, 'pose', debut, fin)
  }
  // An older commande waiting for its acompte: its mesurage blocked
  const waiting = await trx
    .from('commandes')
    .where('statut', 'en_attente')
    .whereNotIn(
      'id',
      made.map((m) => m.commandeId)
    )
    .orderBy('id')
    .first()
  if (waiting) {
    await setEtapeStatut(
      trx,
      actor,
      waiting.id,
      'mesurage',
      'bloquee',
      'Client injoignable, rappeler lundi'
    )
  }
  for (const id of [a, b, c, d, waiting?.id].filter(Boolean)) await syncCommande(trx, id!)

  if (withdrawn) {
    const row = await trx.from('commandes').where('id', withdrawn).first()
    await retracterCommande(actor, {
      commandeId: withdrawn,
      lockVersion: row.lock_version,
      recueLe: today.toISODate()!,
    })
  }
}
