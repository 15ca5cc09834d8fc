/*
 * What the planning map's page and its popups share: the calendar's address of a planning, and
 * the sentence of a refused request.
 */
import { route } from '../../../lib/route.js'
import { HttpError } from '../../../lib/http.js'
import type { PlanningType } from '@shared/planning'

export function errorMessage(error: unknown): string {
  return error instanceof HttpError ? error.message : 'La demande a échoué : réessayez.'
}

export const calendarRoute = (type: PlanningType, query: Record<string, string | number>) =>
  type === 'com' ? route('esi.planning.com', {}, query) : route('esi.planning.tec', {}, query)
