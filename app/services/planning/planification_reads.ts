/*
 * Issue 13: the reads of the planning (the calendar, the map, the day, the ICS feed): the visits
 * of a range and one visit, as the DTO the pages draw. Written by planification_service.ts.
 */
import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { NotFoundException } from '#exceptions/http_exceptions'
import { TIME_ZONE } from '#shared/app'
import type { Nature, PlanificationDto, PlanningType } from '#shared/planning'

type Row = Record<string, any>

/** « Luc Vandenberghe », or the société's name when there is one (the visit's client label). */
export function clientNom(c: {
  societe?: string | null
  prenom?: string | null
  nom?: string | null
}) {
  return c.societe || [c.prenom, c.nom].filter(Boolean).join(' ') || String(c.nom ?? '')
}

/**
 * The visits of a planning that overlap [start, end), for the calendar and the map.
 * One statement for any number of visits (the week of 50 technicians is 5 000): the persons come
 * as an array per visit, and the instants already in Brussels local time with their offset, so
 * no date object is made per visit (luxon's zone conversion was most of the time; bench, issue 13).
 */
export async function planificationsInRange(options: {
  type: PlanningType
  start: DateTime
  end: DateTime
  personnes?: number[]
  natures?: Nature[]
  avecAnnulees?: boolean
}): Promise<PlanificationDto[]> {
  return dtoRows(
    dtoQuery()
      .where('p.type', options.type)
      .whereRaw(`tstzrange(p.debut, p.fin) && tstzrange(?::timestamptz, ?::timestamptz)`, [
        options.start.toISO()!,
        options.end.toISO()!,
      ])
      .if(!options.avecAnnulees, (q) => q.whereNot('p.statut', 'annulee'))
      .if(Boolean(options.natures?.length), (q) => q.whereIn('p.nature', options.natures!))
      .if(Boolean(options.personnes?.length), (q) =>
        q.whereExists((sub) =>
          sub
            .from('planification_personnes as pp')
            .whereRaw('pp.planification_id = p.id')
            .whereIn('pp.user_id', options.personnes!)
        )
      )
      .orderBy('p.debut')
      .orderBy('p.id')
  )
}

/** The visit's row with its client, commande and devis (what a DTO reads). */
function dtoQuery() {
  return db
    .from('planifications as p')
    .leftJoin('clients as c', 'c.id_client', 'p.client_id')
    .leftJoin('commandes as k', 'k.id', 'p.commande_id')
    .leftJoin('devis as d', 'd.id', 'p.devis_id')
    .select(
      'p.id',
      'p.type',
      'p.nature',
      'p.statut',
      'p.titre',
      'p.client_id',
      'p.commande_id',
      'p.etape',
      'p.devis_id',
      'p.demande_id',
      'p.adresse',
      'p.latitude',
      'p.longitude',
      'p.notes',
      'p.motif_annulation',
      'p.lock_version',
      'c.nom as client_nom',
      'c.prenom as client_prenom',
      'c.societe as client_societe',
      db.raw('COALESCE(c.gsm, c.telephone) AS client_telephone'),
      'k.numero as commande_numero',
      'd.numero as devis_numero',
      // Brussels wall time and offset formatted by PostgreSQL (luxon per visit cost 3 s for a
      // week of 5 000: decision 475), and the persons in the same statement
      db.raw(`${localTime('p.debut')} AS debut_local`, [TIME_ZONE]),
      db.raw(`${offsetMinutes('p.debut')} AS debut_offset`, [TIME_ZONE]),
      db.raw(`${localTime('p.fin')} AS fin_local`, [TIME_ZONE]),
      db.raw(`${offsetMinutes('p.fin')} AS fin_offset`, [TIME_ZONE]),
      db.raw(
        `ARRAY(SELECT pp.user_id FROM planification_personnes pp
                WHERE pp.planification_id = p.id ORDER BY pp.user_id) AS personnes_ids`
      )
    )
}

const localTime = (column: string) =>
  `to_char(${column} AT TIME ZONE ?, 'YYYY-MM-DD"T"HH24:MI:SS.MS')`
const offsetMinutes = (column: string) =>
  `(extract(epoch FROM (${column} AT TIME ZONE ?) - (${column} AT TIME ZONE 'UTC')) / 60)::int`

/** « 2026-12-03T09:00:00.000 » and 60 → « 2026-12-03T09:00:00.000+01:00 » (luxon's ISO). */
function withOffset(local: string, minutes: number): string {
  const abs = Math.abs(minutes)
  const hh = String(Math.floor(abs / 60)).padStart(2, '0')
  const mm = String(abs % 60).padStart(2, '0')
  return `${local}${minutes < 0 ? '-' : '+'}${hh}:${mm}`
}

/** The DTOs of a dtoQuery(), in its order. */
async function dtoRows(query: ReturnType<typeof dtoQuery>): Promise<PlanificationDto[]> {
  const rows = await query
  return rows.map((r: Row) =>
    dtoOf(
      r,
      (r.personnes_ids as number[]).map(Number),
      withOffset(r.debut_local, r.debut_offset),
      withOffset(r.fin_local, r.fin_offset)
    )
  )
}

/** A row of dtoQuery() as the pages receive it. */
function dtoOf(r: Row, personnes: number[], debut: string, fin: string): PlanificationDto {
  return {
    id: r.id,
    type: r.type,
    nature: r.nature,
    statut: r.statut,
    debut,
    fin,
    titre: r.titre,
    personnes,
    client: r.client_id
      ? {
          id: Number(r.client_id),
          nom: clientNom({
            societe: r.client_societe,
            prenom: r.client_prenom,
            nom: r.client_nom,
          }),
          telephone: r.client_telephone ?? null,
        }
      : null,
    commande: r.commande_id ? { id: r.commande_id, numero: r.commande_numero } : null,
    etape: r.etape,
    devis: r.devis_id ? { id: r.devis_id, numero: r.devis_numero ?? null } : null,
    demandeId: r.demande_id,
    adresse: r.adresse,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    notes: r.notes,
    motifAnnulation: r.motif_annulation,
    lockVersion: r.lock_version,
  }
}

export async function planificationDto(id: number): Promise<PlanificationDto> {
  const [dto] = await planificationDtos([id])
  if (!dto) throw new NotFoundException()
  return dto
}

/** The visits as the pages receive them, in the order of `ids` (one query for any number). */
export async function planificationDtos(ids: number[]): Promise<PlanificationDto[]> {
  if (!ids.length) return []
  const rows = await dtoRows(dtoQuery().whereIn('p.id', ids))
  const dtos = new Map(rows.map((d) => [d.id, d]))
  return ids.map((id) => dtos.get(id)).filter((d): d is PlanificationDto => Boolean(d))
}
