/*
 * Issue 13 §1 — the calendar of a planning (com or tec) on @event-calendar/core (MIT, vanilla JS
 * mounted in a ref). The visits come as JSON for the range on screen; every drag, resize or
 * creation is saved at once and reverted with the server's French reason when refused. The view,
 * date and filters live in the URL. Times are Brussels wall time (see lib/planning_time.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react'
import { Head, Link, router } from '@inertiajs/react'
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
import Dropdown from '../../../components/ui/Dropdown.js'
import { http, HttpError } from '../../../lib/http.js'
import { route } from '../../../lib/route.js'
import { toast } from '../../../lib/toast.js'
import {
  addMinutes,
  brusselsWallTime,
  minutesBetween,
  wallDateOf,
  wallTimeOf,
} from '../../../lib/planning_time.js'
import {
  HEURES_OUVRABLES,
  JOURS_OUVRABLES,
  NATURE_COULEURS,
  NATURE_LABELS,
  PLANIF_STATUT_LABELS,
  PLANNING_TYPE_LABELS,
  VUE_LABELS,
  VUES,
  planningQueryString,
  type AttenteItem,
  type Nature,
  type PlanificationDto,
  type PlanningQuery,
  type PlanningType,
  type RessourceDto,
  type Vue,
} from '@shared/planning'
import PlanificationModal, { type ModalInit } from './PlanificationModal.js'
import Planificationoffcanvas from './Planificationoffcanvas.js'

export type PlanningIndexProps = {
  type: PlanningType
  query: PlanningQuery
  visite: number | null
  ressources: RessourceDto[]
  today: string
  natures: Nature[]
}

/** Our views and the calendar's. */
const EC_VIEWS: Record<Vue, string> = {
  jour: 'timeGridDay',
  semaine: 'timeGridWeek',
  mois: 'dayGridMonth',
  ressources: 'resourceTimeGridDay',
  chronologie: 'resourceTimelineWeek',
}

const BUTTON_TEXT = {
  today: 'Aujourd’hui',
  dayGridMonth: 'Mois',
  timeGridWeek: 'Semaine',
  timeGridDay: 'Jour',
  listDay: 'Liste',
  listWeek: 'Liste',
  resourceTimeGridDay: 'Par personne',
  resourceTimelineWeek: 'Chronologie',
  close: 'Fermer',
}

const PHONE_MAX_WIDTH = 767

/** Sundays (not a working day) are hidden in the week views. */
const HIDDEN_DAYS = [0, 1, 2, 3, 4, 5, 6].filter(
  (d) => !(JOURS_OUVRABLES as readonly number[]).includes(d)
) as Calendar.dayOfWeek[]

/** An error of the JSON helper as the French sentence the server gave. */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.body as { message?: string; errors?: { message: string }[] } | null
    if (body?.errors?.length) return body.errors.map((e) => e.message).join(' ')
    if (body?.message) return body.message
    if (error.status >= 500) return 'Une erreur est survenue : réessayez.'
  }
  return 'Le serveur ne répond pas : réessayez.'
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!
  )

/** The event's text: time (a check when done), title; every text escaped (names are typed). */
function eventContent(v: PlanificationDto, timeText: string): { html: string } {
  const check =
    v.statut === 'realisee' ? '<i class="bi bi-check-circle-fill me-1" aria-hidden="true"></i>' : ''
  const statut =
    v.statut === 'planifiee'
      ? ''
      : `<span class="visually-hidden"> (${escapeHtml(PLANIF_STATUT_LABELS[v.statut])})</span>`
  return {
    html:
      `<div class="planning-event-body"><div class="planning-event-time">${check}` +
      `${escapeHtml(timeText)}</div><div class="planning-event-title">${escapeHtml(v.titre)}` +
      `</div>${statut}</div>`,
  }
}

/** A visit over several days (a pose of two days) is a bar of days, not a column over the night. */
function severalDays(v: PlanificationDto): boolean {
  return brusselsWallTime(v.debut).slice(0, 10) !== brusselsWallTime(v.fin).slice(0, 10)
}

function toEvent(v: PlanificationDto): Calendar.EventInput {
  const debut = brusselsWallTime(v.debut)
  const fin = brusselsWallTime(v.fin)
  const days = severalDays(v)
  return {
    id: v.id,
    allDay: days,
    // The bar ends after its last day (the calendar's ends are exclusive)
    start: days ? debut.slice(0, 10) : `${debut}:00`,
    end: days ? addMinutes(`${fin.slice(0, 10)}T00:00`, 24 * 60).slice(0, 10) : `${fin}:00`,
    // The calendar keeps resource ids as strings
    resourceIds: v.personnes.map(String),
    title: v.titre,
    backgroundColor: NATURE_COULEURS[v.nature],
    classNames: ['planning-event', `planning-${v.statut}`, `planning-nature-${v.nature}`],
    editable: v.statut === 'planifiee',
    styles: [`--planning-nature: ${NATURE_COULEURS[v.nature]}`],
    extendedProps: { visite: v },
  }
}

