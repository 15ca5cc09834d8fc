/*
 * The customer's link to a sent devis (issue 14 §1, decisions 490–491), modelled on the payment
 * request's (app/services/paiement/payment_link.ts): a signed URL on the devis's random public id
 * (never the serial id) and on its version, with a purpose, that expires at the end of the day
 * the devis is valid until (Europe/Brussels). No account: the signature is the guard.
 */
import { DateTime } from 'luxon'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import type Devis from '#models/devis'
import { appUrl } from '#config/app'
import { TIME_ZONE } from '#shared/app'

export const DEVIS_LINK_PURPOSE = 'devis_signature'

export type DevisLinkRoute =
  'signed.devis.show' | 'signed.devis.pdf' | 'signed.devis.accepter' | 'signed.devis.refuser'

type LinkedDevis = Pick<Devis, 'publicId' | 'revision' | 'valableJusquAu'>

/** The last moment the link works: the end of the devis's last valid day, Brussels time. */
export function devisLinkExpiry(devis: Pick<Devis, 'valableJusquAu'>): DateTime {
  return DateTime.fromISO(devis.valableJusquAu.toISODate()!, { zone: TIME_ZONE }).endOf('day')
}

/**
 * The signed URL of one of the link's routes for a version (default: the current one).
 * `absolute` prefixes the app's URL (e-mails); the page's own forms use the path. A moment in
 * the past gives a link that is already expired (0 would mean "never": avoided).
 */
export function devisLinkUrl(
  devis: LinkedDevis,
  options: {
    route?: DevisLinkRoute
    version?: number
    expiresAt?: DateTime
    absolute?: boolean
  } = {}
): string {
  const expiresAt = options.expiresAt ?? devisLinkExpiry(devis)
  const ms = Math.round(expiresAt.diffNow().as('milliseconds'))
  return signedUrlFor(
    options.route ?? 'signed.devis.show',
    { publicId: devis.publicId, version: options.version ?? devis.revision },
    {
      expiresIn: ms > 0 ? ms : -1000,
      purpose: DEVIS_LINK_PURPOSE,
      ...(options.absolute === false ? {} : { prefixUrl: appUrl }),
    }
  )
}

/** The link the customer receives (e-mail, staff's « Copier le lien »): absent for a draft. */
export function customerDevisLink(devis: LinkedDevis & Pick<Devis, 'statut' | 'numero'>) {
  return devis.statut !== 'brouillon' && devis.numero ? devisLinkUrl(devis) : null
}
