/*
 * The customer accepts or refuses a devis online (issue 14 §1). Acceptance is ONE transaction
 * with the devis row locked (FOR UPDATE) and its version checked: the options he ticked are
 * stored (retenue per optional line, line and devis totals recomputed by shared/totals.ts), the
 * devis is accepted by the life cycle (devis_lifecycle.ts, which creates the bdc from the lines
 * kept), the bdc is signed « à distance » (sign_bdc.ts, which creates the commande and its
 * 14-day withdrawal period), and the evidence record is written; the commercial hears of it
 * after the commit. A second acceptance of the same version finds the devis accepted and is
 * refused; two at once queue on the lock and the second is refused the same way.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { Actor } from '#services/actor'
import Bdc from '#models/bdc'
import Client from '#models/client'
import DemandePaiement from '#models/demande_paiement'
import Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import { NotFoundException } from '#exceptions/http_exceptions'
import { fieldError } from '#services/field_error'
import { dispatchMail, notify } from '#services/events'
import { totalColumnsOf, totalsOf } from '#services/documents/lignes'
import { changeDevisStatut } from '#services/devis/devis_lifecycle'
import { signBdc } from '#services/commandes/sign_bdc'
import { createAndSendDemande } from '#services/paiement/demande_mail'
import { bdcPdf, devisDocument } from '#services/pdf/index'
import DevisMail from '#mails/devis_mail'
import { clientDisplayName } from '#shared/clients'
import { companySociete } from '#services/company'
import { DELAI_RETRACTATION_JOURS } from '#shared/devis'
import { TIME_ZONE } from '#shared/app'
import { recordPreuve } from '#services/signature_en_ligne/preuve'
import { devisLinkExpiry } from '#services/signature_en_ligne/devis_link'
import { FILE_MIME } from '#services/storage/files'
import {
  SIGNATURE_EN_LIGNE_MESSAGES as M,
  documentWithChoices,
  optionsOf,
  withChoices,
} from '#shared/signature_en_ligne'

/** Why this version cannot be answered online now (French), or null. */
export function signableRefusal(
  devis: Pick<Devis, 'statut' | 'revision' | 'valableJusquAu'>,
  version: number
): string | null {
  if (devis.statut === 'accepte') return M.dejaAccepte
  if (devis.statut === 'refuse') return M.dejaRefuse
  if (version !== devis.revision || devis.statut === 'brouillon') return M.remplace
  if (devis.statut !== 'envoye') return M.plusValable
  if (devisLinkExpiry(devis) < DateTime.now()) return M.plusValable
  return null
}

async function lockSignable(
  trx: TransactionClientContract,
  devisId: number,
  version: number,
  lockVersion: number
): Promise<Devis> {
  const devis = await Devis.query({ client: trx }).where('id', devisId).forUpdate().first()
  if (!devis) throw new NotFoundException()
  const refusal = signableRefusal(devis, version)
  if (refusal) fieldError('_form', refusal, 'state')
  // Changed by the office since the page was opened (never names who: a public page)
  if (devis.lockVersion !== lockVersion) fieldError('_form', M.modifie, 'version')
  return devis
}

export type AcceptationInput = {
  devisId: number
  version: number
  lockVersion: number
  /** Indexes (among the devis's lines, in order) of the options the customer ticked. */
  retenues: number[]
  signataire: string
  mention: string
  consentement: boolean
  /** The drawn signature, already checked and stored (signature_storage.ts). */
  signaturePath: string
  ip: string | null
  userAgent: string | null
}

export type AcceptationResult = { bdc: Bdc; commandeNumero: string }

