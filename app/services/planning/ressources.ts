/*
 * Issue 13 §1: the persons of each planning's resource view (commerciaux for com, technicians
 * for tec), from planning_ressources in their order; a company that configured none sees every
 * staff member, so the planning works on day one (decision 432).
 */
import db from '@adonisjs/lucid/services/db'
import type { PlanningType, RessourceDto } from '#shared/planning'
import type { RessourceRow } from '#shared/planning_equipes'

export const PALETTE = ['#1d4ed8', '#047857', '#b45309', '#7c3aed', '#be123c', '#0f766e', '#a16207']

export async function ressourcesOf(type: PlanningType): Promise<RessourceDto[]> {
  const rows = await db
    .from('planning_ressources as r')
    .join('users as u', 'u.id', 'r.user_id')
    .where('r.type', type)
    .where('r.actif', true)
    .where('u.role', 'esi')
    .orderBy('r.position')
    .orderBy('u.name')
    .select('u.id', 'u.name', 'r.couleur', 'r.equipe')
  if (rows.length) {
    return rows.map((r) => ({ id: r.id, nom: r.name, couleur: r.couleur, equipe: r.equipe }))
  }
  const staff = await db.from('users').where('role', 'esi').orderBy('name').select('id', 'name')
  return staff.map((u, i) => ({
    id: u.id,
    nom: u.name,
    couleur: PALETTE[i % PALETTE.length],
    equipe: null,
  }))
}

/** Every configured person of a planning, active or not, in their order (the settings page). */
export async function ressourcesConfigurees(type: PlanningType): Promise<RessourceRow[]> {
  const rows = await db
    .from('planning_ressources as r')
    .join('users as u', 'u.id', 'r.user_id')
    .where('r.type', type)
    .orderBy('r.position')
    .orderBy('u.name')
    .select('r.*', 'u.name', 'u.email')
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    nom: r.name,
    email: r.email,
    type: r.type,
    couleur: r.couleur,
    position: r.position,
    equipe: r.equipe,
    actif: r.actif,
  }))
}

/** The staff members one may add to a planning (role esi), by name. */
export async function staffMembers(): Promise<{ id: number; nom: string }[]> {
  const rows = await db.from('users').where('role', 'esi').orderBy('name').select('id', 'name')
  return rows.map((u) => ({ id: u.id, nom: u.name }))
}

/** The colour proposed for the n-th person of a planning. */
export function couleurProposee(n: number): string {
  return PALETTE[n % PALETTE.length]
}
