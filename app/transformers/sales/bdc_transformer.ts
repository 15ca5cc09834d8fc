import { BaseTransformer } from '@adonisjs/core/transformers'
import { iso } from '#transformers/dates'
import type Bdc from '#models/bdc'

/** A bon de commande's own columns (its lines, client and demandes come from their own). */
export default class BdcTransformer extends BaseTransformer<Bdc> {
  toObject() {
    const bdc = this.resource
    return {
      id: bdc.id,
      numero: bdc.numero,
      statut: bdc.statut,
      lock_version: bdc.lockVersion,
      created_at: iso(bdc.createdAt),
      devis_id: bdc.devisId,
      devis_revision: bdc.devisRevision,
      client_id: bdc.clientId,
      client_nom: bdc.clientNom,
      objet: bdc.objet,
      adresse_chantier: bdc.adresseChantier,
      remise_globale_pct: bdc.remiseGlobalePct,
      total_ht: bdc.totalHt,
      total_tva: bdc.totalTva,
      total_ttc: bdc.totalTtc,
      tva: bdc.tvaDetail ?? [],
      acompte_pct: bdc.acomptePct,
      acompte: bdc.acompte,
      // The signature's file stays on the server (signaturePath): the page asks its route
      signature: {
        signe_le: iso(bdc.signeLe),
        signataire: bdc.signataire,
        lieu: bdc.lieuSignature,
        type: bdc.signatureType,
        mime: bdc.signatureMime,
        renonciation: bdc.renonciationRetractation,
        fin_retractation: iso(bdc.finRetractation),
      },
      motif_annulation: bdc.motifAnnulation,
    }
  }
}
