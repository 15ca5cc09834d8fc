/*
 * The link of an invitation email: a signed URL (72 hours) naming the user, with a hash of his
 * current password hash. Choosing a password changes that hash, so the link works once; a
 * changed signature, id or hash, or an expired link, is refused.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import type User from '#models/user'
import { appUrl } from '#config/app'

export const INVITATION_LINK_HOURS = 72
export const INVITATION_PURPOSE = 'societe_invitation'

export function invitationHash(user: User): string {
  return createHash('sha256').update(`invitation:${user.id}:${user.password}`).digest('base64url')
}

export function invitationUrl(user: User, expiresIn = `${INVITATION_LINK_HOURS} hours`): string {
  return signedUrlFor(
    'guest.invitation.show',
    { id: user.id },
    { qs: { h: invitationHash(user) }, expiresIn, purpose: INVITATION_PURPOSE, prefixUrl: appUrl }
  )
}

/** True when `hash` is the user's current invitation hash (constant-time compare). */
export function matchesInvitationHash(user: User, hash: unknown): boolean {
  if (typeof hash !== 'string') return false
  const expected = Buffer.from(invitationHash(user))
  const given = Buffer.from(hash)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
