/*
 * Clients (DESIGN.md §2): the values the server validates and the pages show, in one place.
 */
import type { FactureRow } from './factures.js'

export const CLIENT_TYPES = ['particulier', 'professionnel'] as const
export type ClientType = (typeof CLIENT_TYPES)[number]

export const CLIENT_TYPE_LABELS: Record<ClientType, string> = {
  particulier: 'Particulier',
  professionnel: 'Professionnel',
}

export const CIVILITES = ['M.', 'Mme', 'M. et Mme'] as const
export type Civilite = (typeof CIVILITES)[number]

/** Columns of the clients list a user may sort by (`?sort=`); the server maps each to SQL. */
export const CLIENT_SORT_KEYS = [
  'id_client',
  'type',
  'nom',
  'prenom',
  'societe',
  'code_postal',
  'localite',
  'email',
  'created_at',
] as const
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number]

/** `?filter[apporteur]=` also takes this value: clients brought by nobody. */
export const NO_APPORTEUR = 'aucun'

/** "M. Jean Dupont", or the société's name followed by the person for a professional. */
export function clientDisplayName(c: {
  type: string
  civilite?: string | null
  nom: string
  prenom?: string | null
  societe?: string | null
}): string {
  const person = [c.prenom, c.nom].filter(Boolean).join(' ')
  if (c.type === 'professionnel' && c.societe)
    return person ? `${c.societe} (${person})` : c.societe
  return [c.civilite, person].filter(Boolean).join(' ')
}

/** A société offered as apporteur (pro) or fournisseur in the forms and filters. */
export type SocieteOption = { id: number; nom: string }

/** One row of esi/customer/Index. */
export type ClientListItem = {
  id_client: number
  type: ClientType
  nom_complet: string
  nom: string
  prenom: string | null
  societe: string | null
  email: string | null
  telephone: string | null
  code_postal: string | null
  localite: string | null
  apporteur: SocieteOption | null
  created_at: string
}

/** Everything esi/customer/Show displays and the edit form starts from. */
export type ClientDetail = {
  id_client: number
  type: ClientType
  civilite: Civilite | null
  nom: string
  prenom: string | null
  nom_complet: string
  societe: string | null
  numero_tva: string | null
  email: string | null
  telephone: string | null
  gsm: string | null
  facturation_rue: string | null
  facturation_code_postal: string | null
  facturation_localite: string | null
  facturation_pays: string
  chantier_rue: string | null
  chantier_code_postal: string | null
  chantier_localite: string | null
  chantier_lat: number | null
  chantier_lng: number | null
  apporteur: SocieteOption | null
  notes: string | null
  /** Days to pay a facture; null: the company's default (ECHEANCE_JOURS_DEFAUT). */
  delai_paiement_jours: number | null
  created_at: string
  updated_at: string
  /** The version the edit form sends back (optimistic lock). */
  lock_version: number
}

/** The latest sales documents of a client, on its Show page (issue 5). */
export type ClientDevisItem = {
  id: number
  numero: string | null
  revision: number
  date_devis: string
  objet: string
  total_ttc: number
  statut: string
}

export type ClientCommandeItem = {
  id: number
  numero: string
  objet: string
  total_ttc: number
  statut: string
  created_at: string
}

/**
 * A client's account on its Show page (issue 11): what his commandes total, what was invoiced,
 * credited by notes de crédit, paid, what the issued factures still ask (the one rule of
 * shared/factures.ts), his unallocated credit, and the payment requests still awaited.
 */
export type ClientCompte = {
  /** Total TTC of the commandes not cancelled. */
  commandes_ttc: number
  /** Issued factures, TTC. */
  facture: number
  /** Issued notes de crédit, TTC. */
  credite: number
  /** Payments received less refunds. */
  paye: number
  /** What the issued factures still ask (sum of their reste). */
  du: number
  /** Paid and not allocated to a facture (to allocate or refund). */
  credit: number
  /** Payment requests sent and not yet paid. */
  en_attente: number
  factures: FactureRow[]
  mouvements: ClientMouvement[]
}

export type ClientMouvement = {
  id: number
  numero: string
  objet: string
  montant: number
  statut: 'envoyee' | 'payee' | 'annulee'
  /** Paid on (payée), else sent on. */
  date: string
}
