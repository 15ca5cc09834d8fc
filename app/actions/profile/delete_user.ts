import db from '@adonisjs/lucid/services/db'
import type { Actor } from '#services/actor'
import type User from '#models/user'
import { audit } from '#services/audit'
import { endAllSessions } from '#services/end_sessions'

/**
 * The sociétés whose only admin the user is while other members remain: he must hand over
 * (make another member admin) before deleting his account, or they would be left unmanaged.
 */
export async function societesBlockingDeletion(user: User): Promise<string[]> {
  const rows = await db
    .from('societes as s')
    .join('societe_user as me', (join) => {
      join.on('me.societe_id', 's.id').andOnVal('me.user_id', user.id).andOnVal('me.role', 'admin')
    })
    .whereNotExists((q) => {
      q.from('societe_user as o')
        .whereRaw('o.societe_id = s.id')
        .whereNot('o.user_id', user.id)
        .where('o.role', 'admin')
    })
    .whereExists((q) => {
      q.from('societe_user as m').whereRaw('m.societe_id = s.id').whereNot('m.user_id', user.id)
    })
    .orderBy('s.nom')
    .select('s.nom')
  return rows.map((r) => r.nom as string)
}

export function lastAdminMessage(societes: string[]): string {
  const names = societes.map((n) => `« ${n} »`).join(', ')
  return societes.length > 1
    ? `Vous êtes le seul administrateur des sociétés ${names} : nommez un autre administrateur avant de supprimer votre compte.`
    : `Vous êtes le seul administrateur de la société ${names} : nommez un autre administrateur avant de supprimer votre compte.`
}

/**
 * Deletes the account. What he owned goes with it (memberships, notifications, his own texts,
 * tokens: ON DELETE CASCADE); what he wrote stays, its author set to null (ON DELETE SET NULL,
 * shown as « Utilisateur supprimé »). Then every session of his ends.
 */
export default class DeleteUser {
  async handle(actor: Actor, user: User): Promise<void> {
    const userId = user.id
    await db.transaction(async (trx) => {
      // The audit row names the account by id only: no personal data outlives it
      await audit(actor, { action: 'profile.deleted', subjectType: 'user', subjectId: userId }, trx)
      user.useTransaction(trx)
      await user.delete()
    })
    await endAllSessions(userId)
  }
}
