/*
 * Signing a bon de commande creates the commande (DESIGN.md §1): one transaction with the bdc
 * row locked; a bdc signed at the customer's home starts the 14-day withdrawal period unless
 * the customer expressly waived it (DESIGN.md §3b), one signed online at a distance always
 * does (decision 492), and the commande carries its end date.
 */
import { DateTime } from 'luxon'
import type { Actor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Commande from '#models/commande'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { audit } from '#services/audit'
import { notify } from '#services/events'
import { nextNumero } from '#services/documents/numbering'
import { refreshAutoEtapes } from '#services/commandes/etapes_auto'
import { TIME_ZONE } from '#shared/app'
import { lockBdcForUpdate } from '#services/bdc/bdc_service'
import { enforce } from '#services/documents/state'
import { bdcMachine } from '#shared/machines/bdc'
import { DELAI_RETRACTATION_JOURS, ouvreRetractation, type LieuSignature } from '#shared/devis'

export type SignBdcInput = {
  bdcId: number
  lockVersion: number
  signataire: string
  lieu: LieuSignature
  signatureType: 'dessin' | 'scan'
  signaturePath: string
  signatureMime: string
  renonciation: boolean
  userId: number | null
  /** The caller tells the commercial itself (the customer's online signature, issue 14 §1). */
  silent?: boolean
}

/**
 * @param outer the caller's transaction (the customer's online acceptance, issue 14 §1, which
 *              creates and signs the bdc at once); else its own.
 */
export async function signBdc(
  actor: Actor,
  input: SignBdcInput,
  outer?: TransactionClientContract
) {
  const run = async (trx: TransactionClientContract) => {
    const bdc = await lockBdcForUpdate(trx, input.bdcId, input.lockVersion)
    enforce(bdcMachine, 'signer', { statut: bdc.statut, numero: bdc.numero })
    const now = DateTime.now().setZone(TIME_ZONE)
    // At home without waiver, or online at a distance (decision 492): 14 days from the signature
    const withdrawal = ouvreRetractation(input.lieu, input.renonciation)
    bdc.merge({
      statut: 'signe',
      signeLe: now,
      signataire: input.signataire,
      lieuSignature: input.lieu,
      signatureType: input.signatureType,
      signaturePath: input.signaturePath,
      signatureMime: input.signatureMime,
      renonciationRetractation: input.lieu === 'domicile' && input.renonciation,
      finRetractation: withdrawal
        ? now.plus({ days: DELAI_RETRACTATION_JOURS }).startOf('day')
        : null,
      lockVersion: bdc.lockVersion + 1,
    })
    bdc.useTransaction(trx)
    await bdc.save()

    const commande = await Commande.create(
      {
        numero: await nextNumero(trx, 'commande'),
        bdcId: bdc.id,
        clientId: bdc.clientId,
        clientNom: bdc.clientNom,
        chefProjetId: bdc.commercialId,
        objet: bdc.objet,
        totalTtc: bdc.totalTtc,
        statut: 'en_attente',
        finRetractation: bdc.finRetractation,
      },
      { client: trx }
    )
    // Issue 12: the withdrawal step runs (or has no object), no acompte asked has none
    await refreshAutoEtapes(trx, commande.id)
    await audit(
      actor,
      {
        action: 'bdc.signe',
        userId: input.userId,
        subjectType: 'bdc',
        subjectId: bdc.id,
        before: { statut: 'a_signer' },
        after: {
          statut: 'signe',
          signataire: input.signataire,
          lieu: input.lieu,
          renonciation: bdc.renonciationRetractation,
          commande: commande.numero,
        },
      },
      trx
    )
    await audit(
      actor,
      {
        action: 'commande.creee',
        userId: input.userId,
        subjectType: 'commande',
        subjectId: commande.id,
        after: { numero: commande.numero, bdc: bdc.numero },
      },
      trx
    )
    // The commercial (chef de projet of the commande) hears of it once committed
    if (!input.silent)
      await notify(trx, {
        userIds: [bdc.commercialId],
        exceptUserId: input.userId,
        type: 'commande.creee',
        titre: `Bon de commande ${bdc.numero} signé (${bdc.clientNom}) : commande ${commande.numero} créée`,
        lien: urlFor('esi.commandes.show', { id: commande.id }),
        icon: 'bi bi-clipboard-check',
      })
    return { bdc, commande }
  }
  return outer ? run(outer) : db.transaction(run)
}
