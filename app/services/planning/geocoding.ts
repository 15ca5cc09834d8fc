/*
 * Issue 13 §4: addresses to coordinates. An adapter chosen by GEOCODER: `none` (the default:
 * nothing leaves the server; the user places the address by a click on the map) or `nominatim`
 * (a Nominatim server of your own or one whose terms you accept, at GEOCODER_URL).
 */
import env from '#start/env'

export type Coordonnees = { latitude: number; longitude: number }

export interface Geocoder {
  readonly name: string
  /** The coordinates of an address, or null when the geocoder finds nothing. */
  geocode(adresse: string): Promise<Coordonnees | null>
}

export class NoGeocoder implements Geocoder {
  readonly name = 'none'
  async geocode(): Promise<Coordonnees | null> {
    return null
  }
}

/** Nominatim's search API (Belgium and its neighbours first), 5 s at most. */
export class NominatimGeocoder implements Geocoder {
  readonly name = 'nominatim'
  constructor(private baseUrl: string) {}

  async geocode(adresse: string): Promise<Coordonnees | null> {
    const url = new URL('search', this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`)
    url.searchParams.set('format', 'jsonv2')
    url.searchParams.set('limit', '1')
    url.searchParams.set('countrycodes', 'be,fr,nl,lu,de')
    url.searchParams.set('q', adresse)
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'esi-backoffice planning' },
      signal: AbortSignal.timeout(5000),
    })
    if (!response.ok) throw new Error(`Nominatim: HTTP ${response.status}`)
    const rows = (await response.json()) as { lat?: string; lon?: string }[]
    const first = rows[0]
    const latitude = Number(first?.lat)
    const longitude = Number(first?.lon)
    if (!first || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null
    return { latitude, longitude }
  }
}

export function geocoder(
  name = env.get('GEOCODER') ?? 'none',
  baseUrl = env.get('GEOCODER_URL')
): Geocoder {
  if (name === 'nominatim' && baseUrl) return new NominatimGeocoder(baseUrl)
  return new NoGeocoder()
}
