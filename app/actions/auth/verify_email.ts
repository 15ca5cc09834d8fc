import { DateTime } from 'luxon'
import { timingSafeEqual } from 'node:crypto'
import User from '#models/user'
import { parseId } from '#services/route_params'
import { emailHash } from '#actions/auth/send_email_verification'

/**
 * Marks the address verified when the (already signature-checked) link names an existing user
 * and the hash of his current email. Returns the user, and whether this call verified him.
 */
export default class VerifyEmail {
  async handle(
    rawId: unknown,
    hash: unknown
  ): Promise<{ user: User; verifiedNow: boolean } | null> {
    const id = parseId(rawId)
    if (id === null || typeof hash !== 'string') return null
    const user = await User.find(id)
    if (!user) return null
    const expected = Buffer.from(emailHash(user.email))
    const given = Buffer.from(hash)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
    if (user.emailVerifiedAt) return { user, verifiedNow: false }
    user.emailVerifiedAt = DateTime.now()
    await user.save()
    return { user, verifiedNow: true }
  }
}
