/*
 * Helpers of the devis list and stats tests: devis written directly through the model with
 * totals from the shared function (lines are not needed by the list).
 */
import { DateTime } from 'luxon'
import Devis from '#models/devis'
import type Client from '#models/client'
import type User from '#models/user'
import { ClientFactory } from '#database/factories/client_factory'
import type { DevisStatut } from '#shared/devis'

export type DevisSeed = {
  numero?: string | null
  client?: Client
  clientNom?: string
  objet?: string
  commercial?: User | null
  date?: string
  valable?: string
  ht?: number
  ttc?: number
  statut?: DevisStatut
  envoyeLe?: string | null
  accepteLe?: string | null
  createdAt?: string
  revision?: number
}

let counter = 0

/** One devis with the given header values (cents), its client made when not given. */
export async function makeDevis(seed: DevisSeed = {}): Promise<Devis> {
  const client = seed.client ?? (await ClientFactory.create())
  const date = seed.date ?? '2026-03-10'
  const ht = seed.ht ?? 100_000
  const ttc = seed.ttc ?? Math.round(ht * 1.21)
  counter++
  return Devis.create({
    numero: seed.numero === undefined ? null : seed.numero,
    revision: seed.revision ?? 1,
    clientId: client.idClient,
    clientNom: seed.clientNom ?? `${client.prenom ?? ''} ${client.nom}`.trim(),
    commercialId: seed.commercial?.id ?? null,
    dateDevis: DateTime.fromISO(date),
    valableJusquAu: DateTime.fromISO(seed.valable ?? date).plus(seed.valable ? {} : { days: 30 }),
    objet: seed.objet ?? `Objet ${counter}`,
    totalHt: ht,
    totalTva: ttc - ht,
    totalTtc: ttc,
    tvaDetail: [],
    statut: seed.statut ?? 'brouillon',
    envoyeLe: seed.envoyeLe ? DateTime.fromISO(seed.envoyeLe) : null,
    accepteLe: seed.accepteLe ? DateTime.fromISO(seed.accepteLe) : null,
    ...(seed.createdAt ? { createdAt: DateTime.fromISO(seed.createdAt) } : {}),
  })
}

export async function listAs(client: any, user: User, query = '') {
  const response = await client.get(`/esi/devis${query}`).loginAs(user).withInertia()
  return { response, props: response.body().props ?? {} }
}

export async function statsAs(client: any, user: User, query = '') {
  const response = await client.get(`/esi/devis/stats${query}`).loginAs(user).withInertia()
  return { response, props: response.body().props ?? {} }
}

/** Accent- and case-free, as f_unaccent(lower(…)) does for these names. */
export const fold = (s: string | null) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
