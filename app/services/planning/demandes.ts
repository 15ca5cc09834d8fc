/*
 * Issue 13 §3: the requests waiting to be planned that are not a commande step — a SAV
 * intervention (tec) or a commercial visit asked for (com). They wait « ouverte » in the
 * calendar's list and on the map until a visit plans them (planification_service); here they
 * are created and cancelled. Every change leaves an audit row.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { NotFoundException, TransitionException } from '#exceptions/http_exceptions'
import type { PlanningType } from '#shared/planning'

/** How long a request's visit lasts by default, and its bounds (the table's CHECK). */
export const DEMANDE_DUREE = { min: 15, max: 1440, defaut: 60 } as const

export type DemandeInput = {
  type: PlanningType
  clientId: number | null
  titre: string
  notes?: string | null
  dureeMinutes?: number | null
  commandeId?: number | null
  devisId?: number | null
}

class DemandeRefused extends TransitionException {}

function refuse(message: string): never {
  throw new DemandeRefused(message)
}

/** Creates an open request (SAV for the technical planning, a visit for the commercial one). */
export async function createDemande(
  actor: Actor,
  input: DemandeInput,
  client?: TransactionClientContract
): Promise<number> {
  const titre = input.titre.trim().slice(0, 200)
  if (!titre) refuse('Indiquez l’objet de la demande.')
  const duree = input.dureeMinutes ?? DEMANDE_DUREE.defaut
  if (!Number.isInteger(duree) || duree < DEMANDE_DUREE.min || duree > DEMANDE_DUREE.max) {
    refuse(`La durée va de ${DEMANDE_DUREE.min} minutes à 24 heures.`)
  }
  const work = async (trx: TransactionClientContract) => {
    if (input.clientId) {
      const c = await trx.from('clients').where('id_client', input.clientId).select('id_client')
      if (!c.length) refuse('Ce client n’existe pas.')
    } else if (input.type === 'tec') {
      refuse('Une demande SAV se fait pour un client.')
    }
    if (input.commandeId) {
      const k = await trx
        .from('commandes')
        .where('id', input.commandeId)
        .select('client_id')
        .first()
      if (!k) refuse('Cette commande n’existe pas.')
      if (input.clientId && Number(k.client_id) !== input.clientId) {
        refuse('Cette commande est d’un autre client.')
      }
    }
    const now = new Date()
    const [row] = await trx
      .table('planning_demandes')
      .insert({
        type: input.type,
        nature: input.type === 'com' ? 'rdv' : 'sav',
        statut: 'ouverte',
        client_id: input.clientId,
        commande_id: input.commandeId ?? null,
        devis_id: input.devisId ?? null,
        titre,
        notes: input.notes?.trim().slice(0, 5000) || null,
        duree_minutes: duree,
        created_by: actor.user?.id ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
    const id = Number(row.id ?? row)
    await audit(
      actor,
      {
        action: 'planning_demande.creee',
        subjectType: 'planning_demande',
        subjectId: id,
        after: { type: input.type, titre, clientId: input.clientId, dureeMinutes: duree },
      },
      trx
    )
    return id
  }
  return client ? work(client) : db.transaction(work)
}

/** Cancels an open request (a planned one is cancelled by cancelling its visit). */
export async function annulerDemande(actor: Actor, id: number, type?: PlanningType) {
  await db.transaction(async (trx) => {
    const row = await trx.from('planning_demandes').where('id', id).forUpdate().first()
    if (!row || (type && row.type !== type)) throw new NotFoundException()
    if (row.statut !== 'ouverte') {
      refuse(
        row.statut === 'planifiee'
          ? 'Cette demande est planifiée : annulez sa visite au planning.'
          : 'Cette demande est déjà annulée.'
      )
    }
    await trx
      .from('planning_demandes')
      .where('id', id)
      .update({ statut: 'annulee', updated_at: new Date() })
    await audit(
      actor,
      {
        action: 'planning_demande.annulee',
        subjectType: 'planning_demande',
        subjectId: id,
        before: { statut: 'ouverte' },
        after: { statut: 'annulee' },
      },
      trx
    )
  })
}
