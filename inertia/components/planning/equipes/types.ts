/*
 * What the parts of the planning's settings page (esi/planning/Equipes) share.
 */
import type { PlanningType } from '@shared/planning'

/** The server's messages by field (Inertia's errors). */
export type Errors = Record<string, string>

/** The two plannings, in the page's order. */
export const TYPES: PlanningType[] = ['com', 'tec']
