import type { ProduitItem, TauxTva, Unite } from '#shared/produits'
import type { ProduitRow } from '#services/produits/produit_list'

export function produitItem(row: ProduitRow): ProduitItem {
  return {
    id: row.id,
    reference: row.reference,
    libelle: row.libelle,
    description: row.description,
    unite: row.unite as Unite,
    prix_achat: row.prix_achat,
    prix_vente_ht: row.prix_vente_ht,
    taux_tva: row.taux_tva as TauxTva,
    categorie: row.categorie,
    fournisseur:
      row.fournisseur_id && row.fournisseur_nom
        ? { id: row.fournisseur_id, nom: row.fournisseur_nom }
        : null,
    actif: row.actif,
    lock_version: row.lock_version,
  }
}
