import { BaseTransformer } from '@adonisjs/core/transformers'
import type { LigneBase } from '#models/ligne_base'

/**
 * A line of a devis as the documents show it (read-only), also for the bdc's lines, which are
 * copies of the devis's: never the purchase price nor the product's internal fields.
 */
export default class DevisLigneTransformer extends BaseTransformer<LigneBase> {
  toObject() {
    const ligne = this.resource
    return {
      id: ligne.id,
      type: ligne.type,
      designation: ligne.designation,
      quantite: ligne.quantite,
      unite: ligne.unite,
      prix_unitaire_ht: ligne.prixUnitaireHt,
      remise_pct: ligne.remisePct,
      taux_tva: ligne.tauxTva,
      total_ht: ligne.totalHt,
    }
  }
}
