/*
 * Issue 13 §5, « Ma journée »: the links a technician taps on his phone (decision 460), the
 * page's props. Pure functions, shared by the page and its tests.
 */
import type { PlanificationDto } from './planning.js'
import { navigationUrl as adresseNavigationUrl } from './receptions.js'

/** Whether the person's ICS feed is live (its URL is only shown when made). */
export type IcsEtat = { actif: boolean; creeLe: string | null; utiliseLe: string | null }

export type JourneePageProps = {
  /** yyyy-mm-dd (Brussels) shown, today, and the arrows' days. */
  date: string
  today: string
  precedent: string
  suivant: string
  visites: PlanificationDto[]
  ics: IcsEtat
}

/**
 * The phone's navigation app to the visit: Google Maps' universal « directions » URL, as the
 * pose page (shared/receptions.ts), which opens the Maps app on Android and iOS (or the site
 * elsewhere) with the destination filled in; the coordinates when the visit has them (exact),
 * else the address. A link the user taps: the page itself never requests it.
 */
export function navigationUrl(
  adresse: string | null,
  latitude: number | null,
  longitude: number | null
): string | null {
  if (latitude !== null && longitude !== null && Number.isFinite(latitude + longitude)) {
    return adresseNavigationUrl(`${latitude.toFixed(6)},${longitude.toFixed(6)}`)
  }
  return adresseNavigationUrl(adresse)
}

/** A `tel:` link from a number as typed (« 0475 12 34 56 », « +32 81/22.33.44 »). */
export function telUrl(numero: string | null | undefined): string | null {
  const digits = (numero ?? '').replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')
  return digits.replace(/\+/g, '').length >= 6 ? `tel:${digits}` : null
}
