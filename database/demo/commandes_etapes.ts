/*
 * Demo data of the commande timeline (issue 12 §1): every commande's automatic steps brought up
 * to its facts, a devis accepted today (its bdc stays « à signer »), then six bdcs signed today (acompte invoiced and paid), one per NEW_ROLES entry
 * of database/demo/commandes_story.ts (two at the customer's home). Here only the planning and
 * the withdrawal: the mesurage of the commande whose acompte is awaited planned in two days, the
 * approvisionnement of the late one planned in the past, the « retractee » one withdrawn within
 * the period (acompte credited and refunded). The other steps move with their documents (the
 * next modules). Runs after the factures and payments.
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DemoBase } from '#database/demo/index'
import { systemActor } from '#services/actor'
import { refreshAutoEtapes } from '#services/commandes/etapes_auto'
import { syncCommande } from '#services/commandes/etapes'
import { retracterCommande } from '#services/commandes/commande_annulation'
import type { Etape } from '#shared/commande_etapes'
import { randomUUID } from 'node:crypto'
import Bdc from '#models/bdc'
import Facture from '#models/facture'
import { signBdc } from '#services/commandes/sign_bdc'
import { createAcompteFacture, issueFacture } from '#services/factures/facture_service'
import { recordPaiement } from '#services/paiements/paiement_service'
import { storeDrawnSignature } from '#services/bdc/signature_storage'
import { demoSignaturePng } from '#database/demo/sales'
import { TIME_ZONE } from '#shared/app'
import { changeDevisStatut } from '#services/devis/devis_lifecycle'
import { demoCommandes, DOMICILE_ROLES, NEW_ROLES } from '#database/demo/commandes_story'

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
  // A devis accepted today: its bdc waits for the signature (the demo keeps one « à signer »)
  const envoye = await trx
    .from('devis')
    .where('statut', 'envoye')
    .orderBy('envoye_le', 'desc')
    .orderBy('id', 'desc')
    .first()
  if (envoye) {
    await changeDevisStatut(actor, {
      devisId: envoye.id,
      to: 'accepte',
      lockVersion: envoye.lock_version,
      userId: esiId,
    })
  }
  // Six older bdcs signed today, their acompte invoiced and paid, one per NEW_ROLES entry
  const pending = await trx
    .from('bdcs')
    .where('statut', 'a_signer')
    .where('acompte', '>', 0)
    .orderBy('id')
    .whereNot('devis_id', envoye?.id ?? 0)
    .limit(NEW_ROLES.length)
    .select('id')
  for (const [n, row] of pending.entries()) {
    // Signed at the customer's home: the withdrawal period runs (one withdraws)
    const domicile = DOMICILE_ROLES.includes(NEW_ROLES[n])
    const bdc = await Bdc.findOrFail(row.id, { client: trx })
    await signBdc(actor, {
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
  }
  const { role } = await demoCommandes(trx)
  // The mesurage planned in two days (its acompte still awaited)
  if (role.acompte_attendu) await plan(role.acompte_attendu, 'mesurage', 2, 2)
  // Late: the supplier orders should have been confirmed and delivered by now
  if (role.cf_en_retard) await plan(role.cf_en_retard, 'approvisionnement', -20, -5)
  for (const id of [role.acompte_attendu, role.cf_en_retard]) if (id) await syncCommande(trx, id)

  const withdrawn = role.retractee
  if (withdrawn) {
    const row = await trx.from('commandes').where('id', withdrawn).first()
    await retracterCommande(actor, {
      commandeId: withdrawn,
      lockVersion: row.lock_version,
      recueLe: today.toISODate()!,
    })
  }
}