/**
 * The visit's new times after a drag or a resize. A bar of days moves by whole days and keeps its
 * hours (08:00 on its first day, 16:30 on its last); a timed event says its own times.
 */
function movedTimes(v: PlanificationDto, event: Calendar.Event): { debut: string; fin: string } {
  if (!event.allDay) return { debut: wallTimeOf(event.start), fin: wallTimeOf(event.end) }
  const debut = brusselsWallTime(v.debut)
  const fin = brusselsWallTime(v.fin)
  const shift = minutesBetween(`${debut.slice(0, 10)}T00:00`, `${wallDateOf(event.start)}T00:00`)
  const lastDay = addMinutes(`${wallDateOf(event.end)}T00:00`, -24 * 60).slice(0, 10)
  return {
    debut: addMinutes(debut, shift),
    // A resize changes the last day; a drag moves both ends by the same days
    fin:
      lastDay === addMinutes(fin, shift).slice(0, 10)
        ? addMinutes(fin, shift)
        : `${lastDay}T${fin.slice(11, 16)}`,
  }
}

/**
 * @event-calendar's markup is a table (role table > rowgroup > row) whose rowgroup also holds the
 * events' layer (a plain div of buttons) and whose root holds the toolbar: axe reports
 * aria-required-children. The layer becomes a row of cells (each event a focusable cell that
 * Enter opens, as before) and the toolbar we do not use leaves the tree.
 */
function fixCalendarAria(root: HTMLElement) {
  root.querySelectorAll<HTMLElement>('nav.ec-toolbar:not([hidden])').forEach((nav) => {
    nav.hidden = true
  })
  root
    .querySelectorAll<HTMLElement>(
      '.ec-events, [role="rowgroup"] > div:is(:not([role]), [data-layer])'
    )
    .forEach((layer) => {
      layer.dataset.layer = ''
      layer.querySelectorAll<HTMLElement>('.ec-event').forEach((ev) => {
        // A visit opens on Enter (a focusable cell); the drag pointer and previews are decor
        if (ev.getAttribute('role') === 'button') ev.setAttribute('role', 'gridcell')
        else if (!ev.hasAttribute('role')) ev.setAttribute('role', 'presentation')
      })
      // A row needs cells: an empty layer stays a plain div
      if (layer.querySelector('[role="gridcell"]')) layer.setAttribute('role', 'row')
      else layer.removeAttribute('role')
    })
  // The month's day cells and the timeline's person headers sit in a plain grid: make it a row
  root
    .querySelectorAll<HTMLElement>('[role="cell"], [role="rowheader"], [role="columnheader"]')
    .forEach((cell) => {
      const parent = cell.parentElement
      if (parent && !parent.hasAttribute('role')) parent.setAttribute('role', 'row')
    })
}

