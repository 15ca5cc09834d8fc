import { BaseTransformer } from '@adonisjs/core/transformers'
import { iso, isoDate } from '#transformers/dates'
import type Bdc from '#models/bdc'
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
      fin_retractation: isoDate(commande.finRetractation),
    }
  }

  /**
   * The esi/commande/Show page: needs chefProjet loaded, and its bdc with its demandesPaiement
   * (commandeDetail), so the page says what of the acompte is paid.
   */
  forDetail(bdc: Bdc) {
    const commande = this.resource
    const payees = (bdc.demandesPaiement ?? []).filter((d) => d.statut === 'payee')
    const ouvertes = (bdc.demandesPaiement ?? []).filter((d) => d.statut === 'envoyee')
    const lastPaid = payees
      .map((d) => d.payeeLe)
      .filter((d) => d !== null)
      .sort((a, b) => b!.toMillis() - a!.toMillis())[0]
    return {
      ...this.omit(this.toObject(), ['bdc_id']),
      chef_projet: commande.chefProjet?.name ?? null,
      bdc: {
        id: bdc.id,
        numero: bdc.numero,
        signe_le: iso(bdc.signeLe),
        lieu: bdc.lieuSignature,
        renonciation: bdc.renonciationRetractation,
        acompte: bdc.acompte,
        /** Sum of the paid payment requests, in cents, and when the last one was paid */
        paye: payees.reduce((sum, d) => sum + d.montant, 0),
        paye_le: lastPaid ? iso(lastPaid) : null,
        /** Requests sent and not paid yet */
        en_attente: ouvertes.reduce((sum, d) => sum + d.montant, 0),
      },
    }
  }
}
