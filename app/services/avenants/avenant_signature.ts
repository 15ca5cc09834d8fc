// The avenant signed on the device: commande total, mesurage step, acompte demande, the PDF.
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import type Avenant from '#models/avenant'
import Bdc from '#models/bdc'
import type DemandePaiement from '#models/demande_paiement'
import { audit } from '#services/audit'
import { historique, setEtapeStatut } from '#services/commandes/etapes'
import { enforce } from '#services/documents/state'
import {
  beneficiaireSociete,
  insertDemandePaiement,
} from '#services/paiement/demande_paiement_service'
import { paiementBloquePour } from '#services/bdc/paiement_retractation'
import { avenantMachine } from '#shared/avenants'
import { lockAvenant, lockCommande } from '#services/avenants/avenant_guards'

export type SignAvenantInput = {
  commandeId: number
  avenantId: number
  lockVersion: number
  signataire: string
  signaturePath: string
  signatureMime: string
  userId: number | null
}

export type SignAvenantResult = {
  avenant: Avenant
  demande: DemandePaiement | null
  /** Why no demande was made for a positive acompte difference (French), or null. */
  sansDemande: string | null
}

/**
 * The customer signs the avenant on the device. In one transaction: the avenant signed, the
 * commande's total TTC the avenant's, the mesurage step done (history + audit), and for a
 * positive acompte difference a demande de paiement (decision 394). The PDF is attached after.
 */
export async function signAvenant(
  actor: Actor,
  input: SignAvenantInput
): Promise<SignAvenantResult> {
  const result = await db.transaction(async (trx) => {
    const commande = await lockCommande(trx, input.commandeId)
    const avenant = await lockAvenant(trx, input.commandeId, input.avenantId, input.lockVersion)
    enforce(avenantMachine, 'signer', { statut: avenant.statut, numero: avenant.numero })
    const now = DateTime.now()
    avenant.merge({
      statut: 'signe',
      signeLe: now,
      signataire: input.signataire,
      signatureType: 'dessin',
      signaturePath: input.signaturePath,
      signatureMime: input.signatureMime,
      signePar: input.userId,
      lockVersion: avenant.lockVersion + 1,
    })
    avenant.useTransaction(trx)
    await avenant.save()

    const ancienTotal = commande.totalTtc
    commande.totalTtc = avenant.totalTtc
    commande.useTransaction(trx)
    await commande.save()

    await historique(trx, {
      commandeId: commande.id,
      etape: 'mesurage',
      userId: input.userId,
      action: 'avenant',
      de: 'a_signer',
      vers: 'signe',
      detail: `Avenant ${avenant.numero} signé par ${input.signataire}`,
    })
    await setEtapeStatut(
      trx,
      actor,
      commande.id,
      'mesurage',
      'faite',
      `Avenant ${avenant.numero} signé`
    )

    let demande: DemandePaiement | null = null
    let sansDemande: string | null = null
    if (avenant.acompteDifference > 0) {
      const made = await demandeForAvenant(trx, avenant, input.userId)
      demande = made.demande
      sansDemande = made.refus
      if (demande) {
        avenant.demandePaiementId = demande.id
        await avenant.save()
      }
    }
    await audit(
      actor,
      {
        action: 'avenant.signe',
        userId: input.userId,
        subjectType: 'commande',
        subjectId: commande.id,
        before: { avenant: avenant.numero, statut: 'a_signer', total_ttc: ancienTotal },
        after: {
          statut: 'signe',
          signataire: input.signataire,
          total_ttc: avenant.totalTtc,
          difference_ttc: avenant.differenceTtc,
          acompte_difference: avenant.acompteDifference,
          demande: demande?.numero ?? null,
        },
      },
      trx
    )
    return { avenant, demande, sansDemande }
  })
  try {
    await attachAvenantPdf(result.avenant, input.userId)
  } catch (error) {
    // The signature stands; the PDF stays available from the page (built on demand)
    logger.error({ err: error, avenant: result.avenant.id }, 'avenant PDF not attached')
  }
  return result
}

/**
 * The demande de paiement of a positive acompte difference, in the signature's transaction:
 * to the company's account, numbered DP-, its own structured communication. When the company
 * has no IBAN or the withdrawal rule forbids asking now, none is made and the reason is given
 * (the signature stands; staff asks it from the bdc page later).
 */
async function demandeForAvenant(
  trx: TransactionClientContract,
  avenant: Avenant,
  userId: number | null
): Promise<{ demande: DemandePaiement | null; refus: string | null }> {
  const bdc = await Bdc.query({ client: trx }).where('id', avenant.bdcId).firstOrFail()
  let societe
  try {
    societe = await beneficiaireSociete()
  } catch (error) {
    return { demande: null, refus: (error as Error).message }
  }
  const bloque = await paiementBloquePour(bdc, societe, trx)
  if (bloque) return { demande: null, refus: bloque }
  const demande = await insertDemandePaiement(trx, {
    bdc,
    societe,
    objet: `Acompte complémentaire de l’avenant ${avenant.numero} — ${bdc.objet}`,
    montant: avenant.acompteDifference,
    email: null,
    userId,
  })
  await audit(
    null,
    {
      action: 'demande_paiement.creee',
      userId,
      subjectType: 'demande_paiement',
      subjectId: demande.id,
      after: {
        numero: demande.numero,
        bdc: bdc.numero,
        avenant: avenant.numero,
        montant: demande.montant,
      },
    },
    trx
  )
  return { demande, refus: null }
}

/** Renders the signed avenant's PDF and keeps it as a document of the commande (mesurage). */
export async function attachAvenantPdf(avenant: Avenant, userId: number | null): Promise<void> {
  const { avenantPdf } = await import('#services/pdf/avenant_loader')
  const { storeAvenantDocument } = await import('#services/avenants/avenant_document')
  const pdf = await avenantPdf(avenant.id)
  const fichierId = await storeAvenantDocument({
    commandeId: avenant.commandeId,
    bytes: pdf.content,
    nomOriginal: pdf.filename,
    auteurId: userId,
  })
  await db.from('avenants').where('id', avenant.id).update({ fichier_id: fichierId })
  avenant.fichierId = fichierId
}
