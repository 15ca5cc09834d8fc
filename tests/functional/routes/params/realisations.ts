/*
 * Route parameters of the réalisations (issue 14 §4) for the route × role matrix: a publique
 * photo of a signed bdc's commande (the portfolio serves it to anyone; staff change or delete it).
 */
import sharp from 'sharp'
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { storePhotoBytes } from '#services/commandes/commande_fichiers'

/** A stored photo of a new commande (the bytes made by sharp). */
export async function makeRealisation(options: { publique: boolean; legende?: string }) {
  const { commande } = await signedBdc()
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#48a' } })
    .jpeg()
    .toBuffer()
  const row = await storePhotoBytes(null, jpeg, false, {
    commandeId: commande.id,
    etape: 'pose',
    legende: options.legende ?? 'Châssis posés',
    publique: options.publique,
    nomOriginal: 'matrice.jpg',
    auteurId: null,
  })
  return { commande, photo: row! }
}

const NAMES = ['esi.realisation.update', 'admin.realisation.destroy', 'public.realisations.photo']

export const realisationParams: ParamProvider[] = [
  {
    matches: (route) => NAMES.includes(route.name ?? ''),
    params: async () => {
      const { photo } = await makeRealisation({ publique: true })
      return { id: photo.id }
    },
  },
]
