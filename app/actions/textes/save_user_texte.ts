import db from '@adonisjs/lucid/services/db'
import type { Actor } from '#services/actor'
import type User from '#models/user'
import UserTexte from '#models/user_texte'
import { audit } from '#services/audit'
import { parseId } from '#services/route_params'

/** A user's own version of a base text, found only among his own (a foreign id is null → 404). */
export async function findOwnUserTexte(user: User, rawId: unknown): Promise<UserTexte | null> {
  const id = parseId(rawId)
  if (id === null) return null
  return UserTexte.query().where('id', id).where('user_id', user.id).first()
}

/** Saves or resets a user's own version of a base text, with its audit row. */
export default class SaveUserTexte {
  constructor(
    private actor: Actor,
    private user: User
  ) {}

  /** One version per user and text: saving again replaces it (a double submit is harmless). */
  async save(texteId: number, contenu: string): Promise<UserTexte> {
    return db.transaction(async (trx) => {
      // An upsert on (user_id, texte_id): two saves at once cannot trip the unique index
      const result = await trx.rawQuery(
        `INSERT INTO user_textes (user_id, texte_id, contenu, created_at, updated_at)
         VALUES (?, ?, ?, now(), now())
         ON CONFLICT (user_id, texte_id)
         DO UPDATE SET contenu = excluded.contenu, updated_at = now()
         RETURNING id`,
        [this.user.id, texteId, contenu]
      )
      const row = await UserTexte.findOrFail(result.rows[0].id, { client: trx })
      await audit(
        this.actor,
        { action: 'user_texte.saved', subjectType: 'texte', subjectId: texteId },
        trx
      )
      return row
    })
  }

  /** Back to the company's base text: the user's version is deleted. */
  async reset(row: UserTexte): Promise<void> {
    await db.transaction(async (trx) => {
      row.useTransaction(trx)
      await row.delete()
      await audit(
        this.actor,
        { action: 'user_texte.reset', subjectType: 'texte', subjectId: row.texteId },
        trx
      )
    })
  }
}
