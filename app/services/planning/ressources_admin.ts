/*
 * Issue 13 — the planning's settings (writes; the read side is ressources.ts): who appears in
 * each planning (a staff member added or removed, his colour, order, team, active or not) and the
 * company's travel time between two visits of one person. Each change leaves an audit row. The
 * admin droit is checked by the policy; the rules live here.
 */
import db from '@adonisjs/lucid/services/db'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { companySociete } from '#services/company'
import { couleurProposee } from '#services/planning/ressources'
import { NotFoundException, TransitionException } from '#exceptions/http_exceptions'
import { TRAJET_MAX_MINUTES, type PlanningType } from '#shared/planning'

const UNIQUE_VIOLATION = '23505'

class SettingRefused extends TransitionException {}

function refuse(message: string): never {
  throw new SettingRefused(message)
}

export type RessourceChanges = {
  couleur?: string
  position?: number
  equipe?: string | null
  actif?: boolean
}

const snapshot = (r: Record<string, any>) => ({
  type: r.type,
  userId: r.user_id,
  couleur: r.couleur,
  position: r.position,
  equipe: r.equipe,
  actif: r.actif,
})

/** Adds a staff member to a planning, last, with the next colour unless one is given. */
export async function addRessource(
  actor: Actor,
  input: { type: PlanningType; userId: number; couleur?: string | null; equipe?: string | null }
): Promise<number> {
  try {
    return await db.transaction(async (trx) => {
      const user = await trx.from('users').where('id', input.userId).select('role').first()
      if (!user || user.role !== 'esi') refuse('Seul un membre de l’équipe peut être planifié.')
      const last = await trx
        .from('planning_ressources')
        .where('type', input.type)
        .count('* as n')
        .max('position as max')
        .first()
      const n = Number(last?.n ?? 0)
      const [row] = await trx
        .table('planning_ressources')
        .insert({
          type: input.type,
          user_id: input.userId,
          couleur: input.couleur ?? couleurProposee(n),
          position: n ? Number(last?.max ?? 0) + 1 : 0,
          equipe: input.equipe?.trim() || null,
          actif: true,
        })
        .returning('*')
      await audit(
        actor,
        {
          action: 'planning_ressource.ajoutee',
          subjectType: 'planning_ressource',
          subjectId: row.id,
          after: snapshot(row),
        },
        trx
      )
      return row.id as number
    })
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
      refuse('Cette personne est déjà dans ce planning.')
    }
    throw error
  }
}

/** Changes a person's colour, order, team or whether he shows in the planning. */
export async function updateRessource(actor: Actor, id: number, changes: RessourceChanges) {
  await db.transaction(async (trx) => {
    const row = await trx.from('planning_ressources').where('id', id).forUpdate().first()
    if (!row) throw new NotFoundException()
    const patch: Record<string, unknown> = {}
    if (changes.couleur !== undefined) patch.couleur = changes.couleur.toLowerCase()
    if (changes.position !== undefined) patch.position = changes.position
    if (changes.equipe !== undefined) patch.equipe = changes.equipe?.trim() || null
    if (changes.actif !== undefined) patch.actif = changes.actif
    if (!Object.keys(patch).length) return
    const [after] = await trx
      .from('planning_ressources')
      .where('id', id)
      .update(patch)
      .returning('*')
    await audit(
      actor,
      {
        action: 'planning_ressource.modifiee',
        subjectType: 'planning_ressource',
        subjectId: id,
        before: snapshot(row),
        after: snapshot(after),
      },
      trx
    )
  })
}

/** Removes a person from a planning (his visits stay; he no longer has a column). */
export async function removeRessource(actor: Actor, id: number) {
  await db.transaction(async (trx) => {
    const row = await trx.from('planning_ressources').where('id', id).forUpdate().first()
    if (!row) throw new NotFoundException()
    await trx.from('planning_ressources').where('id', id).delete()
    await audit(
      actor,
      {
        action: 'planning_ressource.retiree',
        subjectType: 'planning_ressource',
        subjectId: id,
        before: snapshot(row),
      },
      trx
    )
  })
}

/** The travel time required between two visits of one person (0 to 240 minutes). */
export async function setTrajetMinutes(actor: Actor, minutes: number) {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > TRAJET_MAX_MINUTES) {
    refuse(`Le temps de trajet va de 0 à ${TRAJET_MAX_MINUTES} minutes.`)
  }
  await db.transaction(async (trx) => {
    const societe = await companySociete(trx)
    if (!societe) refuse('Configurez d’abord la société.')
    const before = societe.planningTrajetMinutes
    if (before === minutes) return
    await trx.from('societes').where('id', societe.id).update({ planning_trajet_minutes: minutes })
    await audit(
      actor,
      {
        action: 'planning.trajet',
        subjectType: 'societe',
        subjectId: societe.id,
        before: { planningTrajetMinutes: before },
        after: { planningTrajetMinutes: minutes },
      },
      trx
    )
  })
}
