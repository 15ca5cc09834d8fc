// Avenant statut changes: présenter / reprendre, annuler, accepter les écarts sans avenant.
/*
 * Avenants (issue 12 §2, decisions 390–399): after a validated measurement sheet flagged
 * differences, staff prepares a priced amendment of the bdc (prefilled from the lines in force,
 * the flagged rows beside), presents it, and the customer signs it on the device. On signature:
 * the mesurage step is done (the contract of shared/commande_etapes.ts), the commande's total is
 * the avenant's, a demande de paiement asks the acompte difference when it is positive, and the
 * signed PDF is attached to the commande. « Accepter les écarts sans avenant » (motif, audited)
 * closes the step without one. Every write runs under the avenant's (or the bdc's) row lock.
 * Reads: avenant_queries.ts; draft: avenant_brouillon.ts; signature: avenant_signature.ts.
 */
import db from '@adonisjs/lucid/services/db'
import type { Actor } from '#services/actor'
import Avenant from '#models/avenant'
import { audit } from '#services/audit'
import { historique, setEtapeStatut } from '#services/commandes/etapes'
import { enforce } from '#services/documents/state'
import {
  AVENANT_MESSAGES,
  AVENANT_OPEN,
  avenantMachine,
  type AvenantStatut,
} from '#shared/avenants'
import { ecartsOf } from '#services/avenants/avenant_queries'
import {
  lockAvenant,
  lockCommande,
  prepareRefusal,
  refuse,
} from '#services/avenants/avenant_guards'

/** brouillon → à signer (« Faire signer ») or back (« Modifier encore »). */
export async function changeAvenantStatut(
  actor: Actor,
  input: {
    commandeId: number
    avenantId: number
    lockVersion: number
    transition: 'presenter' | 'reprendre'
    userId: number | null
  }
): Promise<Avenant> {
  return db.transaction(async (trx) => {
    await lockCommande(trx, input.commandeId)
    const avenant = await lockAvenant(trx, input.commandeId, input.avenantId, input.lockVersion)
    enforce(avenantMachine, input.transition, { statut: avenant.statut, numero: avenant.numero })
    const before = avenant.statut
    avenant.statut = input.transition === 'presenter' ? 'a_signer' : 'brouillon'
    avenant.lockVersion += 1
    avenant.useTransaction(trx)
    await avenant.save()
    await historique(trx, {
      commandeId: input.commandeId,
      etape: 'mesurage',
      userId: input.userId,
      action: 'avenant',
      de: before,
      vers: avenant.statut,
      detail: `Avenant ${avenant.numero}`,
    })
    await audit(
      actor,
      {
        action: `avenant.${input.transition}`,
        userId: input.userId,
        subjectType: 'commande',
        subjectId: input.commandeId,
        before: { avenant: avenant.numero, statut: before },
        after: { statut: avenant.statut },
      },
      trx
    )
    return avenant
  })
}

/** Cancels an open avenant (motif required, audited); the step stays as it is. */
export async function annulerAvenant(
  actor: Actor,
  input: {
    commandeId: number
    avenantId: number
    lockVersion: number
    motif: string
    userId: number | null
  }
): Promise<Avenant> {
  return db.transaction(async (trx) => {
    await lockCommande(trx, input.commandeId)
    const avenant = await lockAvenant(trx, input.commandeId, input.avenantId, input.lockVersion)
    enforce(avenantMachine, 'annuler', {
      statut: avenant.statut,
      numero: avenant.numero,
      motif: input.motif,
    })
    const before = avenant.statut
    avenant.merge({
      statut: 'annule',
      motifAnnulation: input.motif,
      lockVersion: avenant.lockVersion + 1,
    })
    avenant.useTransaction(trx)
    await avenant.save()
    await historique(trx, {
      commandeId: input.commandeId,
      etape: 'mesurage',
      userId: input.userId,
      action: 'avenant',
      de: before,
      vers: 'annule',
      detail: `Avenant ${avenant.numero} annulé : ${input.motif}`,
    })
    await audit(
      actor,
      {
        action: 'avenant.annule',
        userId: input.userId,
        subjectType: 'commande',
        subjectId: input.commandeId,
        before: { avenant: avenant.numero, statut: before },
        after: { statut: 'annule', motif: input.motif },
      },
      trx
    )
    return avenant
  })
}

/**
 * « Accepter les écarts sans avenant »: the mesurage step done with the motif (history +
 * audit); an open avenant is cancelled with the same motif. Refused without écart to accept.
 */
export async function accepterEcarts(
  actor: Actor,
  input: { commandeId: number; motif: string; userId: number | null }
): Promise<void> {
  const motif = input.motif.trim()
  if (!motif) refuse(AVENANT_MESSAGES.motifEcarts)
  await db.transaction(async (trx) => {
    const commande = await lockCommande(trx, input.commandeId)
    const etape = await trx
      .from('commande_etapes')
      .where({ commande_id: commande.id, etape: 'mesurage' })
      .first()
    const refusal = prepareRefusal(await ecartsOf(commande.id, trx), etape?.statut)
    if (refusal) refuse(refusal.replace('pas d’avenant à préparer', 'rien à accepter'))
    const open = await Avenant.query({ client: trx })
      .where('commande_id', commande.id)
      .whereIn('statut', [...AVENANT_OPEN])
      .forUpdate()
      .first()
    if (open) {
      open.merge({
        statut: 'annule' as AvenantStatut,
        motifAnnulation: `Écarts acceptés sans avenant : ${motif}`,
        lockVersion: open.lockVersion + 1,
      })
      open.useTransaction(trx)
      await open.save()
    }
    await historique(trx, {
      commandeId: commande.id,
      etape: 'mesurage',
      userId: input.userId,
      action: 'ecarts_acceptes',
      detail: `Écarts acceptés sans avenant : ${motif}`,
    })
    await setEtapeStatut(
      trx,
      actor,
      commande.id,
      'mesurage',
      'faite',
      `Écarts acceptés sans avenant : ${motif}`
    )
    await audit(
      actor,
      {
        action: 'commande.ecarts_acceptes',
        userId: input.userId,
        subjectType: 'commande',
        subjectId: commande.id,
        after: { motif, avenant_annule: open?.numero ?? null },
      },
      trx
    )
  })
}
