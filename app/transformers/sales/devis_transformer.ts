/*
 * Class transformers of the sales documents: `node ace serve`, `build` and `test` generate
 * .adonisjs/client/data.d.ts from this folder (adonisrc.ts, indexEntities), so a page types its
 * props as `Data.Devis` (`import type { Data } from '~generated/data'`) instead of a copy.
 */
import { BaseTransformer } from '@adonisjs/core/transformers'
import type Devis from '#models/devis'
import { DEVIS_STATUT_LABELS } from '#shared/devis'
import type { DevisEditorDevis, DevisPartenaire } from '#shared/devis_editor'
import { commissionApporteur } from '#shared/offres'
import { trimDecimal } from '#models/ligne_base'
import { iso } from '#transformers/dates'
import { clientOption } from '#transformers/client_option'

/** A decimal as the editor's inputs hold it (`12,5`). */
const typed = (decimal: string) => trimDecimal(decimal).replace('.', ',')

/** The head of a devis: what the Preview page and the links to a devis show. */
export default class DevisTransformer extends BaseTransformer<Devis> {
  toObject() {
    const devis = this.resource
    return {
      id: devis.id,
      numero: devis.numero,
      revision: devis.revision,
      statut: devis.statut,
      statut_label: DEVIS_STATUT_LABELS[devis.statut],
    }
  }

  /**
   * The partner block of a devis brought by a pro société (decision 187), given the offre it
   * was made from; null without an apporteur nor offre. Needs apporteur loaded.
   */
  partenaire(offre: DevisPartenaire['offre']): DevisPartenaire | null {
    const devis = this.resource
    if (!devis.apporteur || (!offre && devis.commissionApporteurPct === null)) return null
    const pct = devis.commissionApporteurPct
    return {
      societe: devis.apporteur.nom,
      commission_pct: pct,
      commission_ht: pct === null ? null : commissionApporteur(devis.totalHt, pct),
      offre,
    }
  }

  /**
   * The devis as its Edit page holds it (lines as typed text). Needs client, lignes, editor and
   * apporteur loaded, and the offre it came from given (devisEditorData).
   */
  forEditor(offre: DevisPartenaire['offre'] = null): DevisEditorDevis {
    const devis = this.resource
    return {
      ...this.omit(this.toObject(), ['statut_label']),
      lock_version: devis.lockVersion,
      client: clientOption(devis.client),
      form: {
        client_id: devis.clientId,
        commercial_id: devis.commercialId,
        date_devis: devis.dateDevis.toISODate()!,
        valable_jusqu_au: devis.valableJusquAu.toISODate()!,
        objet: devis.objet,
        adresse_chantier: devis.adresseChantier ?? '',
        remise_globale_pct: typed(devis.remiseGlobalePct),
        acompte_pct: typed(devis.acomptePct),
        intro: devis.intro ?? '',
        conditions: devis.conditions ?? '',
        lignes: devis.lignes.map((l) => {
          const { total_ht: lineTotal, ...form } = l.toForm()
          void lineTotal
          return {
            ...form,
            quantite: form.quantite.replace('.', ','),
            remise_pct: form.remise_pct.replace('.', ','),
          }
        }),
      },
      total_ht: devis.totalHt,
      total_tva: devis.totalTva,
      total_ttc: devis.totalTtc,
      acompte: devis.acompte,
      motif_annulation: devis.motifAnnulation,
      envoye_le: iso(devis.envoyeLe),
      accepte_le: iso(devis.accepteLe),
      refuse_le: iso(devis.refuseLe),
      updated_at: iso(devis.updatedAt),
      updated_by: devis.editor?.name ?? null,
      apporteur: devis.apporteur?.nom ?? null,
      offre_id: devis.offreId,
      partenaire: this.partenaire(offre),
    }
  }
}
