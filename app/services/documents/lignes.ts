/*
 * Writing a document's lines and totals: the lines are replaced as a whole (the editor sends
 * them all, in order) and every total comes from shared/totals.ts, the function the editor
 * shows — the figures saved are the figures seen.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { LigneData } from '#shared/devis'
import { computeTotals, type Totals } from '#shared/totals'

/** Lines normalised for storage (texte/section/sous_total carry no money). */
export function normaliseLignes(lignes: LigneData[]): LigneData[] {
  return lignes.map((l) =>
    l.type === 'produit'
      ? {
          ...l,
          designation: l.designation.trim(),
          quantite: String(l.quantite ?? '0').replace(',', '.'),
          remise_pct: l.remise_pct,
        }
      : {
          ...l,
          produit_id: null,
          designation: l.designation.trim(),
          quantite: null,
          unite: null,
          prix_unitaire_ht: null,
          remise_pct: '0',
          taux_tva: null,
        }
  )
}

/** The option columns of a devis line: a line that is no option is always counted. */
export function optionColumns(l: Pick<LigneData, 'type' | 'optionnel' | 'retenue'>) {
  const optionnel = l.type === 'produit' && l.optionnel === true
  return { optionnel, retenue: optionnel ? l.retenue !== false : true }
}

export function totalsOf(
  lignes: LigneData[],
  remiseGlobalePct: string | number,
  acomptePct: string | number = 0
): Totals {
  return computeTotals({
    lignes,
    remise_globale_pct: remiseGlobalePct,
    acompte_pct: acomptePct,
  })
}

/** Header columns of the totals (devis, offres, bdc share them). */
export function totalColumnsOf(totals: Totals) {
  return {
    total_ht: totals.total_ht,
    total_tva: totals.total_tva,
    total_ttc: totals.total_ttc,
    tva_detail: JSON.stringify(totals.tva),
  }
}

/** A line's columns as every lines table stores them, its total from the document's totals. */
export function ligneColumns(l: LigneData, index: number, totals: Totals) {
  return {
    position: index + 1,
    type: l.type,
    produit_id: l.produit_id,
    designation: l.designation,
    quantite: l.type === 'produit' ? l.quantite : null,
    unite: l.unite,
    prix_unitaire_ht: l.prix_unitaire_ht,
    remise_pct: l.remise_pct,
    taux_tva: l.taux_tva,
    total_ht: totals.lignes[index]?.total_ht ?? null,
  }
}

/** Replaces every line of one document in one statement (after deleting the old ones). */
export async function replaceLignes<L extends LigneData>(
  trx: TransactionClientContract,
  table: 'devis_lignes' | 'offre_lignes' | 'bdc_lignes' | 'facture_lignes' | 'avenant_lignes',
  ownerColumn: 'devis_id' | 'offre_id' | 'bdc_id' | 'facture_id' | 'avenant_id',
  ownerId: number,
  lignes: L[],
  totals: Totals,
  /** The columns one table adds (an avenant line's bdc line). */
  extra?: (l: L) => Record<string, unknown>
) {
  await trx.from(table).where(ownerColumn, ownerId).delete()
  if (lignes.length === 0) return
  await trx.table(table).multiInsert(
    lignes.map((l, index) => ({
      [ownerColumn]: ownerId,
      ...ligneColumns(l, index, totals),
      // Options exist on devis only (issue 14 §1); only a produit line can be one
      ...(table === 'devis_lignes' ? optionColumns(l) : {}),
      ...extra?.(l),
    }))
  )
}
