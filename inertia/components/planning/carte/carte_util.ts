/*
 * What the planning map's page and its popups share: the calendar's address of a planning, and
 * the sentence of a refused request.
 */
import { route } from '../../../lib/route.js'
import type { PlanningType } from '@shared/planning'

/** The map's sentence when a request fails without the server's reason (see errorMessage). */
export const DEMANDE_ECHOUEE = 'La demande a échoué : réessayez.'

export const calendarRoute = (type: PlanningType, query: Record<string, string | number>) =>
  type === 'com' ? route('esi.planning.com', {}, query) : route('esi.planning.tec', {}, query)
