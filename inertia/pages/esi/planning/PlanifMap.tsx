/*
 * esi/planning PlanifMap (issue 13 §4): the map of what waits to be planned (coloured by nature,
 * clustered) and of a day's visits per person (numbered in route order). Click a waiting item to
 * plan it (at the calendar, or here: person and time); pick a person to see their route (nearest
 * neighbour + 2-opt, shared/route_order.ts) and reorder their day in that order. Addresses
 * without coordinates are placed by a click. The Leaflet code and the offline base map are loaded
 * by a dynamic import, on this page only; by default nothing is requested outside the app.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { createPortal } from 'react-dom'
import { Head, Link, router } from '@inertiajs/react'
import type { Marker } from 'leaflet'
import PageHeader from '../../../components/layout/PageHeader.js'
import { route } from '../../../lib/route.js'
import { http, HttpError } from '../../../lib/http.js'
import { toast } from '../../../lib/toast.js'
import { confirm } from '../../../lib/dialogs/index.js'
import { formatDate, formatTime } from '../../../lib/format.js'
import type { CartePlanning } from '../../../components/planning/carte/leaflet_carte.js'
import { decalerJour, plusMinutes, tourneeDe } from '../../../components/planning/carte/tournee.js'
import {
  NATURE_COULEURS,
  NATURE_LABELS,
  PLANIF_STATUT_LABELS,
  PLANNING_TYPE_LABELS,
  TYPE_NATURES,
  type AttenteItem,
  type PlanificationDto,
  type PlanningType,
  type RessourceDto,
} from '@shared/planning'
import { formatKm, formatMinutes } from '@shared/route_order'

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

function errorMessage(error: unknown): string {
  return error instanceof HttpError ? error.message : 'La demande a échoué : réessayez.'
}

const calendarRoute = (type: PlanningType, query: Record<string, string | number>) =>
  type === 'com' ? route('esi.planning.com', {}, query) : route('esi.planning.tec', {}, query)

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
  const [items, setItems] = useState<AttenteItem[] | null>(null)
  const [visites, setVisites] = useState<PlanificationDto[]>([])
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
      .catch((error) => toast('error', errorMessage(error)))
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
      .catch((error) => toast('error', errorMessage(error)))
    return () => {
      cancelled = true
    }
  }, [type, date, tourVisites])

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
        <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
          <div>
            <label htmlFor="carte-date" className="form-label mb-1 fw-semibold">
              Journée
            </label>
            <div className="input-group">
              <button
                type="button"
                className="btn btn-outline-secondary"
                onClick={() => go({ date: decalerJour(date, -1) })}
                aria-label="Jour précédent"
              >
                <i className="bi bi-chevron-left" aria-hidden="true" />
              </button>
              <input
                id="carte-date"
                type="date"
                className="form-control"
                value={date}
                onChange={(e) => e.target.value && go({ date: e.target.value })}
              />
              <button
                type="button"
                className="btn btn-outline-secondary"
                onClick={() => go({ date: decalerJour(date, 1) })}
                aria-label="Jour suivant"
              >
                <i className="bi bi-chevron-right" aria-hidden="true" />
              </button>
            </div>
          </div>
          <div>
            <label htmlFor="carte-personne" className="form-label mb-1 fw-semibold">
              Tournée de
            </label>
            <select
              id="carte-personne"
              className="form-select"
              value={personne ?? ''}
              onChange={(e) => go({ personne: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">Toutes les personnes</option>
              {ressources.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.nom}
                </option>
              ))}
            </select>
          </div>
          <ul className="list-inline mb-0 ms-md-auto small" aria-label="Légende">
            {TYPE_NATURES[type].map((n) => (
              <li key={n} className="list-inline-item">
                <span
                  className="d-inline-block rounded-circle me-1 align-middle"
                  style={{ width: 12, height: 12, background: NATURE_COULEURS[n] }}
                  aria-hidden="true"
                />
                {NATURE_LABELS[n]} à planifier
              </li>
            ))}
            <li className="list-inline-item">
              <i className="bi bi-123 me-1" aria-hidden="true" />
              Visites du jour (ordre de tournée)
            </li>
          </ul>
        </div>

        {placement && (
          <div className="alert alert-info d-flex align-items-center gap-2" role="status">
            <i className="bi bi-crosshair" aria-hidden="true" />
            <span className="flex-grow-1">
              Cliquez sur la carte à l’endroit de : <strong>{placement.label}</strong>
            </span>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => setPlacement(null)}
            >
              Annuler
            </button>
          </div>
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
            <section className="card mb-3" aria-labelledby="tournee-titre">
              <div className="card-header fw-semibold" id="tournee-titre">
                {nomPersonne
                  ? `Tournée de ${nomPersonne} — ${formatDate(date)}`
                  : `Tournées du ${formatDate(date)}`}
              </div>
              <div className="card-body">
                {!personne && (
                  <p className="mb-0 text-body-secondary">
                    Choisissez une personne pour voir l’ordre de sa tournée ({visites.length} visite
                    {visites.length > 1 ? 's' : ''} ce jour-là).
                  </p>
                )}
                {tournee && tournee.visites.length === 0 && (
                  <p className="mb-0 text-body-secondary">Aucune visite ce jour-là.</p>
                )}
                {tournee && tournee.visites.length > 0 && (
                  <>
                    <ol className="ps-3 mb-2" data-testid="tournee">
                      {tournee.visites.map((v) => (
                        <li key={v.id} className="mb-1">
                          <span className="fw-semibold">{formatTime(v.debut)}</span> {v.titre}
                          {v.statut !== 'planifiee' && (
                            <span className="badge text-bg-secondary ms-1">
                              {PLANIF_STATUT_LABELS[v.statut]}
                            </span>
                          )}
                          {(v.latitude === null || v.longitude === null) && (
                            <span className="badge text-bg-warning ms-1">sans coordonnées</span>
                          )}
                        </li>
                      ))}
                    </ol>
                    <p className="mb-2" data-testid="tournee-total">
                      <strong>{formatKm(tournee.km)}</strong> à vol d’oiseau · environ{' '}
                      <strong>{formatMinutes(tournee.minutes)}</strong> de trajet
                      {routier && (
                        <>
                          <br />
                          Par la route : {formatKm(routier.km)}, {formatMinutes(routier.minutes)}
                        </>
                      )}
                      {!depart && (
                        <span className="d-block small text-body-secondary">
                          Départ : la première visite (adresse de l’entreprise non placée).
                        </span>
                      )}
                    </p>
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={busy || tournee.ordre.length < 2 || !tournee.change}
                      onClick={reordonner}
                    >
                      <i className="bi bi-sort-numeric-down me-1" aria-hidden="true" />
                      Réordonner la journée
                    </button>
                    {!tournee.change && tournee.ordre.length > 1 && (
                      <p className="small text-body-secondary mt-2 mb-0">
                        La journée suit déjà l’ordre de la tournée.
                      </p>
                    )}
                  </>
                )}
                {visitesSans.length > 0 && (
                  <ul className="list-unstyled mt-3 mb-0">
                    {visitesSans.map((v) => (
                      <li key={v.id} className="d-flex align-items-center gap-2 mb-1">
                        <span className="flex-grow-1 small">{v.titre}</span>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-secondary"
                          disabled={busy || v.statut !== 'planifiee'}
                          onClick={() => setPlacement({ label: v.titre, visite: v })}
                        >
                          Placer sur la carte
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </section>

            {sansCoordonnees.length > 0 && (
              <section className="card mb-3" aria-labelledby="sans-coord-titre">
                <div className="card-header fw-semibold" id="sans-coord-titre">
                  À planifier sans coordonnées ({sansCoordonnees.length})
                </div>
                <ul className="list-group list-group-flush">
                  {sansCoordonnees.slice(0, 20).map((i) => (
                    <li key={i.cle} className="list-group-item">
                      <div className="small fw-semibold">{i.titre}</div>
                      <div className="small text-body-secondary">
                        {i.adresse ?? 'Adresse inconnue'}
                      </div>
                      <div className="d-flex gap-2 mt-1">
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-secondary"
                          disabled={busy}
                          onClick={() => setPlacement({ label: i.titre, cle: i.cle })}
                        >
                          Placer sur la carte
                        </button>
                        {tuiles.geocodeur && i.adresse && (
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-secondary"
                            disabled={busy}
                            onClick={() => geocoder(i.cle)}
                          >
                            Chercher l’adresse
                          </button>
                        )}
                      </div>
                    </li>
                  ))}
                  {sansCoordonnees.length > 20 && (
                    <li className="list-group-item small text-body-secondary">
                      … et {sansCoordonnees.length - 20} autres.
                    </li>
                  )}
                </ul>
              </section>
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

/** A waiting item: what it is, where, and « Planifier » (the calendar) or plan it right here. */
function AttentePopup({
  item,
  type,
  date,
  ressources,
  personne,
  onPlanned,
}: {
  item: AttenteItem
  type: PlanningType
  date: string
  ressources: RessourceDto[]
  personne: number | null
  onPlanned: () => void
}) {
  const [qui, setQui] = useState<number | ''>(personne ?? ressources[0]?.id ?? '')
  const [heure, setHeure] = useState('08:00')
  const [erreur, setErreur] = useState<string | null>(null)
  const [envoi, setEnvoi] = useState(false)
  const planifier = async (e: FormEvent) => {
    e.preventDefault()
    if (!qui) return setErreur('Choisissez une personne.')
    setEnvoi(true)
    setErreur(null)
    const [kind, id] = item.cle.split(':')
    try {
      await http.post(route('esi.planifications.store'), {
        type,
        nature: item.nature,
        debut: `${date}T${heure}`,
        fin: plusMinutes(date, heure, item.dureeMinutes),
        personnes: [qui],
        ...(kind === 'etape' ? { commande_id: Number(id) } : { demande_id: Number(id) }),
      })
      toast('success', `${item.titre} : planifié le ${formatDate(date)} à ${heure}.`)
      onPlanned()
    } catch (error) {
      setErreur(errorMessage(error))
    } finally {
      setEnvoi(false)
    }
  }
  return (
    <div data-testid="popup-attente">
      <div className="fw-semibold mb-1">{item.titre}</div>
      <div className="small mb-1">
        <span
          className="badge me-1"
          style={{ background: NATURE_COULEURS[item.nature], color: '#fff' }}
        >
          {NATURE_LABELS[item.nature]}
        </span>
        attend depuis le {formatDate(item.depuis)}
      </div>
      <div className="small text-body-secondary mb-2">{item.adresse ?? 'Adresse inconnue'}</div>
      <a
        className="btn btn-sm btn-primary mb-2"
        href={calendarRoute(type, { date, planifier: item.cle })}
      >
        Planifier
      </a>
      <form onSubmit={planifier} className="border-top pt-2">
        <div className="small fw-semibold mb-1">Ou planifier ici le {formatDate(date)} :</div>
        <div className="d-flex gap-1 mb-1">
          <select
            className="form-select form-select-sm"
            aria-label="Personne"
            value={qui}
            onChange={(e) => setQui(e.target.value ? Number(e.target.value) : '')}
          >
            {ressources.map((r) => (
              <option key={r.id} value={r.id}>
                {r.nom}
              </option>
            ))}
          </select>
          <input
            type="time"
            className="form-control form-control-sm"
            aria-label="Heure de début"
            value={heure}
            step={900}
            onChange={(e) => setHeure(e.target.value)}
            style={{ maxWidth: '7rem' }}
            required
          />
        </div>
        <button type="submit" className="btn btn-sm btn-outline-primary" disabled={envoi}>
          Planifier à {heure} ({formatMinutes(item.dureeMinutes)})
        </button>
        {erreur && (
          <div className="text-danger small mt-1" role="alert">
            {erreur}
          </div>
        )}
      </form>
    </div>
  )
}

function VisitePopup({
  visite,
  type,
  date,
  noms,
}: {
  visite: PlanificationDto
  type: PlanningType
  date: string
  noms: Map<number, string>
}) {
  return (
    <div data-testid="popup-visite">
      <div className="fw-semibold mb-1">{visite.titre}</div>
      <div className="small mb-1">
        {formatTime(visite.debut)}–{formatTime(visite.fin)} ·{' '}
        {visite.personnes.map((p) => noms.get(p) ?? `#${p}`).join(', ')}
      </div>
      <div className="small text-body-secondary mb-2">{visite.adresse ?? 'Adresse inconnue'}</div>
      <a
        className="btn btn-sm btn-outline-primary"
        href={calendarRoute(type, { date, visite: visite.id })}
      >
        Voir au calendrier
      </a>
    </div>
  )
}
