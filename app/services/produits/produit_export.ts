/*
 * CSV export of the catalogue, filtered and sorted as on screen. The same columns are what the
 * import reads, so an exported file can be edited in Excel and imported back.
 */
import { DateTime } from 'luxon'
import type { CsvExport } from '#services/csv'
import { allProduits, type ProduitRow } from '#services/produits/produit_list'
import type { ListParams } from '#services/list/list_params'
import { centsToInput } from '#shared/money'
import { UNITE_LABELS, type Unite } from '#shared/produits'
import { TIME_ZONE } from '#shared/app'

export const PRODUIT_CSV_COLUMNS = [
  { field: 'reference', header: 'Référence' },
  { field: 'libelle', header: 'Libellé' },
  { field: 'description', header: 'Description' },
  { field: 'unite', header: 'Unité' },
  { field: 'prix_achat', header: 'Prix d’achat' },
  { field: 'prix_vente_ht', header: 'Prix de vente HT' },
  { field: 'taux_tva', header: 'TVA %' },
  { field: 'categorie', header: 'Catégorie' },
  { field: 'fournisseur', header: 'Fournisseur' },
  { field: 'actif', header: 'Actif' },
] as const

/** Prices as "1234,56" (decimal comma, never negative: the database refuses it). */
export function produitCells(row: ProduitRow): unknown[] {
  return [
    row.reference,
    row.libelle,
    row.description,
    UNITE_LABELS[row.unite as Unite] ?? row.unite,
    centsToInput(row.prix_achat),
    centsToInput(row.prix_vente_ht),
    row.taux_tva,
    row.categorie,
    row.fournisseur_nom,
    row.actif ? 'oui' : 'non',
  ]
}

/** The file, filtered and sorted as on screen (app/services/http/csv_response.ts sends it). */
export function exportProduits(params: ListParams): CsvExport {
  async function* batches() {
    for await (const rows of allProduits(params)) yield rows.map(produitCells)
  }
  const today = DateTime.now().setZone(TIME_ZONE).toFormat('yyyy-MM-dd')
  return {
    filename: `produits-${today}.csv`,
    header: PRODUIT_CSV_COLUMNS.map((c) => c.header),
    batches: batches(),
  }
}
