/*
 * esi/planning PlanifMap (issue 13 §4): the map of what waits to be planned (coloured by nature,
 * clustered) and of a day's visits per person (numbered in route order). Click a waiting item to
 * plan it (at the calendar, or here: person and time); pick a person to see their route (nearest
 * neighbour + 2-opt, shared/route_order.ts) and reorder their day in that order. Addresses
 * without coordinates are placed by a click. The Leaflet code and the offline base map are loaded
 * by a dynamic import, on this page only; by default nothing is requested outside the app.
 * Its parts (the Leaflet side, the placing of addresses, the bar, the route card, the popups) are
 * in inertia/components/planning/carte/.
 */
import { useMemo } from 'react'
import { createPortal } from 'react-dom'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import { route } from '../../../lib/route.js'
import { http } from '../../../lib/http.js'
import { toast } from '../../../lib/toast.js'
import { confirm } from '../../../lib/dialogs/index.js'
import { formatDate } from '../../../lib/format.js'
import { errorMessage } from '../../../components/planning/error_message.js'
import { tourneeDe } from '../../../components/planning/carte/tournee.js'
import { calendarRoute, DEMANDE_ECHOUEE } from '../../../components/planning/carte/carte_util.js'
import CarteBarre from '../../../components/planning/carte/CarteBarre.js'
import PlacementAlert from '../../../components/planning/carte/PlacementAlert.js'
import { AttentePopup, VisitePopup } from '../../../components/planning/carte/CartePopups.js'
import SansCoordonneesCard from '../../../components/planning/carte/SansCoordonneesCard.js'
import TourneeCard from '../../../components/planning/carte/TourneeCard.js'
import { useCarteDonnees } from '../../../components/planning/carte/use_carte_donnees.js'
import { useCartePlacement } from '../../../components/planning/carte/use_carte_placement.js'
import { useLeafletCarte } from '../../../components/planning/carte/use_leaflet_carte.js'
import { ChunkFailedAlert } from '../../../components/ui/ChunkFailed.js'
import { useRoutier } from '../../../components/planning/carte/use_routier.js'
import { PLANNING_TYPE_LABELS, type PlanningType, type RessourceDto } from '@shared/planning'

export type PlanifMapProps = {
  type: PlanningType
  date: string
  personne: number | null
  ressources: RessourceDto[]
  tuiles: { url: string | null; attribution: string | null; routier: boolean; geocodeur: boolean }
  depart: { latitude: number; longitude: number } | null
  attenteMax: number
}

export default function PlanifMap({
  type,
  date,
  personne,
  ressources,
  tuiles,
  depart,
  attenteMax,
}: PlanifMapProps) {
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

  const tournee = useMemo(
    () => (personne ? tourneeDe(visites, personne, date, departPoint) : null),
    [visites, personne, date, departPoint]
  )

  // The map, its markers and the popup of the marker clicked
  const { mapEl, carteRef, pret, echec, selection, setSelection, popupEl } = useLeafletCarte({
    tuiles,
    items,
    visites,
    personne,
    date,
    departPoint,
    tournee,
    couleurs,
    noms,
  })

  // Road distance of the route, only when an OSRM server is configured
  const routier = useRoutier(tuiles.routier, tournee)

  // Placing an address by a click on the map, or by the geocoder
  const { placement, setPlacement, busy, setBusy, geocoder } = useCartePlacement({
    carteRef,
    pret,
    loadAttente,
    loadVisites,
  })

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
      toast('error', errorMessage(error, DEMANDE_ECHOUEE))
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
            {echec && <ChunkFailedAlert what="la carte" testId="carte-echec" />}
            <div
              ref={mapEl}
              className="carte-planning"
              role="region"
              aria-label={`Carte : ${PLANNING_TYPE_LABELS[type].toLowerCase()}`}
              data-testid="carte"
              aria-busy={(!pret && !echec) || busy}
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
