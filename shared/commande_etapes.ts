/*
 * Issue 12 §1: the commande's timeline. One rule for the server (which refuses a closed gate with
 * this reason, 422) and the page (which shows the reason on the step and its disabled button).
 * The facts are read by app/services/commandes/etapes.ts; a fact left undefined is not checked.
 */
export const ETAPES = [
  'acompte',
  'retractation',
  'mesurage',
  'approvisionnement',
  'fourniture',
  'pose',
  'solde',
] as const
export type Etape = (typeof ETAPES)[number]

export const ETAPE_LABELS: Record<Etape, string> = {
  acompte: 'Acompte reçu',
  retractation: 'Délai de rétractation',
  mesurage: 'Mesurage',
  approvisionnement: 'Approvisionnement',
  fourniture: 'Fourniture',
  pose: 'Pose et réception',
  solde: 'Facture de solde',
}

/** Steps moved by the facts (a payment, the calendar, an issued facture), not by a button. */
export const ETAPES_AUTOMATIQUES: readonly Etape[] = ['acompte', 'retractation', 'solde']

export const ETAPE_STATUTS = [
  'a_faire',
  'planifiee',
  'en_cours',
  'faite',
  'bloquee',
  'sans_objet',
] as const
export type EtapeStatut = (typeof ETAPE_STATUTS)[number]

export const ETAPE_STATUT_LABELS: Record<EtapeStatut, string> = {
  a_faire: 'À faire',
  planifiee: 'Planifiée',
  en_cours: 'En cours',
  faite: 'Faite',
  bloquee: 'Bloquée',
  sans_objet: 'Sans objet',
}

export const ETAPE_STATUT_BADGES: Record<EtapeStatut, string> = {
  a_faire: 'secondary',
  planifiee: 'info',
  en_cours: 'primary',
  faite: 'success',
  bloquee: 'danger',
  sans_objet: 'light',
}

/** A step is behind it when done or not applicable. */
export function etapeFinie(statut: EtapeStatut): boolean {
  return statut === 'faite' || statut === 'sans_objet'
}

export type GateFacts = {
  annulee?: boolean
  /** The acompte the bdc asks and what has been paid on it, in cents. */
  acompteDu?: number
  acomptePaye?: number
  /** End of the withdrawal period (ISO date) or null when none runs. */
  finRetractation?: string | null
  /** The customer's express waiver of the withdrawal period is recorded. */
  renonciation?: boolean
  /** Today in Brussels (ISO date). */
  today?: string
  /** The measurement sheet is validated and no avenant waits for the customer's signature. */
  mesureValidee?: boolean
  avenantEnAttente?: boolean
  /** Supplier orders: at least one sent; every supplier line received. */
  commandesFournisseurEnvoyees?: boolean
  toutRecu?: boolean
  /** The procès-verbal de réception is signed and its reserves lifted. */
  receptionSignee?: boolean
  reservesOuvertes?: boolean
  /** An admin override of the réception gate for the facture de solde, with its motif. */
  soldeForce?: boolean
}

/** The withdrawal period no longer prevents ordering (over, waived, or none). */
export function retractationLevee(f: GateFacts): boolean | undefined {
  if (f.finRetractation === undefined) return undefined
  if (f.finRetractation === null || f.renonciation) return true
  if (f.today === undefined) return undefined
  return f.today > f.finRetractation
}

/**
 * Why the step cannot be started or done now, in French, or null when its gate is open.
 * The first closed condition is given (the one to fix first).
 */
export function gateReason(etape: Etape, f: GateFacts): string | null {
  if (f.annulee) return 'La commande est annulée.'
  switch (etape) {
    case 'acompte':
    case 'retractation':
    case 'mesurage':
      return null
    case 'approvisionnement': {
      if (f.acompteDu !== undefined && f.acomptePaye !== undefined && f.acomptePaye < f.acompteDu)
        return 'L’acompte n’est pas encore payé.'
      const levee = retractationLevee(f)
      if (levee === false)
        return `Le délai de rétractation court jusqu’au ${frDate(f.finRetractation!)} (sans renonciation expresse du client).`
      // The avenant first (decision 425): while it waits the mesurage step is « bloquee », so
      // « not validated » would hide what is actually to do
      if (f.avenantEnAttente) return 'Un avenant attend la signature du client.'
      if (f.mesureValidee === false) return 'Le mesurage n’est pas validé.'
      return null
    }
    case 'fourniture':
      if (f.commandesFournisseurEnvoyees === false)
        return 'Aucune commande fournisseur n’a été envoyée.'
      return null
    case 'pose':
      if (f.toutRecu === false) return 'Toutes les lignes fournisseur ne sont pas reçues.'
      return null
    case 'solde':
      if (f.soldeForce) return null
      if (f.receptionSignee === false) return 'Le procès-verbal de réception n’est pas signé.'
      if (f.reservesOuvertes) return 'Des réserves de la réception ne sont pas levées.'
      return null
  }
}

function frDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-')
  return `${d}/${m}/${y}`
}

/** A work photo's upload cap (a phone's camera gives 3 to 8 Mo); stored re-encoded, smaller. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024
/** HEIC/HEIF (an iPhone's photos) are converted to JPEG on the server (decision 531). */
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif'] as const
