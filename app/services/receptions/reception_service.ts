// The pose started and its PV de réception signed (PDF attached, step, chef de projet told).
/*
 * Issue 12 §5: the pose and its procès-verbal de réception (decisions 370–377).
 *
 * - « Commencer la pose »: the pose step's gate (shared/commande_etapes.ts: every supplier line
 *   received) checked on the server, then the step goes en_cours.
 * - Signing the PV (on the technician's device): same gate; one active PV per commande; the
 *   signature is stored, the PDF made and attached to the commande (commande_fichiers document of
 *   the pose step); the step goes « faite » when there is no reserve, else stays « en_cours »
 *   with the reason in its history; the chef de projet is notified after the commit.
 * - A signed PV is never edited: only its reserves are lifted, one by one (date, by whom,
 *   comment); lifting the last one puts the step to « faite ».
 * Reads: reception_queries.ts; reserves: reception_reserves.ts.
 */
import { refuseSiTerminee } from '#services/commandes/commande_terminee'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import Commande from '#models/commande'
import Reception from '#models/reception'
import ReceptionReserve from '#models/reception_reserve'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { notify } from '#services/events'
import { NotFoundException, TransitionException } from '#exceptions/http_exceptions'
import { assertEtapeGate } from '#services/commandes/etape_gates'
import { historique, lockEtape, setEtapeStatut } from '#services/commandes/etapes'
import { todayIso } from '#shared/dates'
import { RECEPTION_MESSAGES } from '#shared/receptions'
import { receptionPdf } from '#services/pdf/reception_pdf'
import { storeCommandeDocument } from '#services/commandes/commande_fichiers'
import { activeReception, poseLignes } from '#services/receptions/reception_queries'

/** Starts the pose: 422 with the gate's reason while goods are missing. No-op when started. */
export async function commencerPose(
  actor: Actor,
  commandeId: number
): Promise<'started' | 'already'> {
  return db.transaction(async (trx) => {
    const etape = await lockEtape(trx, commandeId, 'pose')
    const head = await trx.from('commandes').where('id', commandeId).select('statut').first()
    refuseSiTerminee(head?.statut)
    if (etape.statut === 'faite') throw new TransitionException(RECEPTION_MESSAGES.poseFaite)
    if (etape.statut === 'en_cours') return 'already'
    await assertEtapeGate(trx, commandeId, 'pose')
    await setEtapeStatut(trx, actor, commandeId, 'pose', 'en_cours', 'Pose commencée')
    return 'started'
  })
}

export type SignerReceptionInput = {
  commandeId: number
  signataire: string
  lieu: string | null
  observations: string | null
  reserves: string[]
  /** Stored name of the drawn signature (FILE_KINDS.signature), stored by the caller. */
  signaturePath: string
  signature: Buffer
}

export async function signerReception(
  actor: Actor,
  input: SignerReceptionInput
): Promise<Reception> {
  const commande = await Commande.find(input.commandeId)
  if (!commande) throw new NotFoundException()
  let created: Reception | null = null
  await db.transaction(async (trx) => {
    // The step row is the lock: two devices signing at once wait for each other
    await lockEtape(trx, commande.id, 'pose')
    refuseSiTerminee(commande.statut)
    await assertEtapeGate(trx, commande.id, 'pose')
    if (await activeReception(trx, commande.id))
      throw new TransitionException(RECEPTION_MESSAGES.dejaSignee)
    const now = DateTime.now()
    const dateReception = todayIso()
    const reception = await Reception.create(
      {
        commandeId: commande.id,
        dateReception: DateTime.fromISO(dateReception),
        signataire: input.signataire,
        lieu: input.lieu,
        signaturePath: input.signaturePath,
        technicienId: actor.user?.id ?? null,
        observations: input.observations,
        avecReserves: input.reserves.length > 0,
        signeeLe: now,
        lockVersion: 1,
      },
      { client: trx }
    )
    for (const [i, description] of input.reserves.entries()) {
      await ReceptionReserve.create(
        { receptionId: reception.id, position: i + 1, description },
        { client: trx }
      )
    }

    const lignes = await poseLignes(trx, commande.id)
    const bytes = await receptionPdf({
      bdcId: commande.bdcId,
      commandeNumero: commande.numero,
      dateReception,
      lieu: input.lieu,
      signataire: input.signataire,
      technicien: actor.user?.name ?? null,
      observations: input.observations,
      signeeLe: now.toJSDate(),
      lignes,
      reserves: input.reserves.map((description) => ({ description })),
      signature: input.signature,
    })
    const fichier = await storeCommandeDocument(trx, {
      commandeId: commande.id,
      etape: 'pose',
      bytes,
      nomOriginal: `PV-reception-${commande.numero}.pdf`,
      auteurId: actor.user?.id ?? null,
    })
    reception.fichierId = fichier.id
    reception.useTransaction(trx)
    await reception.save()

    const n = input.reserves.length
    const detail = n
      ? `PV de réception signé par ${input.signataire} avec ${n} réserve${n > 1 ? 's' : ''} à lever`
      : `PV de réception signé sans réserve par ${input.signataire}`
    await historique(trx, {
      commandeId: commande.id,
      etape: 'pose',
      userId: actor.user?.id ?? null,
      action: 'reception',
      detail,
    })
    await setEtapeStatut(trx, actor, commande.id, 'pose', n ? 'en_cours' : 'faite', detail)
    await audit(
      actor,
      {
        action: 'reception.signer',
        subjectType: 'commande',
        subjectId: commande.id,
        after: { reception: reception.id, signataire: input.signataire, reserves: n },
      },
      trx
    )
    await notify(trx, {
      userIds: [commande.chefProjetId],
      exceptUserId: actor.user?.id ?? null,
      type: 'reception.signee',
      titre: `Commande ${commande.numero} : ${detail}`,
      lien: urlFor('esi.commandes.reception', { id: commande.id }),
      icon: n ? 'bi-exclamation-triangle' : 'bi-check2-circle',
    })
    created = reception
  })
  return created!
}
