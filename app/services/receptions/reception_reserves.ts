// The reserves of a signed PV: lifted one by one (the last one ends the pose), a photo linked.
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Reception from '#models/reception'
import ReceptionReserve from '#models/reception_reserve'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { NotFoundException, TransitionException } from '#exceptions/http_exceptions'
import { historique, setEtapeStatut } from '#services/commandes/etapes'
import { RECEPTION_MESSAGES } from '#shared/receptions'
import { activeReception } from '#services/receptions/reception_queries'

export async function leverReserve(
  actor: Actor,
  input: { commandeId: number; reserveId: number; commentaire: string | null }
): Promise<{ restantes: number }> {
  return db.transaction(async (trx: TransactionClientContract) => {
    const reception = await Reception.query({ client: trx })
      .where('commandeId', input.commandeId)
      .whereNull('annuleeLe')
      .forUpdate()
      .first()
    if (!reception) throw new NotFoundException()
    const reserve = await ReceptionReserve.query({ client: trx })
      .where({ id: input.reserveId, receptionId: reception.id })
      .forUpdate()
      .first()
    if (!reserve) throw new NotFoundException()
    if (reserve.leveeLe) throw new TransitionException(RECEPTION_MESSAGES.dejaLevee)
    reserve.merge({
      leveeLe: DateTime.now(),
      leveePar: actor.user?.id ?? null,
      commentaire: input.commentaire,
    })
    reserve.useTransaction(trx)
    await reserve.save()
    reception.lockVersion += 1
    reception.useTransaction(trx)
    await reception.save()

    const open = await trx
      .from('reception_reserves')
      .where('reception_id', reception.id)
      .whereNull('levee_le')
      .count('* as n')
      .first()
    const restantes = Number(open?.n ?? 0)
    const detail = `Réserve n° ${reserve.position} levée${input.commentaire ? ` : ${input.commentaire}` : ''}`
    await historique(trx, {
      commandeId: input.commandeId,
      etape: 'pose',
      userId: actor.user?.id ?? null,
      action: 'reserve',
      detail: detail.slice(0, 1000),
    })
    await audit(
      actor,
      {
        action: 'reception.reserve.lever',
        subjectType: 'commande',
        subjectId: input.commandeId,
        after: { reserve: reserve.id, restantes },
      },
      trx
    )
    if (restantes === 0) {
      await setEtapeStatut(
        trx,
        actor,
        input.commandeId,
        'pose',
        'faite',
        'Toutes les réserves de la réception sont levées'
      )
    }
    return { restantes }
  })
}

/**
 * Links a photo of the commande (sent by the commande file service) to a reserve of its active
 * PV — the defect, or its repair; a later photo replaces the link. Allowed on a signed PV: the
 * photo is evidence, not part of the signed text.
 */
export async function attachReservePhoto(
  actor: Actor,
  input: { commandeId: number; reserveId: number; fichierId: number }
): Promise<void> {
  await db.transaction(async (trx) => {
    const reception = await activeReception(trx, input.commandeId)
    const reserve = reception?.reserves.find((r) => r.id === input.reserveId)
    if (!reception || !reserve) throw new NotFoundException()
    const photo = await trx
      .from('commande_fichiers')
      .where({ id: input.fichierId, commande_id: input.commandeId, kind: 'photo' })
      .first()
    if (!photo) throw new TransitionException(RECEPTION_MESSAGES.photoInconnue)
    await trx
      .from('reception_reserves')
      .where('id', reserve.id)
      .update({ photo_fichier_id: input.fichierId })
    await historique(trx, {
      commandeId: input.commandeId,
      etape: 'pose',
      userId: actor.user?.id ?? null,
      action: 'reserve',
      detail: `Photo jointe à la réserve n° ${reserve.position}`,
    })
  })
}
