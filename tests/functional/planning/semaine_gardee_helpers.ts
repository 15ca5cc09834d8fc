/*
 * Helpers of the kept week's tests (decisions 700–704): the data is COMMITTED (the numbers of
 * planning_versions move at COMMIT), then removed by `cleanup()`; a week read through the
 * server, and the truth it must equal (built from the database, nothing kept).
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { TIME_ZONE } from '#shared/app'
import { systemActor } from '#services/actor'
import { createPlanification } from '#services/planning/planification_service'
import { planificationsInRange } from '#services/planning/planification_reads'
import { semaineGardee, type SemaineQuery } from '#services/planning/semaine_gardee'
import { clientAvecChantier, makeTechnicien } from '#tests/functional/planning/helpers'
import type { PlanificationDto } from '#shared/planning'

/** Two weeks no other test plans in (Mondays, Brussels). */
export const SEMAINE_A = '2031-06-02'
export const SEMAINE_B = '2031-06-09'

export function semaine(monday: string): SemaineQuery {
  const start = DateTime.fromISO(monday, { zone: TIME_ZONE })
  return { type: 'tec', start, end: start.plus({ weeks: 1 }) }
}

/** The week's JSON built now from the database (what a fresh read must send). */
export async function verite(query: SemaineQuery): Promise<string> {
  return JSON.stringify({ visites: await planificationsInRange(query) })
}

/** The week as the server sends it to the calendar (no compression asked). */
export async function lireHttp(http: any, user: User, monday: string): Promise<string> {
  const end = DateTime.fromISO(monday).plus({ weeks: 1 }).toISODate()
  const response = await http
    .get(`/esi/planifications?type=tec&start=${monday}&end=${end}`)
    .loginAs(user)
    .header('accept', 'application/json')
    .header('accept-encoding', 'identity')
  response.assertStatus(200)
  return response.text()
}

/** The kept body of a range (its Buffer: the same object means it was not built again). */
export async function corps(query: SemaineQuery): Promise<Buffer> {
  const body = await semaineGardee(query)
  return body.json
}

/** Its gzip, as a browser gets it. */
export async function corpsGzip(query: SemaineQuery): Promise<Buffer> {
  const body = await semaineGardee(query)
  return body.gzip()
}

/** The kept body of a week. */
export function lire(monday: string): Promise<Buffer> {
  return corps(semaine(monday))
}

/** What the tests made, removed after each (children first). */
export class Made {
  users: number[] = []
  clients: number[] = []
  visites: number[] = []
  lastSociete = 0

  async start() {
    const s = await db.from('societes').max('id as id').first()
    this.lastSociete = Number(s?.id ?? 0)
  }

  async technicien(name?: string) {
    const u = await makeTechnicien(name)
    this.users.push(u.id)
    return u
  }

  async client() {
    const c = await clientAvecChantier()
    this.clients.push(Number(c.idClient))
    return Number(c.idClient)
  }

  /** A SAV visit of `personnes` (Brussels local ISO instants). */
  async visite(
    personnes: User[],
    debut: string,
    fin: string,
    clientId?: number
  ): Promise<PlanificationDto> {
    const v = await createPlanification(systemActor(), {
      type: 'tec',
      nature: 'sav',
      debut,
      fin,
      personnes: personnes.map((p) => p.id),
      clientId: clientId ?? (await this.client()),
      titre: `Visite ${debut}`,
    })
    this.visites.push(v.id)
    return v
  }

  async cleanup() {
    await db
      .from('audit_logs')
      .where('subject_type', 'planification')
      .whereIn('subject_id', this.visites.map(String))
      .delete()
    await db.from('audit_logs').whereIn('user_id', this.users).delete()
    await db.from('planifications').whereIn('id', this.visites).delete()
    await db.from('notifications').whereIn('user_id', this.users).delete()
    await db.from('clients').whereIn('id_client', this.clients).delete()
    await User.query().whereIn('id', this.users).delete()
    await db.from('societes').where('id', '>', this.lastSociete).delete()
    this.users = []
    this.clients = []
    this.visites = []
  }
}
