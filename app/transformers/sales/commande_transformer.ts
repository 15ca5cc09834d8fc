import { BaseTransformer } from '@adonisjs/core/transformers'
import { iso } from '#transformers/dates'
import type Commande from '#models/commande'

/** A commande's own columns (its bdc and chef de projet come from their own). */
export default class CommandeTransformer extends BaseTransformer<Commande> {
  toObject() {
    const commande = this.resource
    return {
      id: commande.id,
      numero: commande.numero,
      statut: commande.statut,
      created_at: iso(commande.createdAt),
      bdc_id: commande.bdcId,
      client: { id: commande.clientId, nom: commande.clientNom },
      objet: commande.objet,
      total_ttc: commande.totalTtc,
      fin_retractation: iso(commande.finRetractation),
    }
  }
}
