import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { endAllSessions } from '#services/end_sessions'
import { parseId } from '#services/route_params'
import { matchesInvitationHash } from '#actions/societes/invitation_link'

/**
 * The invitee of a (signature-checked) link: the user it names, while the hash still matches
 * his password hash, i.e. while no password was chosen since the email.
 */
export async function invitedUser(rawId: unknown, hash: unknown): Promise<User | null> {
  const id = parseId(rawId)
  if (id === null) return null
  const user = await User.find(id)
  return user && matchesInvitationHash(user, hash) ? user : null
}

/**
 * Sets the chosen password and marks the address verified (the link came to it). The row is
 * locked and the hash checked again inside, so a link used twice at once works only once.
 * Never logs in: the user then logs in himself (through two-factor when he has it).
 */
export async function acceptInvitation(
  rawId: unknown,
  hash: unknown,
  password: string
): Promise<User | null> {
  const user = await db.transaction(async (trx) => {
    const id = parseId(rawId)
    if (id === null) return null
    const row = await User.query({ client: trx }).where('id', id).forUpdate().first()
    if (!row || !matchesInvitationHash(row, hash)) return null
    row.password = password
    row.emailVerifiedAt = row.emailVerifiedAt ?? DateTime.now()
    await row.save()
    return row
  })
  if (user) await endAllSessions(user.id)
  return user
}
