/*
 * Issue 13 §4: what the planning map draws under its markers. MAP_TILE_URL (with
 * MAP_TILE_ATTRIBUTION) in production; unset — the default, and in tests — the offline base map
 * packaged with the page (inertia/assets/carte/benelux.geo.json): no page requests a network tile.
 */
import env from '#start/env'

export type TileConfig = {
  /** A Leaflet URL template ({z}/{x}/{y}); null: the offline base map. */
  url: string | null
  attribution: string | null
  /** OSRM configured: the page may ask the road distance of a route. */
  routier: boolean
  /** A geocoder configured: the page offers « Chercher l’adresse ». */
  geocodeur: boolean
}

export function tileConfig(): TileConfig {
  const url = env.get('MAP_TILE_URL')?.trim() || null
  return {
    url,
    attribution: url ? env.get('MAP_TILE_ATTRIBUTION')?.trim() || null : null,
    routier: Boolean(env.get('OSRM_URL')),
    geocodeur: (env.get('GEOCODER') ?? 'none') !== 'none' && Boolean(env.get('GEOCODER_URL')),
  }
}
