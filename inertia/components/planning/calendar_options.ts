/*
 * The options of the planning calendar (@event-calendar/core, issue 13 §1), set once when it is
 * created: French texts, working hours, the views, the visits' fetch and what a click, a selection,
 * a drag or a resize does (the page's callbacks). Also the ARIA repair of its markup.
 */
import type { Calendar } from '@event-calendar/core'
import { http } from '../../lib/http.js'
import { route } from '../../lib/route.js'
import { brusselsWallTime, wallDateOf, wallTimeOf } from '../../lib/planning_time.js'
import {
  HEURES_OUVRABLES,
  JOURS_OUVRABLES,
  type PlanificationDto,
  type PlanningQuery,
  type PlanningType,
  type RessourceDto,
  type Vue,
} from '@shared/planning'
import { eventContent, movedTimes, severalDays, toEvent } from './calendar_events.js'

/** Our views and the calendar's. */
export const EC_VIEWS: Record<Vue, string> = {
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

/** The persons as the calendar's resources (it keeps their ids as strings). */
export function toResources(ressources: RessourceDto[]): Calendar.ResourceInput[] {
  return ressources.map((r) => ({
    id: String(r.id),
    title: r.nom,
    eventBackgroundColor: r.couleur,
  })) as unknown as Calendar.ResourceInput[]
}

/** What the calendar's callbacks ask of the page (they are set once, when it mounts). */
export type CalendarCallbacks = {
  /** The query and the « annulées » switch as they are now. */
  current: () => { query: PlanningQuery; annulees: boolean }
  onTitle: (title: string) => void
  /** The first day on screen and the day after the last (wall dates). */
  onDates: (start: string, end: string) => void
  /** A slot chosen on the grid: a new visit there. */
  onSelect: (slot: { debut: string; fin: string; personnes: number[] }) => void
  onOpen: (visiteId: number) => void
  onMove: (
    v: PlanificationDto,
    changes: { debut: string; fin: string; personnes: number[] },
    revert: () => void
  ) => void
}

export function calendarOptions(
  type: PlanningType,
  ressources: RessourceDto[],
  on: CalendarCallbacks
): Calendar.Options {
  const { query } = on.current()
  return {
    view: EC_VIEWS[query.vue],
    date: query.date,
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
    resources: toResources(ressources),
    noEventsContent: 'Aucune visite',
    moreLinkContent: (arg: Calendar.MoreLinkInfo) => `+ ${arg.num} autre${arg.num > 1 ? 's' : ''}`,
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
          const { query: q, annulees: withCancelled } = on.current()
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
      on.onTitle(info.view.title)
      const start = wallDateOf(info.view.currentStart)
      const end = wallDateOf(info.view.currentEnd)
      on.onDates(start, end)
    },
    select: (info: Calendar.SelectInfo) => {
      const q = on.current().query
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
      on.onSelect({ debut, fin, personnes })
    },
    eventClick: (info: Calendar.EventClickInfo) => {
      const v = info.event.extendedProps.visite as PlanificationDto
      on.onOpen(v.id)
    },
    eventDrop: (info: Calendar.EventDropInfo) => {
      const v = info.event.extendedProps.visite as PlanificationDto
      let personnes = v.personnes
      if (info.oldResource && info.newResource && info.oldResource.id !== info.newResource.id) {
        const from = Number(info.oldResource.id)
        const to = Number(info.newResource.id)
        personnes = [...new Set(v.personnes.map((p) => (p === from ? to : p)))]
      }
      on.onMove(v, { ...movedTimes(v, info.event), personnes }, info.revert)
    },
    eventResize: (info: Calendar.EventResizeInfo) => {
      const v = info.event.extendedProps.visite as PlanificationDto
      on.onMove(v, { ...movedTimes(v, info.event), personnes: v.personnes }, info.revert)
    },
  }
}

/**
 * @event-calendar's markup is a table (role table > rowgroup > row) whose rowgroup also holds the
 * events' layer (a plain div of buttons) and whose root holds the toolbar: axe reports
 * aria-required-children. The layer becomes a row of cells (each event a focusable cell that
 * Enter opens, as before) and the toolbar we do not use leaves the tree.
 */
export function fixCalendarAria(root: HTMLElement) {
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

export function isPhone(): boolean {
  return typeof window !== 'undefined' && window.innerWidth <= PHONE_MAX_WIDTH
}
