/*
 * What waits to be planned (issue 13 §3) for a planning type, fetched when the page opens and
 * again after each planning (`reload`). null while the first answer is awaited.
 */
import { useCallback, useEffect, useState } from 'react'
import { http } from '../../lib/http.js'
import { route } from '../../lib/route.js'
import type { AttenteItem, PlanningType } from '@shared/planning'
import { refusalMessage } from './error_message.js'

export function useAttente(type: PlanningType) {
  const [attente, setAttente] = useState<AttenteItem[] | null>(null)
  const [attenteError, setAttenteError] = useState<string | null>(null)
  const [attenteVersion, setAttenteVersion] = useState(0)
  const loadAttente = useCallback(() => setAttenteVersion((v) => v + 1), [])
  useEffect(() => {
    let gone = false
    http
      .get<{ items: AttenteItem[] }>(route('esi.planifications.attente', {}, { type }), {
        progress: false,
      })
      .then((r) => {
        if (gone) return
        setAttente(r.items)
        setAttenteError(null)
      })
      .catch((error) => {
        if (!gone) setAttenteError(refusalMessage(error))
      })
    return () => {
      gone = true
    }
  }, [type, attenteVersion])
  return { attente, attenteError, loadAttente }
}
