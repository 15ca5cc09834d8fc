import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import PlanificationPolicy from '#policies/planification_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { changePlanificationStatut } from '#services/planning/planification_statut'
import { createPlanification, updatePlanification } from '#services/planning/planification_service'
import { planificationDto } from '#services/planning/planification_reads'
import { semaineGardee } from '#services/planning/semaine_gardee'
import { attenteBody } from '#services/planning/attente'
import type { KeptBody } from '#services/planning/planning_gardee'
import {
  planificationCreateValidator,
  planificationStatutValidator,
  planificationUpdateValidator,
} from '#validators/planification'
import { NotFoundException, TransitionException } from '#exceptions/http_exceptions'
import { TIME_ZONE } from '#shared/app'
import { PLANNING_TYPES, parsePlanningQuery, type PlanningType } from '#shared/planning'

const policy = new PlanificationPolicy()

/** ?type=com|tec (tec when absent: the JSON calls of the technical planning are the most). */
function typeParam(raw: unknown): PlanningType {
  if (raw === undefined) return 'tec'
  if (typeof raw !== 'string' || !(PLANNING_TYPES as readonly string[]).includes(raw)) {
    throw new NotFoundException()
  }
  return raw as PlanningType
}

/** The calendar asks for at most 62 days at a time (a month view with its overflow weeks). */
const RANGE_MAX_DAYS = 62

/** ?start=&end= (ISO, Brussels when without offset); absent: the current week. */
function rangeParam(start: unknown, end: unknown): { start: DateTime; end: DateTime } {
  if (start === undefined && end === undefined) {
    const monday = DateTime.now().setZone(TIME_ZONE).startOf('week')
    return { start: monday, end: monday.plus({ weeks: 1 }) }
  }
  const s = DateTime.fromISO(String(start ?? ''), { zone: TIME_ZONE })
  const e = DateTime.fromISO(String(end ?? ''), { zone: TIME_ZONE })
  if (!s.isValid || !e.isValid || e <= s) {
    throw new TransitionException('Période invalide : indiquez le début et la fin.')
  }
  if (e.diff(s, 'days').days > RANGE_MAX_DAYS) {
    throw new TransitionException(`Période trop longue (au plus ${RANGE_MAX_DAYS} jours).`)
  }
  return { start: s, end: e }
}

/**
 * The planning's JSON calls (issue 13): the visits of a range, what waits to be planned, one
 * visit, and every write (create, drag, resize, modal, réalisée, annulée). Rules in
 * app/services/planning/planification_service.ts.
 */
export default class PlanificationsController {
  async index({ request, auth, response }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const qs = request.qs()
    const type = typeParam(qs.type)
    const { start, end } = rangeParam(qs.start, qs.end)
    const filters = parsePlanningQuery(qs, type, start.toISODate()!)
    const semaine = await semaineGardee({
      type,
      start,
      end,
      personnes: filters.personnes,
      natures: filters.natures,
      avecAnnulees: qs.annulees === '1',
    })
    // `{"visites":[…]}` kept ready to send while the week is unchanged (decisions 700–704)
    return sendKept(request, response, semaine)
  }

  async attente({ request, auth, response }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const type = typeParam(request.qs().type)
    // `{"items":[…]}` written by PostgreSQL and kept while the list is unchanged (decisions 726–730)
    return sendKept(request, response, await attenteBody(type))
  }

  async show({ params, auth, response }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    return response.json(await planificationDto(Number(params.id)))
  }

  async store(ctx: HttpContext) {
    const { request, auth, response } = ctx
    authorize(policy.update(auth.user ?? null))
    const input = await request.validateUsing(planificationCreateValidator)
    const visite = await createPlanification(actorOf(ctx), {
      type: input.type,
      nature: input.nature,
      debut: input.debut,
      fin: input.fin,
      personnes: input.personnes,
      titre: input.titre ?? null,
      clientId: input.client_id ?? null,
      devisId: input.devis_id ?? null,
      commandeId: input.commande_id ?? null,
      demandeId: input.demande_id ?? null,
      adresse: input.adresse ?? null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      notes: input.notes ?? null,
    })
    return response.status(201).json(visite)
  }

  async update(ctx: HttpContext) {
    const { request, auth, response, params } = ctx
    authorize(policy.update(auth.user ?? null))
    await planificationDto(Number(params.id))
    const input = await request.validateUsing(planificationUpdateValidator)
    const visite = await updatePlanification(actorOf(ctx), Number(params.id), {
      lockVersion: input.lock_version,
      nature: input.nature,
      debut: input.debut,
      fin: input.fin,
      personnes: input.personnes,
      titre: input.titre,
      clientId: input.client_id,
      devisId: input.devis_id,
      adresse: input.adresse,
      latitude: input.latitude,
      longitude: input.longitude,
      notes: input.notes,
    })
    return response.json(visite)
  }

  async statut(ctx: HttpContext) {
    const { request, auth, response, params } = ctx
    authorize(policy.update(auth.user ?? null))
    await planificationDto(Number(params.id))
    const input = await request.validateUsing(planificationStatutValidator)
    const visite = await changePlanificationStatut(actorOf(ctx), Number(params.id), {
      lockVersion: input.lock_version,
      statut: input.statut,
      motif: input.motif ?? null,
    })
    return response.json(visite)
  }
}

/** A kept JSON body, gzipped (once per version) for a browser that accepts it: 2.4 MB → ~0.2 MB. */
async function sendKept(
  request: HttpContext['request'],
  response: HttpContext['response'],
  body: KeptBody
) {
  response.header('content-type', 'application/json; charset=utf-8')
  response.header('vary', 'Accept-Encoding')
  if (request.encoding(['identity', 'gzip']) === 'gzip') {
    response.header('content-encoding', 'gzip')
    return response.send(await body.gzip())
  }
  return response.send(body.json)
}
