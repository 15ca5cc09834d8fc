/*
 * Helpers of the planning tests (issue 13): staff persons, a client with a site address, a
 * commercial visit, a commande whose mesurage waits, and the JSON calls of the calendar.
 */
import type User from '#models/user'
import { makeUser } from '#tests/helpers'
import { makeClient } from '#tests/functional/devis/editor_helpers'
import { systemActor } from '#services/actor'
import { createPlanification } from '#services/planning/planification_service'
import { commandeAMesurer } from '#tests/functional/mesurage/helpers'
import type { PlanificationDto } from '#shared/planning'

let seq = 0

/** A staff member (role esi) to plan. */
export async function makeTechnicien(name?: string): Promise<User> {
  seq++
  return makeUser('esi', { name: name ?? `Technicien ${seq}` })
}

export async function clientAvecChantier() {
  return makeClient({
    nom: 'Vandenberghe',
    prenom: 'Luc',
    chantierRue: 'Rue de Fer 12',
    chantierCodePostal: '5000',
    chantierLocalite: 'Namur',
    chantierLat: 50.465,
    chantierLng: 4.866,
  })
}

/** A commercial visit of `personne` from `debut` to `fin` (Brussels local ISO). */
export async function makeRdv(
  personne: User,
  debut = '2026-12-01T09:00',
  fin = '2026-12-01T10:00'
): Promise<PlanificationDto> {
  const client = await clientAvecChantier()
  return createPlanification(systemActor(), {
    type: 'com',
    nature: 'rdv',
    debut,
    fin,
    personnes: [personne.id],
    clientId: Number(client.idClient),
  })
}

/** A signed commande: its mesurage waits to be planned. */
export async function commandeAPlanifier() {
  return commandeAMesurer()
}

export function sendJson(
  client: any,
  user: User,
  method: 'post' | 'put',
  url: string,
  body: unknown
) {
  return client[method](url)
    .loginAs(user)
    .header('accept', 'application/json')
    .header('x-requested-with', 'XMLHttpRequest')
    .json(body)
    .withCsrfToken()
}

export function getJson(client: any, user: User, url: string) {
  return client
    .get(url)
    .loginAs(user)
    .header('accept', 'application/json')
    .header('x-requested-with', 'XMLHttpRequest')
}
