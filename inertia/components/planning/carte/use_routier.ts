/*
 * The road distance and time of a day's route (issue 13 §4), asked of the server only when an
 * OSRM server is configured (`actif`); null until it answers for the route on screen.
 */
import { useEffect, useState } from 'react'
import { route } from '../../../lib/route.js'
import { http } from '../../../lib/http.js'
import type { TourneeJour } from './tournee.js'

export function useRoutier(actif: boolean, tournee: TourneeJour | null) {
  const [routierDe, setRoutierDe] = useState<{ cle: string; km: number; minutes: number } | null>(
    null
  )
  const traceCle = tournee ? JSON.stringify(tournee.trace) : ''
  const routier = routierDe && routierDe.cle === traceCle ? routierDe : null
  useEffect(() => {
    if (!actif || !tournee || tournee.trace.length < 2) return
    let cancelled = false
    http
      .post<{ km: number; minutes: number }>(
        route('esi.planning.carte_trajet'),
        { points: tournee.trace },
        { progress: false }
      )
      .then((r) => !cancelled && setRoutierDe({ cle: JSON.stringify(tournee.trace), ...r }))
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [actif, tournee])
  return routier
}
