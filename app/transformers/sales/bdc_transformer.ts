import { BaseTransformer } from '@adonisjs/core/transformers'
import { iso, isoDate } from '#transformers/dates'
import DevisLigneTransformer from '#transformers/sales/devis_ligne_transformer'
import DemandePaiementTransformer from '#transformers/sales/demande_paiement_transformer'
import type Bdc from '#models/bdc'
import type Commande from '#models/commande'
import type Devis from '#models/devis'
import type Facture from '#models/facture'
import type { BdcListItem } from '#shared/bdc'
import { commissionApporteur } from '#shared/offres'

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
        fin_retractation: isoDate(bdc.finRetractation),
      },
      motif_annulation: bdc.motifAnnulation,
    }
  }

  /** A row of esi/bdc/Index (the commande's id comes from the list query's join). */
  forList(): BdcListItem {
    const data = this.toObject()
    return {
      ...this.pick(data, [
        'id',
        'numero',
        'client_id',
        'client_nom',
        'objet',
        'total_ttc',
        'acompte',
        'statut',
        'created_at',
      ]),
      signe_le: data.signature.signe_le,
      commande_id: this.resource.$extras.commande_id ?? null,
    }
  }

  /**
   * The esi/bdc/Show page: its columns (the client as a block instead of the copied name), its
   * lines, devis, commande and demandes. Needs lignes, client, commercial and demandesPaiement
   * loaded, the devis (with its apporteur) and commande given (bdcDetail). The partner's
   * commission (decision 187) is staff information: this page only, never the printed bdc.
   */
  forDetail(
    devis: Devis | null,
    commande: Commande | null,
    paiementBloque: string | null = null,
    factureAcompte: Facture | null = null
  ) {
    const bdc = this.resource
    const c = bdc.client
    const nomClient = c
      ? [c.civilite, c.prenom, c.nom].filter(Boolean).join(' ') +
        (c.societe ? ` (${c.societe})` : '')
      : bdc.clientNom
    return {
      ...this.omit(this.toObject(), ['client_id', 'client_nom']),
      devis_numero: devis?.numero ?? null,
      client: {
        id: bdc.clientId,
        nom: bdc.clientNom || nomClient,
        email: c?.email ?? null,
        telephone: c?.telephone ?? c?.gsm ?? null,
        adresse: c
          ? [
              c.facturationRue,
              [c.facturationCodePostal, c.facturationLocalite].filter(Boolean).join(' '),
            ].filter((l): l is string => Boolean(l))
          : [],
      },
      commercial: bdc.commercial?.name ?? null,
      apporteur: devis?.apporteur?.nom ?? null,
      commission:
        devis?.apporteur && bdc.commissionApporteurPct !== null
          ? {
              societe: devis.apporteur.nom,
              pct: bdc.commissionApporteurPct,
              montant_ht: commissionApporteur(bdc.totalHt, bdc.commissionApporteurPct),
            }
          : null,
      lignes: bdc.lignes.map((l) => new DevisLigneTransformer(l).toObject()),
      commande: commande ? { id: commande.id, numero: commande.numero } : null,
      facture_acompte: factureAcompte
        ? { id: factureAcompte.id, numero: factureAcompte.numero, statut: factureAcompte.statut }
        : null,
      demandes: bdc.demandesPaiement.map((d) => new DemandePaiementTransformer(d).toObject()),
      /** Why no payment may be asked today (France, 7 days after a signature at home), or null. */
      paiement_bloque: paiementBloque,
    }
  }
}
