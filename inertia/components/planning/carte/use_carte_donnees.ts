/*
 * What the planning map shows (issue 13 §4): what waits to be planned and the day's visits, read
 * again when `loadAttente` / `loadVisites` is called after a change.
 */
import { useCallback, useEffect, useState } from 'react'
import { route } from '../../../lib/route.js'
import { http } from '../../../lib/http.js'
import { toast } from '../../../lib/toast.js'
import type { AttenteItem, PlanificationDto, PlanningType } from '@shared/planning'
import { DEMANDE_ECHOUEE } from './carte_util.js'
import { errorMessage } from '../error_message.js'
import { decalerJour } from './tournee.js'

export function useCarteDonnees(type: PlanningType, date: string) {
  const [items, setItems] = useState<AttenteItem[] | null>(null)
  const [visites, setVisites] = useState<PlanificationDto[]>([])
  // What waits and the day's visits; a change bumps their counter to read them again
  const [tourAttente, setTourAttente] = useState(0)
  const [tourVisites, setTourVisites] = useState(0)
  const loadAttente = useCallback(() => setTourAttente((n) => n + 1), [])
  const loadVisites = useCallback(() => setTourVisites((n) => n + 1), [])
  useEffect(() => {
    let cancelled = false
    http
      .get<{ items: AttenteItem[] }>(route('esi.planifications.attente', {}, { type }))
      .then((body) => !cancelled && setItems(body.items))
      .catch((error) => toast('error', errorMessage(error, DEMANDE_ECHOUEE)))
    return () => {
      cancelled = true
    }
  }, [type, tourAttente])
  useEffect(() => {
    let cancelled = false
    http
      .get<{ visites: PlanificationDto[] }>(
        route('esi.planifications.index', {}, { type, start: date, end: decalerJour(date, 1) })
      )
      .then((body) => !cancelled && setVisites(body.visites))
      .catch((error) => toast('error', errorMessage(error, DEMANDE_ECHOUEE)))
    return () => {
      cancelled = true
    }
  }, [type, date, tourVisites])
  return { items, visites, loadAttente, loadVisites }
}
