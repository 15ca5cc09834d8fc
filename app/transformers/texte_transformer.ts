import type Texte from '#models/texte'
import type UserTexte from '#models/user_texte'
import { authorName } from '#shared/authors'

/** A base text as the esi pages show it (with who edited it last). */
export function baseTexteProps(texte: Texte) {
  return {
    id: texte.id,
    code: texte.code,
    titre: texte.titre,
    categorie: texte.categorie,
    contenu: texte.contenu,
    version: texte.version,
    updated_at: texte.updatedAt.toISO(),
    // null author = the account was deleted (the text stays)
    updated_by: texte.updatedBy === null ? authorName(null) : (texte.editor?.name ?? null),
  }
}

/** A row of a user's PageTextes: the base text and his own version, if any. */
export function userTexteRowProps(texte: Texte, override: UserTexte | null) {
  return {
    id: texte.id,
    code: texte.code,
    titre: texte.titre,
    categorie: texte.categorie,
    base: texte.contenu,
    override: override
      ? { id: override.id, contenu: override.contenu, updated_at: override.updatedAt.toISO() }
      : null,
  }
}

export type BaseTexteProps = ReturnType<typeof baseTexteProps>
export type UserTexteRowProps = ReturnType<typeof userTexteRowProps>
