/*
 * The offre editor's pure helpers: the live totals from what is typed (shared/totals.ts, the
 * function the server stores — an unreadable cell counts as 0 until it is fixed), new lines,
 * and the server's field errors keyed by field.
 */
import { computeTotals, parseScaled, type Totals } from '@shared/totals'
import { parseMoney } from '@shared/money'
import { emptyLigne, type LigneForm } from '@shared/devis'
import type { LigneType } from '@shared/totals'
import type { OffreProduitOption } from '@shared/offres'
import { centsToInput } from '@shared/totals'

export type EditorLigne = LigneForm & { key: string }

let counter = 0
export function newKey(): string {
  counter += 1
  return `n${Date.now().toString(36)}${counter}`
}

export function withKeys(lignes: LigneForm[]): EditorLigne[] {
  return lignes.map((l) => ({ ...l, key: l.key ?? newKey() }))
}

export function blankLigne(type: LigneType): EditorLigne {
  const ligne = emptyLigne(type)
  return { ...ligne, designation: type === 'sous_total' ? 'Sous-total' : '', key: newKey() }
}

/** A catalogue product as a new line, at the partner price the server computed. */
export function ligneFromProduit(p: OffreProduitOption): EditorLigne {
  return {
    key: newKey(),
    type: 'produit',
    produit_id: p.id,
    designation: p.description ? `${p.libelle}\n${p.description}` : p.libelle,
    quantite: '1',
    unite: p.unite,
    prix_unitaire_ht: centsToInput(p.prix_partenaire_ht),
    remise_pct: '0',
    taux_tva: p.taux_tva,
  }
}

function safeMoney(text: string): number {
  try {
    return parseMoney(text)
  } catch {
    return 0
  }
}

function safeDecimal(text: string, scale: number, max?: bigint): string {
  const parsed = parseScaled(text, scale)
  if (parsed === null || parsed < 0n || (max !== undefined && parsed > max)) return '0'
  return text
}

/** The totals shown while typing; equal to the saved ones once every cell is valid. */
export function liveTotals(lignes: LigneForm[], remiseGlobalePct: string): Totals {
  return computeTotals({
    lignes: lignes.map((l) =>
      l.type === 'produit'
        ? {
            type: l.type,
            quantite: safeDecimal(l.quantite, 3),
            prix_unitaire_ht: safeMoney(l.prix_unitaire_ht),
            remise_pct: safeDecimal(l.remise_pct, 2, 10_000n),
            taux_tva: l.taux_tva ?? 0,
          }
        : { type: l.type }
    ),
    remise_globale_pct: safeDecimal(remiseGlobalePct, 2, 10_000n),
  })
}

/** VineJS errors of a JSON answer ([{ field, message }]) → { field: message }. */
export function fieldErrors(body: unknown): Record<string, string> {
  const list = (body as { errors?: unknown } | null)?.errors
  const out: Record<string, string> = {}
  if (Array.isArray(list)) {
    for (const item of list) {
      const { field, message } = item as { field?: string; message?: string }
      if (field && message && !out[field]) out[field] = message
    }
  } else if (list && typeof list === 'object') {
    for (const [field, value] of Object.entries(list as Record<string, unknown>)) {
      out[field] = Array.isArray(value) ? String(value[0]) : String(value)
    }
  }
  return out
}
