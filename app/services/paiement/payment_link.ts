/*
 * The customer's payment link and what it shows (DESIGN.md §2 DemandePaiement): a signed URL on
 * the random public id (never the serial id) that expires with the demande's lien_expire_le, so
 * it can be neither guessed nor altered nor used forever; the EPC QR code made on the server.
 */
import { DateTime } from 'luxon'
import QRCode from 'qrcode'
import logger from '@adonisjs/core/services/logger'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import Bdc from '#models/bdc'
import type DemandePaiement from '#models/demande_paiement'
import { appUrl } from '#config/app'
import { epcPayload } from '#shared/epc'
import { formatIban } from '#shared/validation/belgium'
import type { DemandePaiementDetail, PaiementPublic } from '#shared/bdc'

export const PAYMENT_LINK_PURPOSE = 'demande_paiement'

/**
 * The signed link, valid until `expiresAt` (default: the demande's lien_expire_le). A moment in
 * the past gives a link that is already expired (0 would mean "never": avoided).
 */
export function paymentLinkUrl(
  demande: Pick<DemandePaiement, 'publicId' | 'lienExpireLe'>,
  expiresAt: DateTime = demande.lienExpireLe
): string {
  const ms = Math.round(expiresAt.diffNow().as('milliseconds'))
  return signedUrlFor(
    'signed.paiement.show',
    { publicId: demande.publicId },
    { expiresIn: ms > 0 ? ms : -1000, purpose: PAYMENT_LINK_PURPOSE, prefixUrl: appUrl }
  )
}

/** The EPC QR code as a PNG data URL; null when the payload cannot be built (logged). */
export async function qrDataUrl(demande: DemandePaiement): Promise<string | null> {
  try {
    const payload = epcPayload({
      bic: demande.bic,
      beneficiaire: demande.beneficiaire,
      iban: demande.iban,
      montant: demande.montant,
      reference: demande.communication,
    })
    return await QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 240 })
  } catch (error) {
    logger.warn({ err: error, demande: demande.numero }, 'EPC QR code not generated')
    return null
  }
}

export function isLinkExpired(demande: Pick<DemandePaiement, 'lienExpireLe'>): boolean {
  return demande.lienExpireLe <= DateTime.now()
}

/** What the customer may see: the payment details, nothing else about him. */
export async function paiementPublic(demande: DemandePaiement): Promise<PaiementPublic> {
  return {
    numero: demande.numero,
    objet: demande.objet,
    montant: demande.montant,
    beneficiaire: demande.beneficiaire,
    iban: formatIban(demande.iban),
    bic: demande.bic,
    communication: demande.communication,
    statut: demande.statut,
    payee_le: demande.payeeLe?.toISO() ?? null,
    lien_expire_le: demande.lienExpireLe.toISO()!,
    qr_data_url: await qrDataUrl(demande),
  }
}

export async function demandeDetail(demande: DemandePaiement): Promise<DemandePaiementDetail> {
  await demande.load('client')
  const bdc = demande.bdcId ? await Bdc.find(demande.bdcId) : null
  const c = demande.client
  return {
    ...(await paiementPublic(demande)),
    id: demande.id,
    client: {
      id: demande.clientId,
      nom: bdc?.clientNom || [c?.prenom, c?.nom].filter(Boolean).join(' '),
    },
    bdc: bdc ? { id: bdc.id, numero: bdc.numero } : null,
    email: demande.email,
    envoyee_le: demande.envoyeeLe?.toISO() ?? null,
    created_at: demande.createdAt.toISO()!,
    lien: paymentLinkUrl(demande),
    lien_expire: isLinkExpired(demande),
  }
}
