/*
 * Issue 14 §4, réalisations: the work photos of the commandes as a gallery for staff
 * (/esi/realisation) and, for the public ones, a portfolio anyone may open (/realisations).
 * The upload caps here are the server's and the page's (which splits a phone's selection into
 * requests that fit them, decision 532).
 */
import { PHOTO_MAX_BYTES, type Etape } from './commande_etapes.js'

/** Photos a request may carry, and their total weight (a phone's photo: 2 to 8 Mo). */
export const PHOTOS_PAR_ENVOI = 10
export const ENVOI_MAX_BYTES = 40 * 1024 * 1024

export const ENVOI_MESSAGES = {
  tooMany: `Envoyez au plus ${PHOTOS_PAR_ENVOI} photos à la fois.`,
  tooHeavy: `Un envoi pèse au plus ${ENVOI_MAX_BYTES / 1024 / 1024} Mo : envoyez moins de photos à la fois.`,
}

/** The photos of a page of the gallery and of the portfolio. */
export const REALISATIONS_PAR_PAGE = 24

/**
 * The selection cut into requests: at most PHOTOS_PAR_ENVOI photos and ENVOI_MAX_BYTES each,
 * in the order chosen; a photo over the per-file cap is left out (the page says so).
 */
export function lotsEnvoi<T extends { size: number }>(files: T[]): T[][] {
  const lots: T[][] = []
  let lot: T[] = []
  let bytes = 0
  for (const file of files) {
    if (file.size > PHOTO_MAX_BYTES) continue
    if (lot.length === PHOTOS_PAR_ENVOI || bytes + file.size > ENVOI_MAX_BYTES) {
      lots.push(lot)
      lot = []
      bytes = 0
    }
    lot.push(file)
    bytes += file.size
  }
  if (lot.length) lots.push(lot)
  return lots
}

/** The gallery's filters, as the URL carries them (?famille=&lieu=&du=&au=&page=). */
export type RealisationFiltres = {
  famille: string | null
  lieu: string | null
  /** yyyy-mm-dd, the day taken (Europe/Brussels), inclusive. */
  du: string | null
  au: string | null
  page: number
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  return trimmed && trimmed.length <= max ? trimmed : null
}

function day(value: unknown): string | null {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return null
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null
}

/** The filters of a query string; anything unreadable is no filter (never an error). */
export function parseFiltres(query: Record<string, unknown>): RealisationFiltres {
  const page = Number(query.page)
  return {
    famille: text(query.famille, 80),
    lieu: text(query.lieu, 80),
    du: day(query.du),
    au: day(query.au),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  }
}

/** The query string of filters (empty ones left out), for the page's links. */
export function filtresQuery(filtres: Partial<RealisationFiltres>): Record<string, string> {
  const query: Record<string, string> = {}
  for (const key of ['famille', 'lieu', 'du', 'au'] as const) {
    const value = filtres[key]
    if (value) query[key] = value
  }
  if (filtres.page && filtres.page > 1) query.page = String(filtres.page)
  return query
}

/** A photo of the staff gallery (/esi/realisation), as the server lists it. */
export type RealisationItem = {
  id: number
  commande_id: number
  commande_numero: string
  etape: Etape | null
  legende: string | null
  publique: boolean
  largeur: number | null
  hauteur: number | null
  prise_le: string
  lieu: string | null
  familles: string[]
}
