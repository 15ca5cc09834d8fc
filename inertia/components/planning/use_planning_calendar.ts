/*
 * The planning calendar (issue 13 §1) on @event-calendar/core, mounted once in `elRef`, and its
 * event handlers: a drag or a resize is saved at once and reverted with the server's reason when
 * refused; a waiting item dropped on it is planned at that time, for that person.
 */
import {
  useCallback,
  useEffect,
  useRef,
  type Dispatch,
  type DragEvent,
  type SetStateAction,
} from 'react'
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
import { http, HttpError } from '../../lib/http.js'
import { route } from '../../lib/route.js'
import { toast } from '../../lib/toast.js'
import { addMinutes, wallDateOf, wallTimeOf } from '../../lib/planning_time.js'
import type {
  AttenteItem,
  PlanificationDto,
  PlanningQuery,
  PlanningType,
  RessourceDto,
} from '@shared/planning'
import { EC_VIEWS, calendarOptions, fixCalendarAria, toResources } from './calendar_options.js'
import { toEvent } from './calendar_events.js'
import { refusalMessage } from './error_message.js'
import type { ModalInit } from './PlanificationModal.js'

type Options = {
  type: PlanningType
  query: PlanningQuery
  setQuery: Dispatch<SetStateAction<PlanningQuery>>
  annulees: boolean
  shownRessources: RessourceDto[]
  onTitle: (title: string) => void
  setModal: (modal: ModalInit) => void
  loadAttente: () => void
}

export function usePlanningCalendar({
  type,
  query,
  setQuery,
  annulees,
  shownRessources,
  onTitle,
  setModal,
  loadAttente,
}: Options) {
  const elRef = useRef<HTMLDivElement>(null)
  const calRef = useRef<Calendar | null>(null)
  // What the calendar's callbacks read (they are set once, when it mounts)
  const live = useRef({ query, annulees })
  useEffect(() => {
    live.current = { query, annulees }
  })
  const dragged = useRef<AttenteItem | null>(null)

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
        void toast('error', refusalMessage(error))
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
        onTitle,
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
      void toast('error', refusalMessage(error))
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

  function onDragStart(item: AttenteItem) {
    dragged.current = item
  }

  function onDragEnd() {
    // Cleared after the drop had its chance to read it
    setTimeout(() => (dragged.current = null), 0)
  }

  return { elRef, calRef, onDragOver, onDrop, onDragStart, onDragEnd }
}
