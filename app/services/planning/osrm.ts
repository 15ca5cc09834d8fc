/*
 * Issue 13 §4: road distances of a day's route from an OSRM server (OSRM_URL), optional: the
 * map shows straight-line km and an estimated time without it, and never calls it when unset.
 */
import { AppException } from '#exceptions/http_exceptions'
import type { Point } from '#shared/route_order'

/** The road server did not answer: the page keeps its straight-line figures. */
export class RoadServiceException extends AppException {
  static status = 502
  static code = 'E_ROAD_SERVICE'
  static message = 'Le serveur d’itinéraires ne répond pas : distances à vol d’oiseau affichées.'
}

export type Itineraire = { km: number; minutes: number }

/** The road length and driving time of the path through `points`, in their order. */
export async function osrmRoute(baseUrl: string, points: Point[]): Promise<Itineraire> {
  if (points.length < 2) return { km: 0, minutes: 0 }
  const coords = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';')
  const url = `${baseUrl.replace(/\/+$/, '')}/route/v1/driving/${coords}?overview=false`
  let body: { code?: string; routes?: { distance: number; duration: number }[] }
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
    body = (await response.json()) as typeof body
  } catch {
    throw new RoadServiceException()
  }
  const route = body.code === 'Ok' ? body.routes?.[0] : undefined
  if (!route) throw new RoadServiceException()
  return { km: route.distance / 1000, minutes: Math.ceil(route.duration / 60) }
}
