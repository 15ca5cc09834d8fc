/*
 * Issue 12 §3–4: supplier orders (commandes fournisseur) and their receipts — the statuts, their
 * labels, and the pure rules shared by the server and the pages: the line's designation from the
 * measured item, what a receipt does to each line (decision 353), the order's statut after it,
 * and what is late. Quantities travel as decimal strings ("2.000"); the rules count thousandths.
 */

export const CF_STATUTS = [
  'brouillon',
  'envoyee',
  'confirmee',
  'recue_partiellement',
  'recue',
  'annulee',
] as const
export type CfStatut = (typeof CF_STATUTS)[number]

export const CF_STATUT_LABELS: Record<CfStatut, string> = {
  brouillon: 'Brouillon',
  envoyee: 'Envoyée',
  confirmee: 'Confirmée',
  recue_partiellement: 'Reçue partiellement',
  recue: 'Reçue',
  annulee: 'Annulée',
}

export const CF_STATUT_BADGES: Record<CfStatut, string> = {
  brouillon: 'secondary',
  envoyee: 'info',
  confirmee: 'primary',
  recue_partiellement: 'warning',
  recue: 'success',
  annulee: 'light',
}

/** Sent and not wholly received: goods are expected. */
export const CF_ATTENDUES: readonly CfStatut[] = ['envoyee', 'confirmee', 'recue_partiellement']

export const LIVRAISON_ETATS = ['ok', 'endommage', 'manquant'] as const
export type LivraisonEtat = (typeof LIVRAISON_ETATS)[number]

export const LIVRAISON_ETAT_LABELS: Record<LivraisonEtat, string> = {
  ok: 'Reçu en bon état',
  endommage: 'Endommagé',
  manquant: 'Manquant',
}

/** Limits shared by the validators and the forms. */
export const CF_LIMITS = {
  quantite: 100_000,
  prixAchat: 10_000_000_00,
  remarques: 2000,
  bonLivraison: 60,
  lignes: 200,
} as const

/** "1.500" → 1500 thousandths (quantities are numeric(12,3)). */
export function toMilli(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number(value ?? 0)
  return Number.isFinite(n) ? Math.round(n * 1000) : 0
}

export function fromMilli(milli: number): string {
  return (milli / 1000).toFixed(3)
}

/** « 2 », « 1,5 »: a quantity as people read it. */
export function formatQuantite(value: string | number): string {
  const milli = toMilli(value)
  const s = (milli / 1000).toString()
  return s.replace('.', ',')
}

/** Line total in cents: quantity × unit purchase price, rounded to the cent. */
export function ligneTotal(quantite: string | number, prixAchat: number): number {
  return Math.round((toMilli(quantite) * prixAchat) / 1000)
}

export type MesureDims = {
  largeur_mm: number | null
  hauteur_mm: number | null
  couleur: string | null
  sens_ouverture: string | null
  vitrage: string | null
  repere?: string | null
}

/**
 * What the supplier reads: the product and the measured item, e.g.
 * « Châssis PVC 1 vantail — 1195 × 1402 mm, blanc, oscillo-battant gauche (repère : Cuisine) ».
 */
export function mesureDesignation(libelle: string, m: MesureDims): string {
  const parts: string[] = []
  if (m.largeur_mm && m.hauteur_mm) parts.push(`${m.largeur_mm} × ${m.hauteur_mm} mm`)
  else if (m.largeur_mm) parts.push(`largeur ${m.largeur_mm} mm`)
  else if (m.hauteur_mm) parts.push(`hauteur ${m.hauteur_mm} mm`)
  for (const v of [m.couleur, m.sens_ouverture, m.vitrage]) {
    const s = v?.trim()
    if (s) parts.push(s)
  }
  const base = libelle.trim().split('\n')[0].trim() || 'Article'
  let text = parts.length ? `${base} — ${parts.join(', ')}` : base
  const repere = m.repere?.trim()
  if (repere) text += ` (repère : ${repere})`
  return text
}

export type ReceptionLigneState = {
  id: number
  position: number
  quantite: string
  quantite_recue: string
}

export type ReceptionEntry = {
  ligne_id: number
  quantite: string | number
  etat: LivraisonEtat
}

/**
 * What a receipt does to the order's lines (decision 353): an « ok » quantity is received and may
 * not exceed what is still expected; a damaged or missing quantity is not received — beyond
 * what is still expected it takes back what an earlier receipt counted (damage found later), so
 * the line is expected again. Returns the new received quantities, or the French errors.
 */
