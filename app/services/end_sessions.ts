/*
 * Ends every session of a user, without a request: after a password reset, an account deletion,
 * an invitation accepted. The sessions were tagged with his id when they started
 * (app/services/http/user_sessions.ts).
 */
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { SessionCollection } from '@adonisjs/session'

/**
 * Ends every session of the user in the configured store and deletes his remember-me tokens,
 * so no browser stays logged in. Returns the number of sessions ended.
 */
export async function endAllSessions(
  userId: number,
  collection?: SessionCollection
): Promise<number> {
  const sessions = collection ?? (await app.container.make(SessionCollection))
  let ended = 0
  if (sessions.supportsTagging()) {
    for (const session of await sessions.tagged(String(userId))) {
      await sessions.destroy(session.id)
      ended++
    }
  }
  await db.from('remember_me_tokens').where('tokenable_id', userId).delete()
  return ended
}
