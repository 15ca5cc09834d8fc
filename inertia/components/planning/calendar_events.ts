/*
 * A visit as an event of @event-calendar (issue 13 §1) and back: its bar or block, its text, its
 * new times after a drag. Times are Brussels wall time (see lib/planning_time.ts).
 */
import type { Calendar } from '@event-calendar/core'
import {
  addMinutes,
  brusselsWallTime,
  minutesBetween,
  wallDateOf,
  wallTimeOf,
} from '../../lib/planning_time.js'
import { NATURE_COULEURS, PLANIF_STATUT_LABELS, type PlanificationDto } from '@shared/planning'
import { escapeHtml } from '@shared/textes'

/** The event's text: time (a check when done), title; every text escaped (names are typed). */
export function eventContent(v: PlanificationDto, timeText: string): { html: string } {
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
export function severalDays(v: PlanificationDto): boolean {
  return brusselsWallTime(v.debut).slice(0, 10) !== brusselsWallTime(v.fin).slice(0, 10)
}

export function toEvent(v: PlanificationDto): Calendar.EventInput {
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
export function movedTimes(
  v: PlanificationDto,
  event: Calendar.Event
): { debut: string; fin: string } {
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
