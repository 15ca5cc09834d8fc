/*
 * Issue 13 §5: each person's ICS feed, to subscribe from a phone's calendar (decision 461).
 * The URL carries a random secret (32 bytes, base64url); only its SHA-256 is stored, so the URL
 * is shown once, when made. Regenerating replaces it (the old URL stops at once); revoking ends
 * it. The feed: the person's visits from 30 days back to 180 days ahead, not cancelled, in
 * Europe/Brussels with its VTIMEZONE, one stable UID per visit and SEQUENCE = lock_version.
 */
import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { planificationsInRange } from '#services/planning/planification_reads'
import { companySociete } from '#services/company'
import { TIME_ZONE } from '#shared/app'
import { NATURE_LABELS, PLANNING_TYPES, type PlanificationDto } from '#shared/planning'
import type { IcsEtat } from '#shared/planning_journee'

export const ICS_JOURS_AVANT = 30
export const ICS_JOURS_APRES = 180

/** The shape of a token in a URL (anything else is a 404 before any query). */
export const ICS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

export type JetonEtat = IcsEtat

/** Whether the person has a live feed (never the URL: only its hash is kept). */
export async function jetonEtat(userId: number): Promise<JetonEtat> {
  const row = await db.from('planning_ics_jetons').where('user_id', userId).first()
  const iso = (v: Date | null) =>
    v ? DateTime.fromJSDate(new Date(v)).setZone(TIME_ZONE).toISO() : null
  if (!row || row.revoked_at) return { actif: false, creeLe: null, utiliseLe: null }
  return { actif: true, creeLe: iso(row.created_at), utiliseLe: iso(row.last_used_at) }
}

/** A new secret for the person (replacing any former one); returns it in clear, once. */
export async function creerJeton(userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.rawQuery(
    `INSERT INTO planning_ics_jetons (user_id, token_hash, created_at)
     VALUES (?, ?, now())
     ON CONFLICT (user_id) DO UPDATE
       SET token_hash = EXCLUDED.token_hash, created_at = now(), revoked_at = NULL,
           last_used_at = NULL`,
    [userId, hashToken(token)]
  )
  return token
}

/** Ends the person's feed (its URL answers 404 from now on). */
export async function revoquerJeton(userId: number): Promise<void> {
  await db
    .from('planning_ics_jetons')
    .where('user_id', userId)
    .whereNull('revoked_at')
    .update({ revoked_at: new Date() })
}

/** The person a live token belongs to, or null (unknown, malformed, revoked). */
export async function userIdForToken(token: string): Promise<number | null> {
  if (!ICS_TOKEN_PATTERN.test(token)) return null
  const rows = await db
    .from('planning_ics_jetons')
    .where('token_hash', hashToken(token))
    .whereNull('revoked_at')
    .update({ last_used_at: new Date() })
    .returning('user_id')
  const row = rows[0] as { user_id: number } | undefined
  return row ? Number(row.user_id) : null
}

/*
 * Europe/Brussels as calendars expect it (RFC 5545 VTIMEZONE): CET/CEST with the EU rules
 * (last Sunday of March 02:00 → +02:00, last Sunday of October 03:00 → +01:00), unchanged since
 * 1996. Written here rather than from a timezone database package: one zone, no dependency.
 */
const BRUSSELS_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Brussels',
  'X-LIC-LOCATION:Europe/Brussels',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n')

/**
 * Puts the VTIMEZONE among the calendar's components (before the first event). Not through
 * ical-generator's calendar-level timezone: with it, DTSTAMP and LAST-MODIFIED come out as
 * floating local times instead of UTC (RFC 5545 §3.8.7.2 wants UTC).
 */
function withVtimezone(text: string): string {
  const at = text.search(/\r\n(BEGIN:VEVENT|END:VCALENDAR)/)
  return `${text.slice(0, at)}\r\n${BRUSSELS_VTIMEZONE}${text.slice(at)}`
}

/** The visits of the feed: both plannings, the window around today, cancelled ones left out. */
export async function visitesDuFlux(userId: number, now = DateTime.now()) {
  const start = now.setZone(TIME_ZONE).startOf('day').minus({ days: ICS_JOURS_AVANT })
  const end = now
    .setZone(TIME_ZONE)
    .startOf('day')
    .plus({ days: ICS_JOURS_APRES + 1 })
  const lists = await Promise.all(
    PLANNING_TYPES.map((type) => planificationsInRange({ type, start, end, personnes: [userId] }))
  )
  return lists.flat().sort((a, b) => Date.parse(a.debut) - Date.parse(b.debut) || a.id - b.id)
}

/** The host part of the UIDs: stable for a company, whatever the URL it is reached by. */
function uidDomain(appUrl: string): string {
  try {
    return new URL(appUrl).hostname || 'esi.local'
  } catch {
    return 'esi.local'
  }
}

/** What a technician needs, nothing more: the client's name, the address and the phone. */
function description(v: PlanificationDto): string {
  const lines = [NATURE_LABELS[v.nature]]
  if (v.client) lines.push(`Client : ${v.client.nom}`)
  if (v.client?.telephone) lines.push(`Téléphone : ${v.client.telephone}`)
  if (v.adresse) lines.push(`Adresse : ${v.adresse}`)
  if (v.commande) lines.push(`Commande ${v.commande.numero}`)
  return lines.join('\n')
}

/** The ICS text of the person's feed. */
export async function icsFeed(userId: number, appUrl: string, now = DateTime.now()) {
  const visites = await visitesDuFlux(userId, now)
  const modified = visites.length
    ? await db
        .from('planifications')
        .whereIn(
          'id',
          visites.map((v) => v.id)
        )
        .select('id', 'updated_at')
    : []
  const updatedAt = new Map(modified.map((r) => [r.id as number, new Date(r.updated_at)]))
  const societe = await companySociete()
  const calendar = ical({
    name: `Planning — ${societe?.nom ?? 'ESI'}`,
    prodId: { company: 'ESI', product: 'planning', language: 'FR' },
    method: ICalCalendarMethod.PUBLISH,
    x: { 'X-WR-TIMEZONE': TIME_ZONE },
    // Calendars that honour it refresh every hour
    ttl: 3600,
  })
  const domain = uidDomain(appUrl)
  for (const v of visites) {
    const title = v.client ? `${NATURE_LABELS[v.nature]} — ${v.client.nom}` : v.titre
    calendar.createEvent({
      id: `planification-${v.id}@${domain}`,
      sequence: v.lockVersion,
      // Luxon values in Brussels: DTSTART;TZID=Europe/Brussels with the local wall time
      start: DateTime.fromISO(v.debut, { zone: TIME_ZONE }),
      end: DateTime.fromISO(v.fin, { zone: TIME_ZONE }),
      timezone: TIME_ZONE,
      stamp: now.toJSDate(),
      lastModified: updatedAt.get(v.id) ?? now.toJSDate(),
      summary: title,
      description: description(v),
      status: ICalEventStatus.CONFIRMED,
      location: v.adresse
        ? {
            title: v.adresse,
            ...(v.latitude !== null && v.longitude !== null
              ? { geo: { lat: v.latitude, lon: v.longitude } }
              : {}),
          }
        : null,
    })
  }
  return withVtimezone(calendar.toString())
}
