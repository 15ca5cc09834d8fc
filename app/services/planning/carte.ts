/*
 * Issue 13 §4: coordinates placed on the planning map (a click, or the geocoder) for what waits
 * to be planned: a commande step's item stores them on its client's site address
 * (clients.chantier_lat/lng: every later visit there has them), a request on the request, the
 * company's own address (`societe`: where a day's route starts) on the company. A visit's own
 * coordinates go through the visit's update (esi.planifications.update).
 */
import db from '@adonisjs/lucid/services/db'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { NotFoundException, TransitionException } from '#exceptions/http_exceptions'
import { geocoder, type Coordonnees } from '#services/planning/geocoding'
import { companySociete } from '#services/company'
import { NATURE_ETAPE } from '#shared/planning'
import { adresseChantier } from '#services/planning/attente'

type Cible =
  | { kind: 'client'; id: number; adresse: string | null }
  | { kind: 'demande'; id: number; adresse: string | null }
  | { kind: 'societe'; id: number; adresse: string | null }

const ETAPES = Object.values(NATURE_ETAPE) as string[]

/** What a key of the map (« etape:12:pose », « demande:7 », « societe ») points to; 404 else. */
async function cibleOf(cle: string): Promise<Cible> {
  const etape = /^etape:(\d{1,10}):([a-z_]+)$/.exec(cle)
  if (etape && ETAPES.includes(etape[2]) && Number(etape[1]) <= 2_147_483_647) {
    const row = await db
      .from('commandes as k')
      .join('clients as c', 'c.id_client', 'k.client_id')
      .where('k.id', Number(etape[1]))
      .select('c.id_client', db.raw(`${adresseChantier} AS adresse`))
      .first()
    if (!row) throw new NotFoundException()
    return { kind: 'client', id: Number(row.id_client), adresse: row.adresse }
  }
  const demande = /^demande:(\d{1,10})$/.exec(cle)
  if (demande && Number(demande[1]) <= 2_147_483_647) {
    const row = await db
      .from('planning_demandes')
      .where('id', Number(demande[1]))
      .select('id', 'adresse')
      .first()
    if (!row) throw new NotFoundException()
    return { kind: 'demande', id: row.id, adresse: row.adresse }
  }
  if (cle === 'societe') {
    const societe = await companySociete()
    if (!societe) throw new NotFoundException()
    const adresse = [societe.adresse, [societe.codePostal, societe.localite].join(' ')]
      .map((s) => String(s ?? '').trim())
      .filter(Boolean)
      .join(', ')
    return { kind: 'societe', id: societe.id, adresse: adresse || null }
  }
  throw new NotFoundException()
}

/** Stores the coordinates of an item of the map; returns them as stored. */
export async function placerSurCarte(
  actor: Actor,
  cle: string,
  coords: Coordonnees
): Promise<Coordonnees> {
  const cible = await cibleOf(cle)
  const latitude = Math.round(coords.latitude * 1e6) / 1e6
  const longitude = Math.round(coords.longitude * 1e6) / 1e6
  await db.transaction(async (trx) => {
    if (cible.kind === 'client') {
      await trx
        .from('clients')
        .where('id_client', cible.id)
        .update({ chantier_lat: latitude, chantier_lng: longitude })
    } else if (cible.kind === 'demande') {
      await trx
        .from('planning_demandes')
        .where('id', cible.id)
        .update({ latitude, longitude, updated_at: new Date() })
    } else {
      await trx.from('societes').where('id', cible.id).update({ latitude, longitude })
    }
    await audit(
      actor,
      {
        action: 'planning.coordonnees',
        subjectType: cible.kind,
        subjectId: cible.id,
        after: { latitude, longitude },
      },
      trx
    )
  })
  return { latitude, longitude }
}

/** The configured geocoder finds the item's address, then it is stored as if clicked. */
export async function geocoderElement(actor: Actor, cle: string): Promise<Coordonnees> {
  const cible = await cibleOf(cle)
  const adapter = geocoder()
  if (adapter.name === 'none') {
    throw new TransitionException(
      'Aucun géocodeur n’est configuré : placez l’adresse par un clic sur la carte.'
    )
  }
  if (!cible.adresse) throw new TransitionException('Cet élément n’a pas d’adresse à chercher.')
  let found: Coordonnees | null
  try {
    found = await adapter.geocode(cible.adresse)
  } catch {
    throw new TransitionException(
      'Le géocodeur ne répond pas : placez l’adresse par un clic sur la carte.'
    )
  }
  if (!found) {
    throw new TransitionException(
      `Adresse introuvable (« ${cible.adresse} ») : placez-la par un clic sur la carte.`
    )
  }
  return placerSurCarte(actor, cle, found)
}

/** The company's coordinates (the start of a day's route), when placed. */
export async function societeCoordonnees(): Promise<Coordonnees | null> {
  const societe = await companySociete()
  if (!societe) return null
  const row = await db
    .from('societes')
    .where('id', societe.id)
    .select('latitude', 'longitude')
    .first()
  if (row?.latitude === null || row?.latitude === undefined || row.longitude === null) return null
  return { latitude: Number(row.latitude), longitude: Number(row.longitude) }
}
