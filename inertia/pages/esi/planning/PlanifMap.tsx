/*
 * esi/planning PlanifMap (issue 13 §4): the map of what waits to be planned (coloured by nature,
 * clustered) and of a day's visits per person (numbered in route order). Click a waiting item to
 * plan it (at the calendar, or here: person and time); pick a person to see their route (nearest
 * neighbour + 2-opt, shared/route_order.ts) and reorder their day in that order. Addresses
 * without coordinates are placed by a click. The Leaflet code and the offline base map are loaded
 * by a dynamic import, on this page only; by default nothing is requested outside the app.
 * Its parts (the bar, the route card, the popups) are in inertia/components/planning/carte/.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { Head, Link, router } from '@inertiajs/react'
import type { Marker } from 'leaflet'
import PageHeader from '../../../components/layout/PageHeader.js'
import { route } from '../../../lib/route.js'
import { http } from '../../../lib/http.js'
import { toast } from '../../../lib/toast.js'
import { confirm } from '../../../lib/dialogs/index.js'
import { formatDate, formatTime } from '../../../lib/format.js'
import type { CartePlanning } from '../../../components/planning/carte/leaflet_carte.js'
import { tourneeDe } from '../../../components/planning/carte/tournee.js'
import { calendarRoute, errorMessage } from '../../../components/planning/carte/carte_util.js'
import CarteBarre from '../../../components/planning/carte/CarteBarre.js'
import PlacementAlert from '../../../components/planning/carte/PlacementAlert.js'
import { AttentePopup, VisitePopup } from '../../../components/planning/carte/CartePopups.js'
import SansCoordonneesCard from '../../../components/planning/carte/SansCoordonneesCard.js'
import TourneeCard from '../../../components/planning/carte/TourneeCard.js'
import { useCarteDonnees } from '../../../components/planning/carte/use_carte_donnees.js'
import {
  NATURE_COULEURS,
  PLANNING_TYPE_LABELS,
  type PlanificationDto,
  type PlanningType,
  type RessourceDto,
} from '@shared/planning'

export type PlanifMapProps = {
  type: PlanningType
  date: string
  personne: number | null
  ressources: RessourceDto[]
  tuiles: { url: string | null; attribution: string | null; routier: boolean; geocodeur: boolean }
  depart: { latitude: number; longitude: number } | null
  attenteMax: number
}

type Selection =
  { kind: 'attente'; cle: string; marker: Marker } | { kind: 'visite'; id: number; marker: Marker }

type Placement = { label: string; cle?: string; visite?: PlanificationDto }

export default function PlanifMap({
  type,
  date,
  personne,
  ressources,
  tuiles,
  depart,
  attenteMax,
}: PlanifMapProps) {
  const mapEl = useRef<HTMLDivElement>(null)
  const carteRef = useRef<CartePlanning | null>(null)
  const [pret, setPret] = useState(false)
  const [selection, setSelection] = useState<Selection | null>(null)
  const [placement, setPlacement] = useState<Placement | null>(null)
  const [busy, setBusy] = useState(false)
  const [routierDe, setRoutierDe] = useState<{ cle: string; km: number; minutes: number } | null>(
    null
  )
  const [popupEl] = useState(() => document.createElement('div'))
  const departPoint = useMemo(
    () => (depart ? { lat: depart.latitude, lng: depart.longitude } : null),
    [depart]
  )
  const couleurs = useMemo(() => new Map(ressources.map((r) => [r.id, r.couleur])), [ressources])
  const noms = useMemo(() => new Map(ressources.map((r) => [r.id, r.nom])), [ressources])
  const pageRoute = type === 'com' ? 'esi.planning.com_carte' : 'esi.planning.tec_carte'

  // The URL holds the day and the person (a partial reload: only these two props change)
  const go = (next: { date?: string; personne?: number | null }) => {
    const query: Record<string, string | number> = { date: next.date ?? date }
    const p = next.personne === undefined ? personne : next.personne
    if (p) query.personne = p
    router.get(
      route(pageRoute, {}, query),
      {},
      {
        preserveState: true,
        preserveScroll: true,
        replace: true,
        only: ['date', 'personne'],
      }
    )
  }

  // What waits and the day's visits, read again after a change
  const { items, visites, loadAttente, loadVisites } = useCarteDonnees(type, date)

  // The map: its code and base map arrive by a dynamic import, once
  useEffect(() => {
    let cancelled = false
    let carte: CartePlanning | null = null
    void import('../../../components/planning/carte/leaflet_carte.js').then(
      async ({ creerCarte }) => {
        if (cancelled || !mapEl.current) return
        carte = await creerCarte(mapEl.current, tuiles)
        if (cancelled) return carte.destroy()
        carteRef.current = carte
        carte.onPopupClose(() => setSelection(null))
        setPret(true)
      }
    )
    return () => {
      cancelled = true
      carte?.destroy()
      carteRef.current = null
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const tournee = useMemo(
    () => (personne ? tourneeDe(visites, personne, date, departPoint) : null),
    [visites, personne, date, departPoint]
  )

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

  // Road distance of the route, only when an OSRM server is configured
  const traceCle = tournee ? JSON.stringify(tournee.trace) : ''
  const routier = routierDe && routierDe.cle === traceCle ? routierDe : null
  useEffect(() => {
    if (!tuiles.routier || !tournee || tournee.trace.length < 2) return
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
  }, [tuiles.routier, tournee])

  useEffect(() => {
    const carte = carteRef.current
    if (!carte) return
    if (selection) carte.openPopup(selection.marker, popupEl)
    else carte.closePopup()
  }, [selection, popupEl])

  // Placing an address: the next click on the map stores its coordinates
  useEffect(() => {
    const carte = carteRef.current
    if (!pret || !carte) return
    if (!placement) return carte.setPlacement(null)
    carte.setPlacement(async (lat, lng) => {
      carte.setPlacement(null)
      setBusy(true)
      try {
        if (placement.visite) {
          await http.put(route('esi.planifications.update', { id: placement.visite.id }), {
            lock_version: placement.visite.lockVersion,
            latitude: lat,
            longitude: lng,
          })
          loadVisites()
        } else if (placement.cle === 'societe') {
          await http.post(route('esi.planning.carte_coordonnees'), {
            cle: 'societe',
            latitude: lat,
            longitude: lng,
          })
          router.reload({ only: ['depart'] })
        } else {
          await http.post(route('esi.planning.carte_coordonnees'), {
            cle: placement.cle,
            latitude: lat,
            longitude: lng,
          })
          loadAttente()
        }
        toast('success', `${placement.label} : placé sur la carte.`)
      } catch (error) {
        toast('error', errorMessage(error))
      } finally {
        setBusy(false)
        setPlacement(null)
      }
    })
  }, [pret, placement, loadAttente, loadVisites])

  const geocoder = async (cle: string) => {
    setBusy(true)
    try {
      await http.post(route('esi.planning.carte_geocoder'), { cle })
      loadAttente()
      toast('success', 'Adresse trouvée et placée sur la carte.')
    } catch (error) {
      toast('error', errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const reordonner = async () => {
    if (!tournee || !personne) return
    const ok = await confirm({
      title: 'Réordonner la journée ?',
      text: `Les ${tournee.ordre.length} visites planifiées de ${noms.get(personne)} le ${formatDate(date)} prennent l’ordre de la tournée, à partir de l’heure de la première, avec leur durée.`,
      icon: 'question',
      confirmText: 'Réordonner',
    })
    if (!ok) return
    setBusy(true)
    try {
      await http.post(route('esi.planning.reordonner'), {
        type,
        personne,
        date,
        ordre: tournee.ordre,
        lock_versions: tournee.lockVersions,
      })
      toast('success', 'Journée réordonnée.')
    } catch (error) {
      toast('error', errorMessage(error))
    } finally {
      setBusy(false)
      loadVisites()
    }
  }

  const selectedItem =
    selection?.kind === 'attente' ? items?.find((i) => i.cle === selection.cle) : undefined
  const selectedVisite =
    selection?.kind === 'visite' ? visites.find((v) => v.id === selection.id) : undefined
  const sansCoordonnees = (items ?? []).filter((i) => i.latitude === null || i.longitude === null)
  const visitesSans = (tournee?.visites ?? []).filter(
    (v) => v.latitude === null || v.longitude === null
  )
  const nomPersonne = personne ? noms.get(personne) : null

  return (
    <>
      <Head title={`Carte — ${PLANNING_TYPE_LABELS[type]}`} />
      <PageHeader
        title={`Carte — ${PLANNING_TYPE_LABELS[type]}`}
        subtitle="Ce qui attend d’être planifié et les tournées du jour"
        breadcrumb={[
          { label: PLANNING_TYPE_LABELS[type], href: calendarRoute(type, { date }) },
          { label: 'Carte' },
        ]}
        actions={
          <Link href={calendarRoute(type, { date })} className="btn btn-outline-primary">
            <i className="bi bi-calendar3 me-1" aria-hidden="true" />
            Calendrier
          </Link>
        }
      />
      <div className="content">
        <CarteBarre type={type} date={date} personne={personne} ressources={ressources} go={go} />

        {placement && (
          <PlacementAlert label={placement.label} onCancel={() => setPlacement(null)} />
        )}

        <div className="row g-3">
          <div className="col-lg-8">
            <div
              ref={mapEl}
              className="carte-planning"
              role="region"
              aria-label={`Carte : ${PLANNING_TYPE_LABELS[type].toLowerCase()}`}
              data-testid="carte"
              aria-busy={!pret || busy}
            />
            <p className="small text-body-secondary mt-1 mb-0" data-testid="carte-compte">
              {items === null
                ? 'Chargement de ce qui attend…'
                : `${items.length - sansCoordonnees.length} élément${items.length - sansCoordonnees.length > 1 ? 's' : ''} à planifier sur la carte${sansCoordonnees.length ? `, ${sansCoordonnees.length} sans coordonnées` : ''}${items.length >= attenteMax ? ` (les ${attenteMax} plus anciens)` : ''}.`}
            </p>
          </div>
          <div className="col-lg-4">
            <TourneeCard
              date={date}
              personne={personne}
              nomPersonne={nomPersonne}
              nombreVisites={visites.length}
              tournee={tournee}
              routier={routier}
              depart={depart !== null}
              busy={busy}
              onReordonner={reordonner}
              visitesSans={visitesSans}
              onPlacer={(v) => setPlacement({ label: v.titre, visite: v })}
            />

            {sansCoordonnees.length > 0 && (
              <SansCoordonneesCard
                items={sansCoordonnees}
                busy={busy}
                geocodeur={tuiles.geocodeur}
                onPlacer={(i) => setPlacement({ label: i.titre, cle: i.cle })}
                onGeocoder={geocoder}
              />
            )}

            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={busy}
              onClick={() =>
                setPlacement({
                  label: 'l’adresse de l’entreprise (départ des tournées)',
                  cle: 'societe',
                })
              }
            >
              <i className="bi bi-house-door me-1" aria-hidden="true" />
              {depart ? 'Déplacer le départ des tournées' : 'Placer l’adresse de l’entreprise'}
            </button>
          </div>
        </div>
      </div>

      {selectedItem &&
        createPortal(
          <AttentePopup
            item={selectedItem}
            type={type}
            date={date}
            ressources={ressources}
            personne={personne}
            onPlanned={() => {
              setSelection(null)
              loadAttente()
              loadVisites()
            }}
          />,
          popupEl
        )}
      {selectedVisite &&
        createPortal(
          <VisitePopup visite={selectedVisite} type={type} date={date} noms={noms} />,
          popupEl
        )}
    </>
  )
}
