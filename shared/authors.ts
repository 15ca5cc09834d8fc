/*
 * Who made a document or an audit row. A deleted account leaves its rows in place with the
 * author set to null (ON DELETE SET NULL), shown as « Utilisateur supprimé ».
 */

export const DELETED_USER_LABEL = 'Utilisateur supprimé'

export function authorName(user: { name: string } | null | undefined): string {
  return user ? user.name : DELETED_USER_LABEL
}
