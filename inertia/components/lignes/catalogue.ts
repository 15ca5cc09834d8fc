/*
 * Where a document editor searches the catalogue: the devis (esi, catalogue prices) and the
 * offre (pro, the société's partner prices computed by the server) answer with different shapes,
 * read here into one ProduitChoice that the lines table shows and turns into a line.
 */
import type { DevisProduitOption } from '@shared/devis_editor'
import type { OffreProduitOption } from '@shared/offres'
import type { LigneForm } from '@shared/devis'
import { centsToInput } from '@shared/totals'
import { route } from '~/lib/route'

export type ProduitChoice = {
  id: number
  reference: string
  libelle: string
  description?: string | null
  unite: string
  taux_tva: number
  /** The unit price the line gets, cents (catalogue or partner price). */
  prix_ht: number
  /** The catalogue price, cents: shown struck through when the line's price differs. */
  prix_catalogue_ht: number
}

export type Catalogue = {
  /** The search URL for what is typed (JSON answer `{ produits: [...] }`). */
  url: (q: string) => string
  /** The answer's products as choices. */
  choices: (body: unknown) => ProduitChoice[]
}

const produitsOf = <T>(body: unknown): T[] => (body as { produits?: T[] } | null)?.produits ?? []

/** esi: the active catalogue at its sale prices. */
export const devisCatalogue: Catalogue = {
  url: (q) => route('esi.devis.produits', {}, { q }),
  choices: (body) =>
    produitsOf<DevisProduitOption>(body).map((p) => ({
      ...p,
      prix_ht: p.prix_vente_ht,
      prix_catalogue_ht: p.prix_vente_ht,
    })),
}

/** A pro: the catalogue at the partner price of the société (the server computes it). */
export function offreCatalogue(societeId: number | null): Catalogue {
  return {
    url: (q) => route('partner.offres.produits', {}, { q, societe_id: societeId }),
    choices: (body) =>
      produitsOf<OffreProduitOption>(body).map((p) => ({ ...p, prix_ht: p.prix_partenaire_ht })),
  }
}

/** The fields a chosen product fills in its line (still editable); quantity and discount stay. */
export function ligneFromChoice(p: ProduitChoice): Partial<LigneForm> {
  return {
    produit_id: p.id,
    designation: p.description ? `${p.libelle}\n${p.description}` : p.libelle,
    unite: p.unite,
    prix_unitaire_ht: centsToInput(p.prix_ht),
    taux_tva: p.taux_tva,
  }
}