export function applyReception(
  lignes: ReceptionLigneState[],
  entries: ReceptionEntry[]
): { recues: Map<number, number>; errors: string[] } {
  const byId = new Map(lignes.map((l) => [l.id, l]))
  const recues = new Map(lignes.map((l) => [l.id, toMilli(l.quantite_recue)]))
  const errors: string[] = []
  const seen = new Set<number>()
  for (const e of entries) {
    const l = byId.get(e.ligne_id)
    if (!l) {
      errors.push('Une ligne reçue n’appartient pas à cette commande fournisseur.')
      continue
    }
    if (seen.has(l.id)) {
      errors.push(`Ligne ${l.position} : une seule entrée par ligne et par livraison.`)
      continue
    }
    seen.add(l.id)
    const q = toMilli(e.quantite)
    if (q <= 0) {
      errors.push(`Ligne ${l.position} : la quantité doit être supérieure à zéro.`)
      continue
    }
    const commande = toMilli(l.quantite)
    const recue = recues.get(l.id)!
    const restant = commande - recue
    if (e.etat === 'ok') {
      if (q > restant) {
        errors.push(
          `Ligne ${l.position} : ${formatQuantite(fromMilli(q))} reçu(s) dépasse(nt) les ${formatQuantite(fromMilli(restant))} encore attendu(s).`
        )
        continue
      }
      recues.set(l.id, recue + q)
    } else {
      if (q > commande) {
        errors.push(
          `Ligne ${l.position} : ${formatQuantite(fromMilli(q))} ${e.etat === 'manquant' ? 'manquant(s)' : 'endommagé(s)'} dépasse(nt) les ${formatQuantite(l.quantite)} commandé(s).`
        )
        continue
      }
      // Beyond what is still expected, the damage concerns goods counted before: reopened
      const reprise = Math.max(0, q - restant)
      recues.set(l.id, recue - reprise)
    }
  }
  if (!entries.length) errors.push('Indiquez au moins une ligne reçue.')
  return { recues, errors }
}

/** The order's statut from its lines once goods have arrived (a sent order stays as it is). */
export function statutApresReception(
  current: CfStatut,
  lignes: { quantite: string | number; quantite_recue: string | number }[],
  dateConfirmee: string | null = null
): CfStatut {
  if (current === 'brouillon' || current === 'annulee') return current
  const all =
    lignes.length > 0 && lignes.every((l) => toMilli(l.quantite_recue) >= toMilli(l.quantite))
  if (all) return 'recue'
  const some = lignes.some((l) => toMilli(l.quantite_recue) > 0)
  if (some) return 'recue_partiellement'
  // Nothing received (or everything taken back): back to where it stood before the goods
  if (current !== 'recue' && current !== 'recue_partiellement') return current
  return dateConfirmee ? 'confirmee' : 'envoyee'
}

/** Goods still expected after the confirmed delivery date. */
export function cfEnRetard(
  cf: { statut: CfStatut; date_livraison_confirmee: string | null },
  today: string
): boolean {
  return (
    CF_ATTENDUES.includes(cf.statut) &&
    cf.date_livraison_confirmee !== null &&
    cf.date_livraison_confirmee < today
  )
}

/**
 * The steps after the orders (contract of issue 12): approvisionnement « faite » when every order
 * is confirmed (or already receiving) and no draft waits; « en_cours » once one is sent.
 */
export function approvisionnementStatut(statuts: CfStatut[]): 'a_faire' | 'en_cours' | 'faite' {
  const live = statuts.filter((s) => s !== 'annulee')
  if (!live.some((s) => s !== 'brouillon')) return 'a_faire'
  const confirmed = live.every(
    (s) => s === 'confirmee' || s === 'recue_partiellement' || s === 'recue'
  )
  return confirmed ? 'faite' : 'en_cours'
}

/** fourniture « faite » when every line of every live order is received and no draft waits. */
export function fournitureStatut(
  statuts: CfStatut[],
  anyReceipt: boolean
): 'a_faire' | 'en_cours' | 'faite' {
  const live = statuts.filter((s) => s !== 'annulee')
  if (live.length && live.every((s) => s === 'recue')) return 'faite'
  return anyReceipt ? 'en_cours' : 'a_faire'
}

export type CfLigneRow = {
  id: number
  position: number
  produit_id: number | null
  reference: string | null
  designation: string
  unite: string | null
  quantite: string
  quantite_recue: string
  prix_achat: number
  total: number
}

export type CfRow = {
  id: number
  numero: string | null
  commande_id: number
  commande_numero: string
  client_nom: string
  fournisseur_id: number
  fournisseur_nom: string
  fournisseur_email: string | null
  statut: CfStatut
  total_ht: number
  adresse_livraison: string | null
  date_livraison_confirmee: string | null
  envoyee_le: string | null
  lock_version: number
  en_retard: boolean
}

export type CfDetail = CfRow & {
  remarques: string | null
  motif_annulation: string | null
  lignes: CfLigneRow[]
  livraisons: {
    id: number
    date_livraison: string
    bon_livraison: string | null
    remarques: string | null
    recue_par: string | null
    lignes: {
      ligne_id: number
      quantite: string
      etat: LivraisonEtat
      remarque: string | null
      fichier_id: number | null
    }[]
  }[]
}

/** The commande as both step pages show it. */
export type CfCommandeHeader = {
  id: number
  numero: string
  client_nom: string
  objet: string
  statut: string
  adresse_chantier: string | null
  chef_projet_nom: string | null
}
