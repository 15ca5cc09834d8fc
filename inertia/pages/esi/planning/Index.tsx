/*
 * Issue 13 §1 — the calendar of a planning (com or tec) on @event-calendar/core (MIT, vanilla JS
 * mounted in a ref). The visits come as JSON for the range on screen; every drag, resize or
 * creation is saved at once and reverted with the server's French reason when refused. The view,
 * date and filters live in the URL. Times are Brussels wall time (see lib/planning_time.ts).
 * Its parts (options, toolbar, filters, waiting list, modal) are in inertia/components/planning/.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react'
import { Head, router } from '@inertiajs/react'
import {
  createCalendar,
  destroyCalendar,
  DayGrid,
  Interaction,
  ResourceTimeGrid,
  ResourceTimeline,
  TimeGrid,
  type Calendar,
} from '@event-calendar/core'
// The calendar's own styles through a local file (@import): a page never links node_modules
import './planning_calendar.css'
import PageHeader from '../../../components/layout/PageHeader.js'
import {
  EC_VIEWS,
  calendarOptions,
  fixCalendarAria,
  isPhone,
  toResources,
} from '../../../components/planning/calendar_options.js'
import { toEvent } from '../../../components/planning/calendar_events.js'
import { errorMessage } from '../../../components/planning/error_message.js'
import { useAttente } from '../../../components/planning/use_attente.js'
import PlanningFilters from '../../../components/planning/PlanningFilters.js'
import PlanningToolbar from '../../../components/planning/PlanningToolbar.js'
import Planificationoffcanvas from '../../../components/planning/Planificationoffcanvas.js'
import { http, HttpError } from '../../../lib/http.js'
import { route } from '../../../lib/route.js'
import { toast } from '../../../lib/toast.js'
import { addMinutes, wallDateOf, wallTimeOf } from '../../../lib/planning_time.js'
import {
  PLANNING_TYPE_LABELS,
  planningQueryString,
  type AttenteItem,
  type Nature,
  type PlanificationDto,
  type PlanningQuery,
  type PlanningType,
  type RessourceDto,
  type Vue,
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
  const [query, setQuery] = useState<PlanningQuery>(() => {
    // A phone shows one day unless the link asks for a view
    const askedVue =
      typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('vue')
    return !askedVue && isPhone() ? { ...props.query, vue: 'jour' } : props.query
  })
  const [annulees, setAnnulees] = useState(false)
  const [title, setTitle] = useState('')
  const [modal, setModal] = useState<ModalInit | null>(
    props.visite ? { mode: 'edit', id: props.visite } : null
  )
  const [listOpen, setListOpen] = useState(false)

  const elRef = useRef<HTMLDivElement>(null)
  const calRef = useRef<Calendar | null>(null)
  // What the calendar's callbacks read (they are set once, when it mounts)
  const live = useRef({ query, annulees })
  useEffect(() => {
    live.current = { query, annulees }
  })
  const dragged = useRef<AttenteItem | null>(null)

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

  /** Saves a drag or a resize; the event goes back where it was when the server refuses. */
  const saveMove = useCallback(
    async (
      v: PlanificationDto,
      changes: { debut: string; fin: string; personnes: number[] },
      revert: () => void
    ) => {
      try {
        const updated = await http.put<PlanificationDto>(
          route('esi.planifications.update', { id: v.id }),
          { lock_version: v.lockVersion, ...changes }
        )
        calRef.current?.updateEvent(toEvent(updated) as Calendar.Event)
        void toast('success', 'Visite enregistrée')
      } catch (error) {
        revert()
        void toast('error', errorMessage(error))
        // Someone else changed it: show the visit as it now is
        if (error instanceof HttpError && error.status === 409) calRef.current?.refetchEvents()
      }
    },
    []
  )

  // The calendar is created once; options that change are set on it below
  useEffect(() => {
    if (!elRef.current) return
    const cal = createCalendar(
      elRef.current,
      [TimeGrid, DayGrid, ResourceTimeGrid, ResourceTimeline, Interaction],
      calendarOptions(type, shownRessources, {
        current: () => live.current,
        onTitle: setTitle,
        // The date stays while it is on screen (a week keeps « today »), else the first day
        onDates: (start, end) =>
          setQuery((q) => (q.date >= start && q.date < end ? q : { ...q, date: start })),
        onSelect: ({ debut, fin, personnes }) => {
          setModal({ mode: 'create', debut, fin, personnes })
          calRef.current?.unselect()
        },
        onOpen: (id) => setModal({ mode: 'edit', id }),
        onMove: (v, changes, revert) => void saveMove(v, changes, revert),
      })
    )
    calRef.current = cal
    const root = elRef.current
    fixCalendarAria(root)
    const observer = new MutationObserver(() => fixCalendarAria(root))
    observer.observe(root, { childList: true, subtree: true })
    return () => {
      observer.disconnect()
      calRef.current = null
      void destroyCalendar(cal)
    }
    // Created once: later changes go through setOption
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // The view and the persons shown follow the state
  useEffect(() => {
    const cal = calRef.current
    if (!cal) return
    if (cal.getOption('view') !== EC_VIEWS[query.vue]) cal.setOption('view', EC_VIEWS[query.vue])
  }, [query.vue])

  useEffect(() => {
    calRef.current?.setOption('resources', toResources(shownRessources))
  }, [shownRessources])

  // Filters change what the server sends: fetch again
  const filterKey = `${query.personnes.join(',')}|${query.natures.join(',')}|${annulees}`
  const firstFilter = useRef(true)
  useEffect(() => {
    if (firstFilter.current) {
      firstFilter.current = false
      return
    }
    calRef.current?.refetchEvents()
  }, [filterKey])

  // The state in the URL, without a visit to the server
  useEffect(() => {
    const url = route(
      type === 'com' ? 'esi.planning.com' : 'esi.planning.tec',
      {},
      planningQueryString(query, today)
    )
    if (url === `${window.location.pathname}${window.location.search}`) return
    router.replace({
      url,
      preserveScroll: true,
      preserveState: true,
      props: (p) => ({ ...p, query, visite: null }),
    })
  }, [query, today, type])

  function setVue(vue: Vue) {
    setQuery((q) => ({ ...q, vue }))
  }

  function togglePersonne(id: number) {
    setQuery((q) => ({
      ...q,
      personnes: q.personnes.includes(id)
        ? q.personnes.filter((p) => p !== id)
        : [...q.personnes, id],
    }))
  }

  function toggleNature(n: Nature) {
    setQuery((q) => ({
      ...q,
      natures: q.natures.includes(n) ? q.natures.filter((x) => x !== n) : [...q.natures, n],
    }))
  }

  /** A waiting item dropped on the calendar: planned at that time, for that person. */
  async function dropItem(item: AttenteItem, x: number, y: number) {
    const cal = calRef.current
    const point = cal?.dateFromPoint(x, y)
    if (!cal || !point) {
      void toast('warning', 'Déposez l’élément sur une case du calendrier.')
      return
    }
    const debut = point.allDay ? `${wallDateOf(point.date)}T08:00` : wallTimeOf(point.date)
    const fin = addMinutes(debut, item.dureeMinutes)
    const q = live.current.query
    const personnes = point.resource
      ? [Number(point.resource.id)]
      : q.personnes.length === 1
        ? q.personnes
        : []
    if (!personnes.length) {
      // No person under the pointer (week or month view): the modal asks who goes
      setModal({ mode: 'create', debut, fin, personnes, item })
      return
    }
    try {
      const v = await http.post<PlanificationDto>(route('esi.planifications.store'), {
        type,
        nature: item.nature,
        debut,
        fin,
        personnes,
        commande_id: item.demandeId ? undefined : item.commande?.id,
        demande_id: item.demandeId ?? undefined,
      })
      cal.addEvent(toEvent(v))
      void toast('success', 'Visite planifiée')
      loadAttente()
    } catch (error) {
      void toast('error', errorMessage(error))
    }
  }

  function onDragOver(e: DragEvent<HTMLDivElement>) {
    if (!dragged.current) return
    e.preventDefault()
    e.dataTransfer.dropEffect = 'copy'
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    const item = dragged.current
    dragged.current = null
    if (!item) return
    e.preventDefault()
    void dropItem(item, e.clientX, e.clientY)
  }

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
              onDragStart={(item) => {
                dragged.current = item
              }}
              onDragEnd={() => {
                // Cleared after the drop had its chance to read it
                setTimeout(() => (dragged.current = null), 0)
              }}
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
