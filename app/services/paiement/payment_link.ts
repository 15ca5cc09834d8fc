/*
 * The customer's payment link and what it shows (DESIGN.md §2 DemandePaiement): a signed URL on
 * the random public id (never the serial id) that expires with the demande's lien_expire_le, so
 * it can be neither guessed nor altered nor used forever; the EPC QR code made on the server.
 */
import { DateTime } from 'luxon'
import QRCode from 'qrcode'
import logger from '@adonisjs/core/services/logger'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import type DemandePaiement from '#models/demande_paiement'
import { appUrl } from '#config/app'
import { epcPayload, type EpcInput } from '#shared/epc'

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
  return epcQrDataUrl(
    {
      bic: demande.bic,
      beneficiaire: demande.beneficiaire,
      iban: demande.iban,
      montant: demande.montant,
      reference: demande.communication,
    },
    demande.numero
  )
}

/** The one EPC QR code maker (demandes de paiement, factures); null when it cannot be built. */
export async function epcQrDataUrl(input: EpcInput, what: string): Promise<string | null> {
  try {
    const payload = epcPayload(input)
    return await QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 240 })
  } catch (error) {
    logger.warn({ err: error, document: what }, 'EPC QR code not generated')
    return null
  }
}

export function isLinkExpired(demande: Pick<DemandePaiement, 'lienExpireLe'>): boolean {
  return demande.lienExpireLe <= DateTime.now()
}
