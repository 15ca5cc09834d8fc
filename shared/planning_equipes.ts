/*
 * Issue 13 — the props of the planning's settings page (esi/planning/Equipes): who is in each
 * planning, the staff one may add, the travel time, and the requests waiting to be planned.
 */
import type { AttenteItem, PlanningType } from './planning.js'

export type RessourceRow = {
  id: number
  userId: number
  nom: string
  email: string
  type: PlanningType
  couleur: string
  position: number
  equipe: string | null
  actif: boolean
}

export type EquipesPageProps = {
  ressources: Record<PlanningType, RessourceRow[]>
  staff: { id: number; nom: string }[]
  trajetMinutes: number
  trajetMax: number
  demandes: Record<PlanningType, AttenteItem[]>
  /** The admin droit: the settings are read-only without it (requests stay open to all). */
  canManage: boolean
  duree: { min: number; max: number; defaut: number }
}
