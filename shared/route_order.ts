/*
 * Issue 13 §4: the order of a day's visits on the map — nearest neighbour from a start point,
 * then 2-opt, on straight-line (great-circle) distances. Pure: the page draws it, the server
 * re-times the day in that order (app/services/planning/reorder_day.ts). Road distances, when a
 * server is configured (OSRM), only replace the total shown, never the order.
 */

export type Point = { lat: number; lng: number }

/** Average speed of a technician between two visits (straight line, Belgian roads). */
export const VITESSE_MOYENNE_KMH = 50

const RAYON_TERRE_KM = 6371.0088

/** Great-circle distance between two points, in km. */
export function haversineKm(a: Point, b: Point): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * RAYON_TERRE_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Minutes to drive `km` at the average speed (rounded up: a planner prefers slack). */
export function dureeTrajetMinutes(km: number, vitesseKmh = VITESSE_MOYENNE_KMH): number {
  return km <= 0 ? 0 : Math.ceil((km / vitesseKmh) * 60)
}

/** Length of the open path start → points[order[0]] → … → points[order[n-1]], in km. */
export function longueurKm(points: Point[], order: number[], start: Point | null = null): number {
  let km = 0
  let prev = start
  for (const i of order) {
    if (prev) km += haversineKm(prev, points[i])
    prev = points[i]
  }
  return km
}

export type Tournee = {
  /** Indexes into the points given, in the order to visit them. */
  ordre: number[]
  km: number
  minutes: number
}

/**
 * The visit order of `points`. From `start` (the company's address) when given, else from the
 * first point (the day's first visit stays first). Nearest neighbour, then 2-opt moves (reverse
 * a stretch) while one shortens the open path.
 */
export function ordonnerTournee(points: Point[], start: Point | null = null): Tournee {
  const n = points.length
  if (n === 0) return { ordre: [], km: 0, minutes: 0 }
  // The path as indexes; -1 is the start point when it is not a visit
  const remaining = new Set(points.keys())
  const path: number[] = []
  let current: Point
  if (start) {
    current = start
  } else {
    path.push(0)
    remaining.delete(0)
    current = points[0]
  }
  while (remaining.size) {
    let best = -1
    let bestKm = Infinity
    for (const i of remaining) {
      const km = haversineKm(current, points[i])
      if (km < bestKm) {
        bestKm = km
        best = i
      }
    }
    path.push(best)
    remaining.delete(best)
    current = points[best]
  }

  // 2-opt on the open path; position 0 is fixed when it is the day's first visit
  const at = (pos: number): Point | null =>
    pos < 0 ? start : pos < path.length ? points[path[pos]] : null
  const d = (a: Point | null, b: Point | null) => (a && b ? haversineKm(a, b) : 0)
  const first = start ? 0 : 1
  let improved = true
  for (let round = 0; improved && round < 100; round++) {
    improved = false
    for (let i = first; i < path.length - 1; i++) {
      for (let k = i + 1; k < path.length; k++) {
        const before = d(at(i - 1), at(i)) + d(at(k), at(k + 1))
        const after = d(at(i - 1), at(k)) + d(at(i), at(k + 1))
        if (after < before - 1e-9) {
          path.splice(i, k - i + 1, ...path.slice(i, k + 1).reverse())
          improved = true
        }
      }
    }
  }
  const km = longueurKm(points, path, start)
  return { ordre: path, km, minutes: dureeTrajetMinutes(km) }
}

/** « 12,4 km » and « 1 h 05 » as the map shows them. */
export function formatKm(km: number): string {
  return `${km.toLocaleString('fr-BE', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} km`
}

export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return `${h} h ${String(m).padStart(2, '0')}`
}
