/*
 * What the Texte pages and PageTextes receive (server: app/transformers/texte_transformer.ts).
 * Types, not interfaces: the server checks page props against them.
 */
export type BaseTexte = {
  id: number
  code: string
  titre: string
  categorie: string
  contenu: string
  version: number
  updated_at: string | null
  /** The last editor's name, « Utilisateur supprimé » once his account is gone. */
  updated_by: string | null
}

export type BaseTexteRow = BaseTexte & { overrides: number }

export type UserTexteRow = {
  id: number
  code: string
  titre: string
  categorie: string
  base: string
  override: { id: number; contenu: string; updated_at: string | null } | null
}
