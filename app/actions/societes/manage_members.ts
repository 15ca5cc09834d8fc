/*
 * Members of a société (Usercreate / Useredit): invite by email, change the société role,
 * remove. A société that has admins keeps at least one: the société row is locked while its
 * admins are counted, so two admins cannot demote each other at the same moment. Every change
 * writes its audit row in the same transaction.
 */
import type { Actor } from '#services/actor'
import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { urlFor } from '@adonisjs/core/services/url_builder'
import User from '#models/user'
import type Societe from '#models/societe'
import SocieteInvitationNotification from '#mails/societe_invitation_notification'
import { audit } from '#services/audit'
import { deliver } from '#services/mail/deliver'
import { fieldError } from '#services/field_error'
import { lockedAdminCount } from '#services/societe_queries'
import { INVITATION_LINK_HOURS, invitationUrl } from '#actions/societes/invitation_link'
import { roleForInvitee, type MemberRole } from '#shared/societes'
import { appUrl } from '#config/app'

export const ALREADY_MEMBER = 'Cette personne fait déjà partie de la société.'
export const LAST_ADMIN =
  'La société doit garder au moins un administrateur : nommez-en un autre d’abord.'
export const TOO_MANY_INVITATIONS = 'Trop d’invitations envoyées. Réessayez dans une heure.'

/** 30 invitations an hour per inviting user: each one sends an email (ASVS 2.4.1). */
const invitationLimiter = () => limiter.use({ requests: 30, duration: '1 hour' })

export interface MemberRow {
  id: number
  societeId: number
  userId: number
  role: MemberRole
}

export async function findMembership(id: number): Promise<MemberRow | null> {
  const row = await db.from('societe_user').where('id', id).first()
  return row ? { id: row.id, societeId: row.societe_id, userId: row.user_id, role: row.role } : null
}

/**
 * Adds the person to the société: an unknown address gets an account (unusable random
 * password, address unverified, role by the société's type) and a link to choose a password;
 * a known one a notice. An ordinary account joining a partner société becomes a partner.
 */
export async function inviteMember(
  actor: Actor,
  inviter: User,
  societe: Societe,
  input: { email: string; name: string; role: MemberRole }
): Promise<{ user: User; created: boolean }> {
  const key = `societe_invitation:${inviter.id}`
  const limit = invitationLimiter()
  const state = await limit.get(key)
  if (state?.remaining === 0) fieldError('email', TOO_MANY_INVITATIONS)

  let result: { user: User; created: boolean }
  try {
    result = await db.transaction(async (trx) => {
      let user = await User.query({ client: trx }).where('email', input.email).first()
      const created = !user
      if (!user) {
        user = await User.create(
          {
            name: input.name,
            email: input.email,
            password: randomBytes(32).toString('base64url'),
            role: roleForInvitee(societe.type),
            droitsAccordes: [],
            emailVerifiedAt: null,
          },
          { client: trx }
        )
      } else {
        const already = await trx
          .from('societe_user')
          .where({ societe_id: societe.id, user_id: user.id })
          .first()
        if (already) fieldError('email', ALREADY_MEMBER)
        if (user.role === 'other' && societe.type === 'pro') {
          user.useTransaction(trx)
          user.role = 'pro'
          await user.save()
          await audit(
            actor,
            {
              action: 'user.role',
              subjectType: 'user',
              subjectId: user.id,
              before: { role: 'other' },
              after: { role: 'pro', reason: `membre de la société ${societe.id}` },
            },
            trx
          )
        }
      }
      await trx.table('societe_user').insert({
        societe_id: societe.id,
        user_id: user.id,
        role: input.role,
        created_at: new Date(),
      })
      await audit(
        actor,
        {
          action: 'societe.member_invited',
          subjectType: 'societe',
          subjectId: societe.id,
          after: {
            user_id: user.id,
            email: user.email,
            role: input.role,
            account_created: created,
          },
        },
        trx
      )
      return { user, created }
    })
  } catch (error) {
    // The same new address invited twice at once: the second one finds the unique index
    if ((error as { code?: string }).code === '23505') fieldError('email', ALREADY_MEMBER)
    throw error
  }
  await limit.increment(key)

  // A link to choose a password while the account was never activated
  const needsPassword = result.created || !result.user.emailVerifiedAt
  await deliver(
    new SocieteInvitationNotification({
      invitee: result.user,
      inviterName: inviter.name,
      societeNom: societe.nom,
      url: needsPassword ? invitationUrl(result.user) : null,
      loginUrl: urlFor('guest.login', {}, { prefixUrl: appUrl }),
      hours: INVITATION_LINK_HOURS,
    })
  )
  return result
}

export async function changeMemberRole(
  actor: Actor,
  membership: MemberRow,
  role: MemberRole
): Promise<void> {
  if (membership.role === role) return
  await db.transaction(async (trx) => {
    if (membership.role === 'admin' && (await lockedAdminCount(membership.societeId, trx)) <= 1) {
      fieldError('role', LAST_ADMIN)
    }
    await trx.from('societe_user').where('id', membership.id).update({ role })
    await audit(
      actor,
      {
        action: 'societe.member_role',
        subjectType: 'societe',
        subjectId: membership.societeId,
        before: { user_id: membership.userId, role: membership.role },
        after: { user_id: membership.userId, role },
      },
      trx
    )
  })
}

/** False when the member is the société's last admin. */
export async function removeMember(actor: Actor, membership: MemberRow): Promise<boolean> {
  return db.transaction(async (trx) => {
    if (membership.role === 'admin' && (await lockedAdminCount(membership.societeId, trx)) <= 1) {
      return false
    }
    await trx.from('societe_user').where('id', membership.id).delete()
    await audit(
      actor,
      {
        action: 'societe.member_removed',
        subjectType: 'societe',
        subjectId: membership.societeId,
        before: { user_id: membership.userId, role: membership.role },
      },
      trx
    )
    return true
  })
}
