import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { LigneType } from '#shared/totals'
import type { LigneData, LigneForm } from '#shared/devis'
import { centsToInput } from '#shared/totals'

// pg returns bigint and numeric as strings
export const toNumber = (value: unknown) =>
  value === null || value === undefined ? null : Number(value)
export const toNumberStrict = (value: unknown) => Number(value ?? 0)

/** The columns every document line shares (DESIGN.md §2 "Ligne"); one table per document. */
export class LigneBase extends BaseModel {
  @column({ isPrimary: true, consume: toNumberStrict })
  declare id: number

  @column()
  declare position: number

  @column()
  declare type: LigneType

  @column()
  declare produitId: number | null

  @column()
  declare designation: string

  /** numeric(12,3) as text ("2.500"), null for texte/section/sous_total. */
  @column()
  declare quantite: string | null

  @column()
  declare unite: string | null

  @column()
  declare prixUnitaireHt: number | null

  /** numeric(5,2) as text ("10.00"). */
  @column()
  declare remisePct: string

  @column()
  declare tauxTva: number | null

  @column({ consume: toNumber })
  declare totalHt: number | null

  /** The line as stored (cents), for copies (bdc, revisions) and shared/totals.ts. */
  toData(): LigneData {
    return {
      type: this.type,
      produit_id: this.produitId,
      designation: this.designation,
      quantite: this.quantite,
      unite: this.unite,
      prix_unitaire_ht: this.prixUnitaireHt,
      remise_pct: this.remisePct ?? '0',
      taux_tva: this.tauxTva,
    }
  }

  /** The line as the editor holds it (typed text). */
  toForm(): LigneForm & { total_ht: number | null } {
    return {
      key: `l${this.id}`,
      type: this.type,
      produit_id: this.produitId,
      designation: this.designation,
      quantite: this.quantite === null ? '' : trimDecimal(this.quantite),
      unite: this.unite,
      prix_unitaire_ht: centsToInput(this.prixUnitaireHt),
      remise_pct: trimDecimal(this.remisePct ?? '0'),
      taux_tva: this.tauxTva,
      total_ht: this.totalHt,
    }
  }
}

/** "2.500" → "2.5", "10.00" → "10" */
export function trimDecimal(value: string | number): string {
  const text = String(value)
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}