export async function accepterEnLigne(
  actor: Actor,
  input: AcceptationInput
): Promise<AcceptationResult> {
  return db.transaction(async (trx) => {
    const devis = await lockSignable(trx, input.devisId, input.version, input.lockVersion)
    const lignes = await DevisLigne.query({ client: trx })
      .where('devis_id', devis.id)
      .orderBy('position')
    const data = lignes.map((l) => l.toData())
    const offered = new Set(optionsOf(data).map((o) => o.index))
    if (input.retenues.some((i) => !offered.has(i))) fieldError('_form', M.options, 'options')
    const retenues = new Set(input.retenues)

    // What the customer saw: the document of this version with his choice (decision 494)
    const shown = documentWithChoices(await devisDocument(devis.id), data, retenues)
    const chosen = withChoices(data, retenues)
    const totals = totalsOf(chosen, devis.remiseGlobalePct, devis.acomptePct)
    for (const [i, ligne] of lignes.entries()) {
      const changes: Record<string, unknown> = {}
      if (ligne.optionnel && ligne.retenue !== retenues.has(i)) changes.retenue = retenues.has(i)
      // A running sub-total follows the options kept
      if ((totals.lignes[i]?.total_ht ?? null) !== ligne.totalHt)
        changes.total_ht = totals.lignes[i]?.total_ht ?? null
      if (Object.keys(changes).length)
        await trx.from('devis_lignes').where('id', ligne.id).update(changes)
    }
    // The customer's choice is the one change a sent devis takes (decision 495): written here,
    // under the lock, just before the acceptance freezes it for good
    await trx
      .from('devis')
      .where('id', devis.id)
      .update({ ...totalColumnsOf(totals), acompte: totals.acompte })

    const { bdc } = await changeDevisStatut(
      actor,
      {
        devisId: devis.id,
        to: 'accepte',
        lockVersion: devis.lockVersion,
        userId: null,
        silent: true,
      },
      trx
    )
    const created = await Bdc.query({ client: trx }).where('id', bdc!.id).firstOrFail()
    const signed = await signBdc(
      actor,
      {
        bdcId: created.id,
        lockVersion: created.lockVersion,
        signataire: input.signataire,
        lieu: 'distance',
        signatureType: 'dessin',
        signaturePath: input.signaturePath,
        signatureMime: FILE_MIME.png,
        renonciation: false,
        userId: null,
        silent: true,
      },
      trx
    )
    await recordPreuve(trx, {
      bdcId: created.id,
      devisId: devis.id,
      devisRevision: devis.revision,
      document: shown,
      signeLe: signed.bdc.signeLe!,
      ip: input.ip,
      userAgent: input.userAgent,
      signataire: input.signataire,
      mention: input.mention,
      consentement: input.consentement,
      options: optionsOf(chosen),
    })
    // The contract confirmed on a durable medium: the signed bdc (withdrawal form and evidence
    // page included) mailed to the customer once committed (decision 492)
    await dispatchMail(trx, () => confirmationMail(signed.bdc.id))
    await notify(trx, {
      userIds: [devis.commercialId],
      exceptUserId: null,
      type: 'devis.signe_en_ligne',
      titre: `Devis ${devis.numero} (${devis.clientNom}) accepté et signé en ligne par ${input.signataire} : commande ${signed.commande.numero} créée`,
      lien: urlFor('esi.commandes.show', { id: signed.commande.id }),
      icon: 'bi bi-pen',
    })
    return { bdc: signed.bdc, commandeNumero: signed.commande.numero }
  })
}

/** The customer's copy of the bdc he signed online (null without an address). */
async function confirmationMail(bdcId: number): Promise<DevisMail | null> {
  const bdc = await Bdc.findOrFail(bdcId)
  const client = await Client.find(bdc.clientId)
  if (!client?.email) return null
  const societe = await companySociete()
  const body = `Bonjour,

Merci pour votre confiance : vous avez accepté et signé en ligne notre devis. Vous trouverez en pièce jointe votre bon de commande n° ${bdc.numero}, signé le ${bdc.signeLe?.setZone(TIME_ZONE).toFormat('dd/MM/yyyy')}.

Ce contrat est conclu à distance : vous disposez d’un délai de ${DELAI_RETRACTATION_JOURS} jours pour vous rétracter sans frais ni justification. Le formulaire de rétractation est joint au bon de commande.

Bien cordialement,

${societe?.nom ?? ''}`
  const pdf = await bdcPdf(bdc.id)
  return new DevisMail(
    { email: client.email, name: clientDisplayName(client) },
    `Votre bon de commande ${bdc.numero}${societe?.nom ? ` — ${societe.nom}` : ''}`.slice(0, 250),
    body,
    pdf,
    societe?.email ? { email: societe.email, name: societe.nom } : null
  )
}

/**
 * The acompte's payment request of a bdc signed online: the open one if it exists, else made
 * now and mailed to the customer (after its own commit). Null when no acompte is asked or it
 * cannot be made (no IBAN set, a rule forbids it): the customer is then told he will hear from
 * us, and the office asks for it from the bdc page as usual.
 */
export async function demandeAcompte(actor: Actor, bdc: Bdc): Promise<DemandePaiement | null> {
  const existing = await DemandePaiement.query()
    .where('bdc_id', bdc.id)
    .whereNot('statut', 'annulee')
    .orderBy('id')
    .first()
  if (existing || bdc.acompte <= 0) return existing ?? null
  try {
    const client = await Client.find(bdc.clientId)
    const { demande } = await createAndSendDemande(actor, {
      bdcId: bdc.id,
      lockVersion: bdc.lockVersion,
      email: client?.email ?? null,
      userId: null,
    })
    return demande
  } catch (error) {
    logger.warn({ err: error, bdc: bdc.id }, 'acompte request not made after online signature')
    return null
  }
}

export type RefusInput = {
  devisId: number
  version: number
  lockVersion: number
  motif: string
}

/** The customer refuses: the devis is refusé with his reason; the commercial is told. */
export async function refuserEnLigne(actor: Actor, input: RefusInput): Promise<Devis> {
  return db.transaction(async (trx) => {
    const devis = await lockSignable(trx, input.devisId, input.version, input.lockVersion)
    const { devis: refused } = await changeDevisStatut(
      actor,
      {
        devisId: devis.id,
        to: 'refuse',
        lockVersion: devis.lockVersion,
        motif: input.motif,
        userId: null,
      },
      trx
    )
    return refused
  })
}
