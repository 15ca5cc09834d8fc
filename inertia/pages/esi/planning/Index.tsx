/*
 * Issue 13 §1 — the calendar of a planning (com or tec) on @event-calendar/core (MIT, vanilla JS
 * mounted in a ref). The visits come as JSON for the range on screen; every drag, resize or
 * creation is saved at once and reverted with the server's French reason when refused. The view,
 * date and filters live in the URL. Times are Brussels wall time (see lib/planning_time.ts).
 * Its parts (the calendar and its event handlers in use_planning_calendar, the query in the URL,
 * options, toolbar, filters, waiting list, modal) are in inertia/components/planning/.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Head } from '@inertiajs/react'
// The calendar's own styles through a local file (@import): a page never links node_modules
import './planning_calendar.css'
import PageHeader from '../../../components/layout/PageHeader.js'
import { useAttente } from '../../../components/planning/use_attente.js'
import { usePlanningCalendar } from '../../../components/planning/use_planning_calendar.js'
import {
  usePlanningQuery,
  usePlanningUrl,
} from '../../../components/planning/use_planning_query.js'
import PlanningFilters from '../../../components/planning/PlanningFilters.js'
import PlanningToolbar from '../../../components/planning/PlanningToolbar.js'
import Planificationoffcanvas from '../../../components/planning/Planificationoffcanvas.js'
import { route } from '../../../lib/route.js'
import { toast } from '../../../lib/toast.js'
import { addMinutes } from '../../../lib/planning_time.js'
import {
  PLANNING_TYPE_LABELS,
  type AttenteItem,
  type Nature,
  type PlanificationDto,
  type PlanningQuery,
  type PlanningType,
  type RessourceDto,
} from '@shared/planning'
import PlanificationModal, {
  type ModalInit,
} from '../../../components/planning/PlanificationModal.js'

export type PlanningIndexProps = {
  type: PlanningType
  query: PlanningQuery
  visite: number | null
  ressources: RessourceDto[]
  today: string
  natures: Nature[]
}

export default function PlanningIndex(props: PlanningIndexProps) {
  const { type, ressources, today, natures } = props
  const { query, setQuery, setVue, togglePersonne, toggleNature } = usePlanningQuery(props.query)
  const [annulees, setAnnulees] = useState(false)
  const [title, setTitle] = useState('')
  const [modal, setModal] = useState<ModalInit | null>(
    props.visite ? { mode: 'edit', id: props.visite } : null
  )
  const [listOpen, setListOpen] = useState(false)

  const shownRessources = useMemo(
    () =>
      query.personnes.length
        ? ressources.filter((r) => query.personnes.includes(r.id))
        : ressources,
    [ressources, query.personnes]
  )

  // What waits to be planned, fetched again after each planning
  const { attente, attenteError, loadAttente } = useAttente(type)

  /** The waiting item in its creation modal, on the day shown (a click in the list). */
  const planItem = useCallback(
    (item: AttenteItem) => {
      const debut = `${query.date}T08:00`
      setModal({
        mode: 'create',
        debut,
        fin: addMinutes(debut, item.dureeMinutes),
        personnes: query.personnes.length === 1 ? query.personnes : [],
        item,
      })
    },
    [query.date, query.personnes]
  )

  // ?planifier=<cle> (« Planifier » on the map): that item opens in the modal once the list is in
  const toPlan = useRef(
    typeof window === 'undefined'
      ? null
      : new URLSearchParams(window.location.search).get('planifier')
  )
  useEffect(() => {
    if (!attente || !toPlan.current) return
    const item = attente.find((i) => i.cle === toPlan.current)
    toPlan.current = null
    if (item) planItem(item)
  }, [attente, planItem])

  // The calendar and its event handlers (drag, resize, selection, a waiting item dropped)
  const { elRef, calRef, onDragOver, onDrop, onDragStart, onDragEnd } = usePlanningCalendar({
    type,
    query,
    setQuery,
    annulees,
    shownRessources,
    onTitle: setTitle,
    setModal,
    loadAttente,
  })
  usePlanningUrl(type, query, today)

  function onSaved(v: PlanificationDto | null) {
    setModal(null)
    calRef.current?.refetchEvents()
    loadAttente()
    if (v) void toast('success', 'Visite enregistrée')
  }

  const routeName = type === 'com' ? 'esi.planning.com' : 'esi.planning.tec'
  const otherType: PlanningType = type === 'com' ? 'tec' : 'com'

  return (
    <>
      <Head title={PLANNING_TYPE_LABELS[type]} />
      <PageHeader
        title={PLANNING_TYPE_LABELS[type]}
        subtitle={
          type === 'com'
            ? 'Les rendez-vous des commerciaux chez les prospects et les clients'
            : 'Mesurages, poses et SAV des techniciens'
        }
        breadcrumb={[
          { label: 'Planning', href: route(routeName) },
          { label: type === 'com' ? 'Commercial' : 'Technique' },
        ]}
        actions={
          <a
            className="btn btn-sm btn-alt-secondary"
            href={route(otherType === 'com' ? 'esi.planning.com' : 'esi.planning.tec')}
          >
            <i className="bi bi-arrow-left-right me-1" aria-hidden="true" />
            {PLANNING_TYPE_LABELS[otherType]}
          </a>
        }
      />
      <div className="content planning-page">
        <div className="row g-3">
          <div className="col-xl-9 min-w-0">
            <div className="block block-rounded mb-0">
              <div className="block-content pb-3">
                <PlanningToolbar
                  title={title}
                  vue={query.vue}
                  onVue={setVue}
                  onPrev={() => calRef.current?.prev()}
                  onToday={() => calRef.current?.gotoDate(today)}
                  onNext={() => calRef.current?.next()}
                  carteHref={route(
                    type === 'com' ? 'esi.planning.com_carte' : 'esi.planning.tec_carte',
                    {},
                    { date: query.date }
                  )}
                  listOpen={listOpen}
                  onOpenList={() => setListOpen(true)}
                  attenteCount={attente ? attente.length : null}
                />
                <PlanningFilters
                  ressources={ressources}
                  personnes={query.personnes}
                  onTogglePersonne={togglePersonne}
                  onToutLeMonde={() => setQuery((q) => ({ ...q, personnes: [] }))}
                  natures={natures}
                  selectedNatures={query.natures}
                  onToggleNature={toggleNature}
                  annulees={annulees}
                  onAnnulees={setAnnulees}
                />
                <div
                  className="planning-calendar"
                  data-testid="planning-calendar"
                  onDragOver={onDragOver}
                  onDrop={onDrop}
                >
                  <div ref={elRef} />
                </div>
              </div>
            </div>
          </div>
          <div className="col-xl-3">
            <Planificationoffcanvas
              type={type}
              items={attente}
              error={attenteError}
              open={listOpen}
              onClose={() => setListOpen(false)}
              onDragStart={onDragStart}
              onDragEnd={onDragEnd}
              onChoose={(item) => {
                setListOpen(false)
                planItem(item)
              }}
            />
          </div>
        </div>
      </div>
      {modal && (
        <PlanificationModal
          type={type}
          natures={natures}
          ressources={ressources}
          attente={attente ?? []}
          init={modal}
          onClose={() => setModal(null)}
          onSaved={onSaved}
        />
      )}
    </>
  )
}
