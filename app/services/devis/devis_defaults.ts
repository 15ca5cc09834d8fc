// The defaults of a new devis: its validity and the texts modèles of its intro and conditions.
import type { DateTime } from 'luxon'
import Texte from '#models/texte'
import { resolveTexte } from '#services/textes'
import { DEVIS_VALIDITE_JOURS } from '#shared/devis'

export function defaultValidity(from: DateTime): DateTime {
  return from.plus({ days: DEVIS_VALIDITE_JOURS })
}

/** The text of the first Texte of a category (the user's own version when he has one). */
export async function defaultTexte(
  categorie: 'devis_intro' | 'devis_conditions',
  userId: number | null
): Promise<string | null> {
  // The text whose code is the category name first, then by title (stable choice)
  const texte = await Texte.query()
    .where('categorie', categorie)
    .orderByRaw('(code = ?) desc', [categorie])
    .orderBy('titre')
    .first()
  if (!texte) return null
  const resolved = await resolveTexte(texte.code, userId ? { id: userId } : null)
  return resolved?.contenu ?? null
}
