/*
 * The devis life cycle (shared/machines/devis.ts): one transaction per change with the
 * devis row locked, the optimistic version checked, the number given on the first send
 * (gapless, app/services/documents/numbering.ts), the bdc created on acceptance, and the audit
 * row written in the same transaction. Emails go out after the commit (the caller's job).
 */
import { DateTime } from 'luxon'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Devis from '#models/devis'
import type Bdc from '#models/bdc'
import { audit } from '#services/audit'
import { nextNumero } from '#services/documents/numbering'
import { lockDevisForUpdate } from '#services/devis/devis_service'
import { createBdcFromDevis } from '#services/bdc/create_bdc'
import { enforce } from '#services/documents/state'
import type { DevisStatut } from '#shared/devis'
import { devisMachine, type DevisContext } from '#shared/machines/devis'

export type ChangeStatutInput = {
  devisId: number
  to: DevisStatut
  /** The lock_version the user saw. */
  lockVersion: number
  motif?: string | null
  userId: number | null
  /** Sending mails the PDF: the client must have an address (the editor's send). */
  requireClientEmail?: boolean
}

/** The facts the devis machine's guards read (shared/machines/devis.ts). */
async function contextOf(
  trx: TransactionClientContract,
  devis: Devis,
  input: ChangeStatutInput
): Promise<DevisContext> {
  const context: DevisContext = { statut: devis.statut, motif: input.motif ?? '' }
  if (input.to === 'envoye') {
    const produits = await trx
      .from('devis_lignes')
      .where('devis_id', devis.id)
      .where('type', 'produit')
      .count('* as n')
    context.produits = Number(produits[0].n)
    if (input.requireClientEmail) {
      const client = await trx
        .from('clients')
        .where('id_client', devis.clientId)
        .select('email')
        .first()
      context.clientEmail = client?.email ?? null
    }
  }
  return context
}

export type ChangeStatutResult = { devis: Devis; bdc: Bdc | null; from: DevisStatut }

export async function changeDevisStatut(
  ctx: HttpContext | null,
  input: ChangeStatutInput
): Promise<ChangeStatutResult> {
  return db.transaction(async (trx) => {
    const devis = await lockDevisForUpdate(trx, input.devisId, input.lockVersion)
    const from = devis.statut
    enforce(devisMachine, input.to, await contextOf(trx, devis, input))
    const now = DateTime.now()
    if (input.to === 'envoye') {
      if (!devis.numero) devis.numero = await nextNumero(trx, 'devis')
      devis.envoyeLe = now
    }
    if (input.to === 'accepte') devis.accepteLe = now
    if (input.to === 'refuse') devis.refuseLe = now
    if (input.to === 'annule') devis.motifAnnulation = (input.motif ?? '').trim().slice(0, 500)
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
