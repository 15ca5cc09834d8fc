/*
 * Issue 13 §1: the persons of each planning's resource view (commerciaux for com, technicians
 * for tec), from planning_ressources in their order; a company that configured none sees every
 * staff member, so the planning works on day one (decision 432).
 */
import db from '@adonisjs/lucid/services/db'
import type { PlanningType, RessourceDto } from '#shared/planning'

const PALETTE = ['#1d4ed8', '#047857', '#b45309', '#7c3aed', '#be123c', '#0f766e', '#a16207']

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
