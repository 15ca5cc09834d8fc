import { BaseTransformer } from '@adonisjs/core/transformers'
import { iso, isoDate } from '#transformers/dates'
import DevisLigneTransformer from '#transformers/sales/devis_ligne_transformer'
import type Facture from '#models/facture'
import { isEnRetard, type FactureListItem } from '#shared/factures'
import { factureMachine } from '#shared/machines/facture'
import { todayIso } from '#shared/dates'

/** What a list row shows: its keys are the factures table's columns (the list selects them). */
export const FACTURE_LIST_FIELDS = [
  'id',
  'numero',
  'type',
  'client_id',
  'client_nom',
  'objet',
  'date_facture',
  'echeance',
  'total_ttc',
  'montant_paye',
  'montant_credite',
  'statut',
  'created_at',
] as const

/** A facture's own columns; its lines through the document line transformer. */
export default class FactureTransformer extends BaseTransformer<Facture> {
  toObject() {
    const f = this.resource
    return {
      id: f.id,
      numero: f.numero,
      type: f.type,
      statut: f.statut,
      lock_version: f.lockVersion,
      client_id: f.clientId,
      client_nom: f.clientNom,
      bdc_id: f.bdcId,
      commande_id: f.commandeId,
      objet: f.objet,
      adresse_chantier: f.adresseChantier,
      date_facture: isoDate(f.dateFacture),
      echeance: isoDate(f.echeance),
      communication: f.communication,
      remise_globale_pct: f.remiseGlobalePct,
      total_ht: f.totalHt,
      total_tva: f.totalTva,
      total_ttc: f.totalTtc,
      tva: f.tvaDetail ?? [],
      montant_paye: f.montantPaye,
      montant_credite: f.montantCredite,
      emise_le: iso(f.emiseLe),
      created_at: iso(f.createdAt),
    }
  }

  forList(): FactureListItem {
    const data = this.toObject()
    return { ...this.pick(data, FACTURE_LIST_FIELDS), en_retard: false }
  }

  /** esi/compta/facture/Show: needs lignes loaded; bdc numero given by the caller. */
  forDetail(refs: { bdc_numero: string | null; commande_numero: string | null }) {
    const data = this.toObject()
    const f = this.resource
    const lignesProduit = f.lignes.filter((l) => l.type === 'produit').length
    const context = { statut: f.statut, numero: f.numero, lignesProduit, totalTtc: f.totalTtc }
    return {
      ...data,
      ...refs,
      en_retard: isEnRetard(data, todayIso()),
      lignes: f.lignes.map((l) => new DevisLigneTransformer(l).toObject()),
      // Why a button is off, from the same machine the server enforces
      refus: {
        emettre: factureMachine.reasonWhyNot('emettre', context),
        supprimer: factureMachine.reasonWhyNot('supprimer', context),
      },
    }
  }
}
