import { BaseTransformer } from '@adonisjs/core/transformers'
import { iso } from '#transformers/dates'
import type Bdc from '#models/bdc'
import type DemandePaiement from '#models/demande_paiement'
import { formatIban } from '#shared/validation/belgium'
import { isLinkExpired, paymentLinkUrl, qrDataUrl } from '#services/paiement/payment_link'

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

  /**
   * What the customer may see (his public page, and the esi page's copy of it): the payment
   * details, nothing else about him.
   */
  async forPublic() {
    const demande = this.resource
    return {
      ...this.pick(this.toObject(), [
        'numero',
        'montant',
        'communication',
        'statut',
        'payee_le',
        'lien_expire_le',
      ]),
      objet: demande.objet,
      beneficiaire: demande.beneficiaire,
      /** Grouped by 4 ("BE68 5390 0754 7034"). */
      iban: formatIban(demande.iban),
      bic: demande.bic,
      /** data: URL of the EPC QR code (null when the payload cannot be built or nothing is due). */
      qr_data_url: demande.statut === 'envoyee' ? await qrDataUrl(demande) : null,
    }
  }

  /** The esi/paiement/DemandePaiement page: needs client loaded, and its bdc (demandeDetail). */
  async forDetail(bdc: Bdc | null) {
    const demande = this.resource
    const c = demande.client
    return {
      ...this.toObject(),
      ...(await this.forPublic()),
      client: {
        id: demande.clientId,
        nom: bdc?.clientNom || [c?.prenom, c?.nom].filter(Boolean).join(' '),
      },
      bdc: bdc ? { id: bdc.id, numero: bdc.numero } : null,
      created_at: iso(demande.createdAt),
      /** The signed public link (valid until lien_expire_le). */
      lien: paymentLinkUrl(demande),
      lien_expire: isLinkExpired(demande),
    }
  }
}