function isPhone(): boolean {
  return typeof window !== 'undefined' && window.innerWidth <= PHONE_MAX_WIDTH
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
  const [attente, setAttente] = useState<AttenteItem[] | null>(null)
  const [attenteError, setAttenteError] = useState<string | null>(null)

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

  // What waits to be planned, fetched again after each planning (attenteVersion)
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
        if (!gone) setAttenteError(errorMessage(error))
      })
    return () => {
      gone = true
    }
  }, [type, attenteVersion])

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
      {
        view: EC_VIEWS[live.current.query.vue],
        date: live.current.query.date,
        // Floating Brussels wall time: see lib/planning_time.ts
        timeZone: 'UTC',
        locale: 'fr-BE',
        firstDay: 1,
        hiddenDays: HIDDEN_DAYS,
        buttonText: BUTTON_TEXT,
        headerToolbar: { start: '', center: '', end: '' },
        // Visits over several days sit in the row of days above the hours
        allDaySlot: true,
        allDayContent: 'Journées',
        nowIndicator: false,
        slotMinTime: HEURES_OUVRABLES.debut,
        slotMaxTime: HEURES_OUVRABLES.fin,
        scrollTime: HEURES_OUVRABLES.debut,
        // A visit outside the working hours widens the grid instead of vanishing
        flexibleSlotTimeLimits: true,
        slotDuration: '00:30',
        snapDuration: '00:15',
        slotLabelFormat: { hour: '2-digit', minute: '2-digit', hour12: false },
        eventTimeFormat: { hour: '2-digit', minute: '2-digit', hour12: false },
        dayHeaderFormat: { weekday: 'short', day: 'numeric', month: 'numeric' },
        height: 'auto',
        selectable: true,
        editable: true,
        pointer: true,
        longPressDelay: 400,
        dayMaxEvents: true,
        resources: shownRessources.map((r) => ({
          id: String(r.id),
          title: r.nom,
          eventBackgroundColor: r.couleur,
        })) as unknown as Calendar.ResourceInput[],
        noEventsContent: 'Aucune visite',
        moreLinkContent: (arg: Calendar.MoreLinkInfo) =>
          `+ ${arg.num} autre${arg.num > 1 ? 's' : ''}`,
        // The week's timeline in hours, not half-hours: a week stays readable
        views: {
          // One column an hour, labelled « 8 h », wide enough for its label
          resourceTimelineWeek: {
            slotDuration: '01:00',
            slotWidth: 44,
            slotLabelFormat: (time: Date) => `${time.getHours()} h`,
          },
          // The month's column heads are weekdays, not the first week's dates
          dayGridMonth: { dayHeaderFormat: { weekday: 'short' } },
        },
        eventSources: [
          {
            events: async (info: Calendar.FetchInfo) => {
              const { query: q, annulees: withCancelled } = live.current
              const r = await http.get<{ visites: PlanificationDto[] }>(
                route(
                  'esi.planifications.index',
                  {},
                  {
                    type,
                    start: wallTimeOf(info.start),
                    end: wallTimeOf(info.end),
                    personnes: q.personnes.join(','),
                    natures: q.natures.join(','),
                    annulees: withCancelled ? '1' : undefined,
                  }
                ),
                { progress: false }
              )
              return r.visites.map(toEvent) as Calendar.Event[]
            },
          },
        ],
        eventContent: (info: Calendar.EventContentInfo) => {
          // The pointer and the selection are events of the calendar's own, without a visit
          const v = info.event.extendedProps.visite as PlanificationDto | undefined
          if (!v) return undefined
          // A bar of days says its hours: « 23/11 08:00 → 24/11 16:30 »
          const time = severalDays(v)
            ? [v.debut, v.fin]
                .map((t) => {
                  const w = brusselsWallTime(t)
                  return `${w.slice(8, 10)}/${w.slice(5, 7)} ${w.slice(11, 16)}`
                })
                .join(' → ')
            : info.timeText
          return eventContent(v, time)
        },
        datesSet: (info: Calendar.DatesSetInfo) => {
          setTitle(info.view.title)
          // The date stays while it is on screen (a week keeps « today »), else the first day
          const start = wallDateOf(info.view.currentStart)
          const end = wallDateOf(info.view.currentEnd)
          setQuery((q) => (q.date >= start && q.date < end ? q : { ...q, date: start }))
        },
        select: (info: Calendar.SelectInfo) => {
          const q = live.current.query
          let debut = wallTimeOf(info.start)
          let fin = wallTimeOf(info.end)
          if (info.allDay) {
            debut = `${wallDateOf(info.start)}T08:00`
            fin = `${wallDateOf(info.start)}T09:00`
          }
          const personnes = info.resource
            ? [Number(info.resource.id)]
            : q.personnes.length === 1
              ? q.personnes
              : []
          setModal({ mode: 'create', debut, fin, personnes })
          cal.unselect()
        },
        eventClick: (info: Calendar.EventClickInfo) => {
          const v = info.event.extendedProps.visite as PlanificationDto
          setModal({ mode: 'edit', id: v.id })
        },
        eventDrop: (info: Calendar.EventDropInfo) => {
          const v = info.event.extendedProps.visite as PlanificationDto
          let personnes = v.personnes
          if (info.oldResource && info.newResource && info.oldResource.id !== info.newResource.id) {
            const from = Number(info.oldResource.id)
            const to = Number(info.newResource.id)
            personnes = [...new Set(v.personnes.map((p) => (p === from ? to : p)))]
          }
          void saveMove(v, { ...movedTimes(v, info.event), personnes }, info.revert)
        },
        eventResize: (info: Calendar.EventResizeInfo) => {
          const v = info.event.extendedProps.visite as PlanificationDto
          void saveMove(v, { ...movedTimes(v, info.event), personnes: v.personnes }, info.revert)
        },
      }
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
    calRef.current?.setOption(
      'resources',
      shownRessources.map((r) => ({
        id: String(r.id),
        title: r.nom,
        eventBackgroundColor: r.couleur,
      })) as unknown as Calendar.ResourceInput[]
    )
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
                <div className="planning-toolbar d-flex flex-wrap align-items-center gap-2 mb-3">
                  <div className="btn-group" role="group" aria-label="Naviguer">
                    <button
                      type="button"
                      className="btn btn-sm btn-alt-secondary"
                      onClick={() => calRef.current?.prev()}
                      aria-label="Période précédente"
                    >
                      <i className="bi bi-chevron-left" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-alt-secondary"
                      onClick={() => calRef.current?.gotoDate(today)}
                    >
                      Aujourd’hui
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-alt-secondary"
                      onClick={() => calRef.current?.next()}
                      aria-label="Période suivante"
                    >
                      <i className="bi bi-chevron-right" aria-hidden="true" />
                    </button>
                  </div>
                  <h2 className="h5 mb-0 planning-title text-capitalize" aria-live="polite">
                    {title}
                  </h2>
                  <div className="ms-auto d-flex flex-wrap gap-2">
                    <label className="visually-hidden" htmlFor="planning-vue">
                      Vue
                    </label>
                    <select
                      id="planning-vue"
                      className="form-select form-select-sm d-md-none w-auto"
                      value={query.vue}
                      onChange={(e) => setVue(e.target.value as Vue)}
                    >
                      {VUES.map((v) => (
                        <option key={v} value={v}>
                          {VUE_LABELS[v]}
                        </option>
                      ))}
                    </select>
                    <div
                      className="btn-group d-none d-md-inline-flex"
                      role="group"
                      aria-label="Vue"
                    >
                      {VUES.map((v) => (
                        <button
                          key={v}
                          type="button"
                          className={`btn btn-sm ${query.vue === v ? 'btn-primary' : 'btn-alt-secondary'}`}
                          aria-pressed={query.vue === v}
                          onClick={() => setVue(v)}
                        >
                          {VUE_LABELS[v]}
                        </button>
                      ))}
                    </div>
                    <Link
                      href={route(
                        type === 'com' ? 'esi.planning.com_carte' : 'esi.planning.tec_carte',
                        {},
                        { date: query.date }
                      )}
                      className="btn btn-sm btn-alt-secondary"
                    >
                      <i className="bi bi-map me-1" aria-hidden="true" />
                      Carte
                    </Link>
                    <button
                      type="button"
                      className="btn btn-sm btn-alt-primary d-xl-none"
                      onClick={() => setListOpen(true)}
                      aria-controls="planning-attente"
                      aria-expanded={listOpen}
                    >
                      <i className="bi bi-inbox me-1" aria-hidden="true" />À planifier
                      {attente && <span className="badge bg-primary ms-1">{attente.length}</span>}
                    </button>
                  </div>
                </div>
                <div className="planning-filters d-flex flex-wrap align-items-center gap-2 mb-3">
                  <Dropdown
                    align="start"
                    toggleClassName="btn btn-sm btn-alt-secondary dropdown-toggle"
                    toggle={
                      <>
                        <i className="bi bi-people me-1" aria-hidden="true" />
                        {query.personnes.length
                          ? `${query.personnes.length} personne${query.personnes.length > 1 ? 's' : ''}`
                          : 'Toutes les personnes'}
                      </>
                    }
                    menuClassName="planning-personnes-menu p-2"
                  >
                    {ressources.map((r) => (
                      <div className="form-check" key={r.id}>
                        <input
                          className="form-check-input"
                          type="checkbox"
                          id={`filtre-personne-${r.id}`}
                          checked={query.personnes.includes(r.id)}
                          onChange={() => togglePersonne(r.id)}
                        />
                        <label className="form-check-label" htmlFor={`filtre-personne-${r.id}`}>
                          <span
                            className="planning-swatch me-1"
                            style={{ background: r.couleur }}
                            aria-hidden="true"
                          />
                          {r.nom}
                          {r.equipe && (
                            <span className="text-body-secondary small"> · {r.equipe}</span>
                          )}
                        </label>
                      </div>
                    ))}
                    {query.personnes.length > 0 && (
                      <button
                        type="button"
                        className="btn btn-sm btn-link px-0"
                        onClick={() => setQuery((q) => ({ ...q, personnes: [] }))}
                      >
                        Tout le monde
                      </button>
                    )}
                  </Dropdown>
                  {natures.length > 1 &&
                    natures.map((n) => {
                      const on = query.natures.includes(n)
                      return (
                        <button
                          key={n}
                          type="button"
                          className={`btn btn-sm planning-nature-chip${on ? ' active' : ''}`}
                          style={{ '--planning-nature': NATURE_COULEURS[n] } as React.CSSProperties}
                          aria-pressed={on}
                          onClick={() => toggleNature(n)}
                        >
                          <span className="planning-swatch me-1" aria-hidden="true" />
                          {NATURE_LABELS[n]}
                        </button>
                      )
                    })}
                  <div className="form-check form-switch mb-0 ms-md-auto">
                    <input
                      className="form-check-input"
                      type="checkbox"
                      role="switch"
                      id="planning-annulees"
                      checked={annulees}
                      onChange={(e) => setAnnulees(e.target.checked)}
                    />
                    <label className="form-check-label small" htmlFor="planning-annulees">
                      Afficher les visites annulées
                    </label>
                  </div>
                </div>
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
