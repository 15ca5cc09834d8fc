/*
 * Issue 13: the reads of the planning (the calendar, the map, the day, the ICS feed): the visits
 * of a range and one visit, as the DTO the pages draw. Written by planification_service.ts.
 */
import { IANAZone, type DateTime } from 'luxon'
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
 * as an array per visit, the instants as epoch milliseconds formatted without luxon per visit.
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
      // The instants as epoch milliseconds, put in Brussels time below (decision 670): cheaper
      // for PostgreSQL than to_char and for the driver than four text columns
      db.raw('floor(extract(epoch FROM p.debut) * 1000)::float8 AS debut_ms'),
      db.raw('floor(extract(epoch FROM p.fin) * 1000)::float8 AS fin_ms'),
      db.raw(
        `ARRAY(SELECT pp.user_id FROM planification_personnes pp
                WHERE pp.planification_id = p.id ORDER BY pp.user_id) AS personnes_ids`
      )
    )
}

/**
 * « 2026-12-03T09:00:00.000+01:00 » (luxon's toISO() in Brussels) for epoch milliseconds, the
 * offset asked of the zone once per quarter of an hour (every change of offset falls on one) and
 * each instant formatted once (a week's visits share a few hundred): luxon per visit cost 3 s
 * for a week of 5 000 (decision 475).
 */
function brusselsIsoFormatter(): (ms: number) => string {
  const zone = IANAZone.create(TIME_ZONE)
  const offsets = new Map<number, number>()
  const formatted = new Map<number, string>()
  return (ms) => {
    const known = formatted.get(ms)
    if (known !== undefined) return known
    const quarter = Math.floor(ms / 900_000)
    let minutes = offsets.get(quarter)
    if (minutes === undefined) {
      minutes = zone.offset(ms)
      offsets.set(quarter, minutes)
    }
    const abs = Math.abs(minutes)
    const hh = String(Math.floor(abs / 60)).padStart(2, '0')
    const mm = String(abs % 60).padStart(2, '0')
    const local = new Date(ms + minutes * 60_000).toISOString().slice(0, 23)
    const iso = `${local}${minutes < 0 ? '-' : '+'}${hh}:${mm}`
    formatted.set(ms, iso)
    return iso
  }
}

/** The DTOs of a dtoQuery(), in its order. */
async function dtoRows(query: ReturnType<typeof dtoQuery>): Promise<PlanificationDto[]> {
  const rows = await query
  const iso = brusselsIsoFormatter()
  return rows.map((r: Row) => dtoOf(r, r.personnes_ids as number[], iso(r.debut_ms), iso(r.fin_ms)))
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
