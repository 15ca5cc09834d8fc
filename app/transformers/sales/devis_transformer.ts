/*
 * Class transformers of the sales documents: `node ace serve`, `build` and `test` generate
 * .adonisjs/client/data.d.ts from this folder (adonisrc.ts, indexEntities), so a page types its
 * props as `Data.Devis` (`import type { Data } from '~generated/data'`) instead of a copy.
 */
import { BaseTransformer } from '@adonisjs/core/transformers'
import type Devis from '#models/devis'
import { DEVIS_STATUT_LABELS } from '#shared/devis'

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
}
