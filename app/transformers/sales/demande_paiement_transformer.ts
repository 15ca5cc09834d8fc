import { BaseTransformer } from '@adonisjs/core/transformers'
import { iso } from '#transformers/dates'
import type DemandePaiement from '#models/demande_paiement'

/**
 * A demande de paiement in the staff's lists (the bdc page): never its `public_id`, which is the
 * customer's link (signed and built on the server).
 */
export default class DemandePaiementTransformer extends BaseTransformer<DemandePaiement> {
  toObject() {
    const demande = this.resource
    return {
      id: demande.id,
      numero: demande.numero,
      montant: demande.montant,
      statut: demande.statut,
      email: demande.email,
      communication: demande.communication,
      envoyee_le: iso(demande.envoyeeLe),
      payee_le: iso(demande.payeeLe),
      lien_expire_le: iso(demande.lienExpireLe),
    }
  }
}
