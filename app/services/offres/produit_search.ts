/*
 * The catalogue as a pro sees it while writing an offre: active products only, at his société's
 * partner price (shared/offres.ts partnerPrice), never the purchase price.
 */
import Produit from '#models/produit'
import type Societe from '#models/societe'
import { whereWords } from '#services/list/list_params'
import { partnerPrice, type OffreProduitOption } from '#shared/offres'

export const PRODUIT_SEARCH_LIMIT = 20

export async function searchProduitsForPartner(
  societe: Pick<Societe, 'remisePartenairePct'>,
  q: string
): Promise<OffreProduitOption[]> {
  const query = Produit.query().where('actif', true)
  const text = q.trim().slice(0, 100)
  // Every word (one letter is enough in this picker), accents and case ignored
  whereWords(query, 'produits.recherche', text.split(/\s+/).filter(Boolean).slice(0, 5))
  const rows = await query
    .orderByRaw('f_unaccent(lower(libelle))')
    .orderBy('id')
    .limit(PRODUIT_SEARCH_LIMIT)
  return rows.map((p) => ({
    id: p.id,
    reference: p.reference,
    libelle: p.libelle,
    description: p.description,
    unite: p.unite,
    taux_tva: p.tauxTva,
    prix_catalogue_ht: p.prixVenteHt,
    prix_partenaire_ht: partnerPrice(p.prixVenteHt, societe.remisePartenairePct ?? '0'),
  }))
}
