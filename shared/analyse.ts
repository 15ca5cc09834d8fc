/*
 * The analyses of the staff menu (issue 14 §3, decisions 510–519): their pages, the filters the
 * URL carries and the shapes the server sends. Amounts are integer cents, hours are numbers.
 */

/** The four analyses, in the menu's order: route name, menu label, page title. */
export const ANALYSES = [
  { key: 'chiffre_affaires', route: 'esi.analyse.chiffre_affaires', label: 'Chiffre d’affaires' },
  { key: 'rentabilite', route: 'esi.analyse.rentabilite', label: 'Rentabilité' },
  { key: 'acceptation', route: 'esi.analyse.acceptation', label: 'Taux d’acceptation' },
  { key: 'techniciens', route: 'esi.analyse.techniciens', label: 'Occupation des techniciens' },
] as const
export type AnalyseKey = (typeof ANALYSES)[number]['key']

/**
 * What « chiffre d’affaires » counts (decision 511): `factures` — the accountant's figure, HT of
 * the issued factures minus the issued notes de crédit, by their date; `bdc` — the commercial
 * view, HT of the bons de commande signed in the period.
 */
export const CA_SOURCES = ['factures', 'bdc'] as const
export type CaSource = (typeof CA_SOURCES)[number]
export const CA_SOURCE_LABELS: Record<CaSource, string> = {
  factures: 'Facturé (factures − notes de crédit)',
  bdc: 'Signé (bons de commande)',
}

/** Family label of a line whose product has no catégorie, or of a line without product. */
export const SANS_FAMILLE = 'Sans famille'
export const SANS_PRODUIT = 'Hors catalogue (acomptes, déductions, lignes libres)'

/**
 * Working time of a technician (decision 515): 38 h a week, Monday to Friday (7,6 h a day), the
 * Belgian full-time week; public holidays are not subtracted.
 */
export const HEURES_PAR_JOUR_OUVRE = 7.6

/** Rows shown on a page when a table can be long (the export has them all). */
export const ANALYSE_TABLE_MAX = 100

export type CaMois = {
  mois: string
  nombre: number
  brut_ht: number
  deduit_ht: number
  net_ht: number
}
export type CaFamille = { famille: string; ht: number }
export type ChiffreAffaires = {
  du: string
  au: string
  source: CaSource
  par_mois: CaMois[]
  par_famille: CaFamille[]
  total_ht: number
  /** Sum of the families minus the total: cents lost to the global discounts' rounding. */
  arrondi_ht: number
}

/** Margin of one commande or one product; cost null = « coût inconnu » (decision 512). */
export type MargeFigures = {
  vente_ht: number
  /** Part of vente_ht whose cost is known (product with a purchase price). */
  vente_connue_ht: number
  cout_ht: number
  marge_ht: number | null
  taux_marge: number | null
  /** Part of vente_ht whose cost is unknown (no product, or no purchase price). */
  inconnu_ht: number
}
export type MargeCommande = MargeFigures & {
  commande_id: number
  numero: string
  client_nom: string
  signe_le: string
}
export type MargeProduit = MargeFigures & {
  produit_id: number | null
  reference: string | null
  libelle: string
  famille: string
  quantite: number
}
export type Rentabilite = {
  du: string
  au: string
  total: MargeFigures
  commandes: MargeCommande[]
  commandes_total: number
  produits: MargeProduit[]
  produits_total: number
}

export type AcceptationLigne = {
  id: number | null
  nom: string
  envoyes: number
  acceptes: number
  refuses: number
  taux_acceptation: number | null
  delai_moyen_jours: number | null
  delai_median_jours: number | null
  montant_accepte_ht: number
}
export type Acceptation = {
  du: string
  au: string
  total: AcceptationLigne
  par_commercial: AcceptationLigne[]
  par_apporteur: AcceptationLigne[]
}

export type OccupationTechnicien = {
  user_id: number
  nom: string
  visites: number
  heures_planifiees: number
  heures_realisees: number
  heures_ouvrees: number
  taux_planifie: number | null
  taux_realise: number | null
}
export type Occupation = {
  du: string
  au: string
  jours_ouvres: number
  heures_ouvrees: number
  techniciens: OccupationTechnicien[]
  total: Omit<OccupationTechnicien, 'user_id' | 'nom'>
}

/** Monday–Friday days between two ISO dates, both included. */
export function joursOuvres(du: string, au: string): number {
  const start = Date.parse(`${du}T00:00:00Z`)
  const end = Date.parse(`${au}T00:00:00Z`)
  let n = 0
  for (let t = start; t <= end; t += 86_400_000) {
    const day = new Date(t).getUTCDay()
    if (day !== 0 && day !== 6) n++
  }
  return n
}

/** A margin rate: (sale − cost) / sale over the lines whose cost is known. */
export function tauxMarge(venteConnue: number, cout: number): number | null {
  return venteConnue > 0 ? (venteConnue - cout) / venteConnue : null
}
