/*
 * The devis life cycle (shared/machines/devis.ts): one transaction per change with the
 * devis row locked, the optimistic version checked, the number given on the first send
 * (gapless, app/services/documents/numbering.ts), the bdc created on acceptance, and the audit
 * row written in the same transaction. Emails go out after the commit (the caller's job).
 */
import { DateTime } from 'luxon'
import type { Actor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Devis from '#models/devis'
import type Bdc from '#models/bdc'
import Client from '#models/client'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { audit } from '#services/audit'
import { notify } from '#services/events'
import { nextNumero } from '#services/documents/numbering'
import { lockDevisForUpdate } from '#services/devis/devis_locks'
import { createBdcFromDevis } from '#services/bdc/create_bdc'
import { enforce } from '#services/documents/state'
import { clientPartiesSnapshot } from '#services/pdf/document_parts'
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
  /** The caller tells the commercial itself (the customer's online signature, issue 14 §1). */
  silent?: boolean
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

/**
 * @param trx the caller's transaction (the send that mails the PDF after its commit); else its
 *            own.
 */
export async function changeDevisStatut(
  actor: Actor,
  input: ChangeStatutInput,
  outer?: TransactionClientContract
): Promise<ChangeStatutResult> {
  const run = async (trx: TransactionClientContract) => {
    const devis = await lockDevisForUpdate(trx, input.devisId, input.lockVersion)
    const from = devis.statut
    enforce(devisMachine, input.to, await contextOf(trx, devis, input))
    const now = DateTime.now()
    if (input.to === 'envoye') {
      if (!devis.numero) devis.numero = await nextNumero(trx, 'devis')
      devis.envoyeLe = now
      // What the client receives is frozen: his block and ours as printed now (issue 10)
      const client = await Client.findOrFail(devis.clientId, { client: trx })
      devis.partiesSnapshot = await clientPartiesSnapshot(client, trx)
    }
    if (input.to === 'accepte') devis.accepteLe = now
    if (input.to === 'refuse') {
      devis.refuseLe = now
      // The reason given (the customer's own words online, issue 14 §1)
      devis.motifRefus = (input.motif ?? '').trim().slice(0, 1000) || null
    }
    if (input.to === 'annule') devis.motifAnnulation = (input.motif ?? '').trim().slice(0, 500)
    devis.statut = input.to
    devis.lockVersion += 1
    devis.updatedBy = input.userId
    devis.useTransaction(trx)
    await devis.save()

    const bdc = input.to === 'accepte' ? await createBdcFromDevis(trx, devis, input.userId) : null
    await audit(
      actor,
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
          ...(input.to === 'refuse' && devis.motifRefus ? { motif: devis.motifRefus } : {}),
          ...(bdc ? { bdc: bdc.numero } : {}),
        },
      },
      trx
    )
    if (!input.silent) await notifyCommercial(trx, devis, input.to, bdc, input.userId)
    return { devis, bdc, from }
  }
  return outer ? run(outer) : db.transaction(run)
}

const DEVIS_NEWS: Partial<Record<DevisStatut, string>> = {
  envoye: 'envoyé au client',
  accepte: 'accepté',
  refuse: 'refusé',
  expire: 'expiré',
  annule: 'annulé',
}

/** The devis's commercial hears of a change made by someone else (after the commit). */
async function notifyCommercial(
  trx: TransactionClientContract,
  devis: Devis,
  to: DevisStatut,
  bdc: Bdc | null,
  byUserId: number | null
) {
  const news = DEVIS_NEWS[to]
  if (!news) return
  const label = devis.numero ? `Devis ${devis.numero}` : 'Un devis'
  await notify(trx, {
    userIds: [devis.commercialId],
    exceptUserId: byUserId,
    type: `devis.${to}`,
    titre: bdc
      ? `${label} (${devis.clientNom}) ${news} : bon de commande ${bdc.numero} à faire signer`
      : to === 'refuse' && devis.motifRefus
        ? `${label} (${devis.clientNom}) ${news} : « ${devis.motifRefus.slice(0, 120)} »`
        : `${label} (${devis.clientNom}) ${news}`,
    lien: bdc ? urlFor('esi.bdc.show', { id: bdc.id }) : urlFor('esi.devis.edit', { id: devis.id }),
    icon: to === 'accepte' ? 'bi bi-check2-circle' : 'bi bi-file-earmark-text',
  })
}
