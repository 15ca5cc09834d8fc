import { createHash } from 'node:crypto'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import type User from '#models/user'
import VerifyEmailNotification from '#mails/verify_email_notification'
import { deliver } from '#services/mail/deliver'
import { appUrl } from '#config/app'

export const VERIFICATION_LINK_MINUTES = 60
export const VERIFY_EMAIL_PURPOSE = 'verify_email'

/** Binds a link to the address it was sent to: a changed email makes older links useless. */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex')
}

export function verificationUrl(user: User): string {
  return signedUrlFor(
    'signed.email.verify',
    { id: user.id, hash: emailHash(user.email) },
    {
      expiresIn: `${VERIFICATION_LINK_MINUTES} minutes`,
      purpose: VERIFY_EMAIL_PURPOSE,
      prefixUrl: appUrl,
    }
  )
}

/** Emails the signed verification link (60 minutes, user id + email hash). */
export default class SendEmailVerification {
  async handle(user: User): Promise<boolean> {
    return deliver(
      new VerifyEmailNotification(user, verificationUrl(user), VERIFICATION_LINK_MINUTES)
    )
  }
}
