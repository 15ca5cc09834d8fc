/*
 * Paiements (issue 11 §3): modes, and the allocation proposal of the « Nouveau paiement » form
 * (what is due, oldest due date first). Money in cents.
 */
export const PAIEMENT_MODES = ['virement', 'bancontact', 'carte', 'especes', 'cheque'] as const
export type PaiementMode = (typeof PAIEMENT_MODES)[number]

export const PAIEMENT_MODE_LABELS: Record<PaiementMode, string> = {
  virement: 'Virement',
  bancontact: 'Bancontact',
  carte: 'Carte',
  especes: 'Espèces',
  cheque: 'Chèque',
}

export const PAIEMENT_SORT_KEYS = ['date', 'montant', 'client'] as const

export type PaiementListItem = {
  id: number
  client_id: number
  client_nom: string
  date_paiement: string
  montant: number
  alloue: number
  mode: PaiementMode
  reference: string | null
  factures: string[]
  created_at: string
}

/** An open facture of the client, as the payment form lists it. */
export type FactureOuverte = {
  id: number
  numero: string
  date_facture: string
  echeance: string
  total_ttc: number
  reste: number
}

/**
 * Spreads `montant` over the open factures, oldest due date first, each up to what it still
 * asks; the rest stays the client's credit. Returns the amount per facture id.
 */
export function proposeAllocations(
  montant: number,
  factures: Pick<FactureOuverte, 'id' | 'echeance' | 'reste'>[]
): Map<number, number> {
  const out = new Map<number, number>()
  let left = Math.max(0, montant)
  const ordered = [...factures].sort((a, b) => a.echeance.localeCompare(b.echeance) || a.id - b.id)
  for (const f of ordered) {
    const part = Math.min(left, Math.max(0, f.reste))
    out.set(f.id, part)
    left -= part
  }
  return out
}
