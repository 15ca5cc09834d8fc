/*
 * The devis life cycle (shared/devis.ts DEVIS_TRANSITIONS): one transaction per change with the
 * devis row locked, the optimistic version checked, the number given on the first send
 * (gapless, app/services/documents/numbering.ts), the bdc created on acceptance, and the audit
 * row written in the same transaction. Emails go out after the commit (the caller's job).
 */
import { DateTime } from 'luxon'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type Devis from '#models/devis'
import type Bdc from '#models/bdc'
import { audit } from '#services/audit'
import { nextNumero } from '#services/documents/numbering'
import { lockDevisForUpdate } from '#services/devis/devis_service'
import { createBdcFromDevis } from '#services/bdc/create_bdc'
import { TransitionException } from '#exceptions/http_exceptions'
import { DEVIS_STATUT_LABELS, SERIES, canTransition, type DevisStatut } from '#shared/devis'

export type ChangeStatutInput = {
  devisId: number
  to: DevisStatut
  /** The lock_version the user saw; omitted only by internal callers (demo data, bench). */
  lockVersion?: number
  motif?: string | null
  userId: number | null
}

export type ChangeStatutResult = { devis: Devis; bdc: Bdc | null; from: DevisStatut }

export async function changeDevisStatut(
  ctx: HttpContext | null,
  input: ChangeStatutInput
): Promise<ChangeStatutResult> {
  return db.transaction(async (trx) => {
    const devis = await lockDevisForUpdate(trx, input.devisId, input.lockVersion)
    const from = devis.statut
    if (!canTransition(from, input.to)) {
      throw new TransitionException(
        `Un devis « ${DEVIS_STATUT_LABELS[from]} » ne peut pas passer à « ${DEVIS_STATUT_LABELS[input.to]} ».`
      )
    }
    const now = DateTime.now()
    if (input.to === 'envoye') {
      const produits = await trx
        .from('devis_lignes')
        .where('devis_id', devis.id)
        .where('type', 'produit')
        .count('* as n')
      if (Number(produits[0].n) === 0) {
        throw new TransitionException(
          'Ajoutez au moins une ligne de produit avant d’envoyer le devis.'
        )
      }
      if (!devis.numero) devis.numero = await nextNumero(trx, SERIES.devis)
      devis.envoyeLe = now
    }
    if (input.to === 'accepte') devis.accepteLe = now
    if (input.to === 'refuse') devis.refuseLe = now
    if (input.to === 'annule') {
      const motif = (input.motif ?? '').trim()
      if (!motif) throw new TransitionException('Indiquez le motif d’annulation.')
      devis.motifAnnulation = motif.slice(0, 500)
    }
    devis.statut = input.to
    devis.lockVersion += 1
    devis.updatedBy = input.userId
    devis.useTransaction(trx)
    await devis.save()

    const bdc = input.to === 'accepte' ? await createBdcFromDevis(trx, devis, input.userId) : null
    await audit(
      ctx,
      {
        action: `devis.${input.to}`,
        userId: input.userId,
        subjectType: 'devis',
        subjectId: devis.id,
        before: { statut: from },
        after: {
          statut: input.to,
          numero: devis.numero,
          ...(input.to === 'annule' ? { motif: devis.motifAnnulation } : {}),
          ...(bdc ? { bdc: bdc.numero } : {}),
        },
      },
      trx
    )
    return { devis, bdc, from }
  })
}
