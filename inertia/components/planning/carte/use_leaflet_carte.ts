/*
 * The planning map's Leaflet side (issue 13 §4): the map mounted in `mapEl` (its code and base
 * map arrive by a dynamic import, once), the markers of what waits and of the day's visits
 * (numbered in each person's route order), the selected person's route, and the popup of the
 * marker clicked (rendered by the page into `popupEl`).
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import type { Marker } from 'leaflet'
import { formatTime } from '../../../lib/format.js'
import { NATURE_COULEURS, type AttenteItem, type PlanificationDto } from '@shared/planning'
import type { Point } from '@shared/route_order'
import type { CartePlanning, Tuiles } from './leaflet_carte.js'
import { tourneeDe, type TourneeJour } from './tournee.js'

export type Selection =
  { kind: 'attente'; cle: string; marker: Marker } | { kind: 'visite'; id: number; marker: Marker }

type Options = {
  tuiles: Tuiles
  items: AttenteItem[] | null
  visites: PlanificationDto[]
  personne: number | null
  date: string
  departPoint: Point | null
  tournee: TourneeJour | null
  couleurs: Map<number, string>
  noms: Map<number, string>
}

export function useLeafletCarte({
  tuiles,
  items,
  visites,
  personne,
  date,
  departPoint,
  tournee,
  couleurs,
  noms,
}: Options) {
  const mapEl = useRef<HTMLDivElement>(null)
  const carteRef = useRef<CartePlanning | null>(null)
  const [pret, setPret] = useState(false)
  // The map's code could not be fetched (network cut, or a new release removed the old chunk)
  const [echec, setEchec] = useState(false)
  const [selection, setSelection] = useState<Selection | null>(null)
  const [popupEl] = useState(() => document.createElement('div'))

  // The map: its code and base map arrive by a dynamic import, once
  useEffect(() => {
    let cancelled = false
    let carte: CartePlanning | null = null
    void import('./leaflet_carte.js')
      .then(async ({ creerCarte }) => {
        if (cancelled || !mapEl.current) return
        carte = await creerCarte(mapEl.current, tuiles)
        if (cancelled) return carte.destroy()
        carteRef.current = carte
        carte.onPopupClose(() => setSelection(null))
        setPret(true)
      })
      // Its code or the clustering plugin's did not arrive: said, not a blank box forever
      .catch(() => {
        if (!cancelled) setEchec(true)
      })
    return () => {
      cancelled = true
      carte?.destroy()
      carteRef.current = null
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Each visit numbered in its person's route order (the selected person's first)
  const numeros = useMemo(() => {
    const out = new Map<number, { numero: number; personne: number }>()
    const persons = [...new Set(visites.flatMap((v) => v.personnes))]
    if (personne) persons.sort((a, b) => (a === personne ? -1 : b === personne ? 1 : 0))
    for (const p of persons) {
      const t = tourneeDe(visites, p, date, departPoint)
      t.visites.forEach((v, i) => {
        if (!out.has(v.id)) out.set(v.id, { numero: i + 1, personne: p })
      })
    }
    return out
  }, [visites, personne, date, departPoint])

  useEffect(() => {
    const carte = carteRef.current
    if (!pret || !carte || !items) return
    carte.setAttente(
      items
        .filter((i) => i.latitude !== null && i.longitude !== null)
        .map((i) => ({
          cle: i.cle,
          lat: i.latitude!,
          lng: i.longitude!,
          couleur: NATURE_COULEURS[i.nature],
          titre: i.titre,
        })),
      (cle, marker) => setSelection({ kind: 'attente', cle, marker })
    )
  }, [pret, items])

  useEffect(() => {
    const carte = carteRef.current
    if (!pret || !carte) return
    carte.setDepart(departPoint)
    carte.setVisites(
      visites
        .filter((v) => v.latitude !== null && v.longitude !== null && numeros.has(v.id))
        .map((v) => {
          const n = numeros.get(v.id)!
          return {
            id: v.id,
            lat: v.latitude!,
            lng: v.longitude!,
            couleur: couleurs.get(n.personne) ?? '#334155',
            numero: n.numero,
            titre: `${v.titre} (${noms.get(n.personne) ?? ''}, ${formatTime(v.debut)})`,
            actif: !personne || v.personnes.includes(personne),
          }
        }),
      (id, marker) => setSelection({ kind: 'visite', id, marker })
    )
    carte.setRoute(tournee?.trace ?? [], personne ? (couleurs.get(personne) ?? '#334155') : '')
    if (tournee && tournee.trace.length) carte.fit(tournee.trace)
  }, [pret, visites, numeros, tournee, personne, couleurs, noms, departPoint])

  useEffect(() => {
    const carte = carteRef.current
    if (!carte) return
    if (selection) carte.openPopup(selection.marker, popupEl)
    else carte.closePopup()
  }, [selection, popupEl])

  return { mapEl, carteRef, pret, echec, selection, setSelection, popupEl }
}
