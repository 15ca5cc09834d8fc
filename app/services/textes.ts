/*
 * Textes modèles for a user: his own version of a text wins over the company's base text
 * (PageTextes), and the chosen text is rendered with the shared placeholder function.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Texte from '#models/texte'
import UserTexte from '#models/user_texte'
import { renderTexte, renderTexteHtml, type TexteContext } from '#shared/textes'

export type ResolvedTexte = {
  texte: Texte
  contenu: string
  /** Whose version this is: the user's own, or the company's base text. */
  source: 'user' | 'base'
}

/** The text of that code for the user: his override when he has one, else the base text. */
export async function resolveTexte(
  code: string,
  user: { id: number } | null,
  trx?: TransactionClientContract
): Promise<ResolvedTexte | null> {
  const texte = await Texte.findBy('code', code, { client: trx })
  if (!texte) return null
  const own = user
    ? await UserTexte.query({ client: trx })
        .where('user_id', user.id)
        .where('texte_id', texte.id)
        .first()
    : null
  return own
    ? { texte, contenu: own.contenu, source: 'user' }
    : { texte, contenu: texte.contenu, source: 'base' }
}

/** The user's text of that code, filled from the context; null when no text has that code. */
export async function renderTexteFor(
  code: string,
  user: { id: number } | null,
  context: TexteContext,
  format: 'text' | 'html' = 'text',
  trx?: TransactionClientContract
): Promise<string | null> {
  const resolved = await resolveTexte(code, user, trx)
  if (!resolved) return null
  return format === 'html'
    ? renderTexteHtml(resolved.contenu, context)
    : renderTexte(resolved.contenu, context)
}

/** Every base text, by category then title, with the user's own version when he has one. */
export async function textesWithOverrides(userId: number) {
  const textes = await Texte.query().orderBy('categorie').orderBy('titre')
  const own = await UserTexte.query().where('user_id', userId)
  const byTexte = new Map(own.map((o) => [o.texteId, o]))
  return textes.map((texte) => ({ texte, override: byTexte.get(texte.id) ?? null }))
}
