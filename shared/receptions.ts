/*
 * Issue 12 §5: the pose on a phone and its procès-verbal de réception (decisions 370–377). The
 * shapes of the Pose and Reception pages' props, the form's limits and texts shared by the page
 * and the server, and the navigation link built from the chantier's address (no request made).
 */
import type { EtapeStatut } from './commande_etapes.js'

export const RECEPTION_LIMITS = {
  signataire: 120,
  lieu: 120,
  observations: 2000,
  reserve: 500,
  reserves: 30,
  commentaire: 500,
} as const

/** The line the customer agrees to by signing (printed on the PV as written here). */
export const RECEPTION_CONSENTEMENT =
  'Je soussigné(e) déclare avoir assisté à la réception des travaux décrits ci-dessus et les accepter, avec les réserves éventuelles listées, qui devront être levées par l’entreprise.'

export const RECEPTION_MESSAGES = {
  signataireMissing: 'Indiquez le nom de la personne qui signe la réception.',
  signatureMissing: 'Le cadre de signature est vide : le client doit signer la réception.',
  consentementMissing: 'Le client doit accepter la déclaration de réception avant de signer.',
  reservesMissing:
    'Une réception « avec réserves » doit lister au moins une réserve (ou choisissez « sans réserve »).',
  reserveEmpty: 'Décrivez la réserve (ou retirez la ligne).',
  dejaSignee:
    'Le procès-verbal de réception de cette commande est déjà signé : il ne peut plus être modifié.',
  dejaLevee: 'Cette réserve est déjà levée.',
  photoInconnue: 'Cette photo n’appartient pas à la commande : envoyez-la de nouveau.',
  poseFaite: 'La pose de cette commande est déjà faite.',
} as const

export type PoseAdresse = {
  /** One line, as written on the bdc (or the client's chantier/billing address). */
  texte: string | null
  /** Opens the phone's maps application (a link: nothing is fetched by the page). */
  navigation: string | null
  /** geo: URI (Android) when the coordinates are known. */
  geo: string | null
}

/** https maps link that opens the phone's navigation app on the address (no API key, no call). */
export function navigationUrl(adresse: string | null | undefined): string | null {
  const a = adresse?.trim()
  if (!a) return null
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(a)}`
}

/** geo: URI of the coordinates (with the address as label), or of the address alone. */
export function geoUri(
  adresse: string | null | undefined,
  lat?: number | null,
  lng?: number | null
): string | null {
  const a = adresse?.trim()
  if (typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat + lng))
    return `geo:${lat},${lng}?q=${lat},${lng}${a ? `(${encodeURIComponent(a)})` : ''}`
  return a ? `geo:0,0?q=${encodeURIComponent(a)}` : null
}

export type PoseLigne = {
  id: number
  repere: string
  designation: string
  largeur_mm: number | null
  hauteur_mm: number | null
  sens_ouverture: string | null
  couleur: string | null
  vitrage: string | null
  quantite: number
  remarques: string | null
}

export type PosePhoto = {
  id: number
  moment: 'avant' | 'apres' | null
  legende: string | null
  url: string
  vignette: string
}

export type ReceptionReserveView = {
  id: number
  position: number
  description: string
  levee_le: string | null
  levee_par: string | null
  commentaire: string | null
  /** The photo of the defect (a pose photo of the commande), or null. */
  photo: { url: string; vignette: string } | null
}

export type ReceptionView = {
  id: number
  date_reception: string
  signataire: string
  lieu: string | null
  technicien: string | null
  observations: string | null
  avec_reserves: boolean
  signee_le: string
  lock_version: number
  pdf_url: string | null
  reserves: ReceptionReserveView[]
  reserves_ouvertes: number
}

export type PoseCommande = {
  id: number
  numero: string
  objet: string
  statut: string
  client: {
    id: number
    nom: string
    telephone: string | null
    gsm: string | null
    email: string | null
  }
  adresse: PoseAdresse
  chef_projet: string | null
}

export type PoseEtape = {
  statut: EtapeStatut
  lock_version: number
  prevue_debut: string | null
  prevue_fin: string | null
  debut_reel: string | null
  fin_reelle: string | null
  notes: string | null
  responsable: string | null
  /** Why the pose cannot start now (the gate), or null. */
  gate: string | null
}

export type PosePageProps = {
  commande: PoseCommande
  etape: PoseEtape
  lignes: PoseLigne[]
  /** The measurement sheet's state: null when none exists yet. */
  mesure: { statut: string } | null
  photos: PosePhoto[]
  reception: ReceptionView | null
}

export type ReceptionPageProps = {
  commande: PoseCommande
  etape: PoseEtape
  lignes: PoseLigne[]
  reception: ReceptionView | null
  /** Today in Brussels (the PV's date), the technician's name, a default lieu. */
  defaults: { date: string; technicien: string; lieu: string; signataire: string }
}

/** « 1 200 × 1 400 mm » or « — ». */
export function dimensions(l: { largeur_mm: number | null; hauteur_mm: number | null }): string {
  if (l.largeur_mm === null && l.hauteur_mm === null) return '—'
  const f = (n: number | null) => (n === null ? '?' : n.toLocaleString('fr-BE'))
  return `${f(l.largeur_mm)} × ${f(l.hauteur_mm)} mm`
}
