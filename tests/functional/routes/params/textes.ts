/*
 * Route parameters of the textes modèles routes: a base text for the esi/admin pages, and the
 * visitor's own version of one for PageTextes (his own data, so the matrix checks the areas).
 */
import Texte from '#models/texte'
import UserTexte from '#models/user_texte'
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { makePersona } from '#tests/helpers'

let counter = 0

export async function makeTexte(overrides: Partial<Texte> = {}) {
  counter++
  return Texte.create({
    code: `matrice_${Date.now()}_${counter}`,
    titre: 'Texte de la matrice',
    categorie: 'devis_intro',
    contenu: 'Bonjour {{client.nom}},',
    version: 1,
    ...overrides,
  })
}

export const texteParams: ParamProvider[] = [
  {
    matches: (route) => /^(esi|admin)\.textes\./.test(route.name ?? ''),
    params: async () => {
      const texte = await makeTexte()
      return { id: texte.id }
    },
  },
  {
    matches: (route) => (route.name ?? '').startsWith('partner.profile_textes.'),
    params: async (_route, user) => {
      const owner = user ?? (await makePersona('pro'))!
      const texte = await makeTexte()
      const own = await UserTexte.create({ userId: owner.id, texteId: texte.id, contenu: 'À moi' })
      return { id: own.id }
    },
  },
]
