/*
 * Work photos sent to a commande (issue 12, several at once since issue 14): the fields here; the
 * photos' count, sizes and extensions in app/services/commandes/photo_upload.ts, their content
 * (by its bytes, then re-encoded) in app/services/commandes/commande_fichiers.ts.
 */
import vine from '@vinejs/vine'
import { frenchMessages } from '#validators/french'
import { ETAPES, PHOTO_MAX_BYTES } from '#shared/commande_etapes'

export const PHOTO_MESSAGES = {
  missing: 'Choisissez une photo à envoyer.',
  size: `La photo pèse plus de ${PHOTO_MAX_BYTES / 1024 / 1024} Mo : réduisez-la ou prenez-en une autre.`,
  type: 'Envoyez une photo JPEG, PNG, WebP ou HEIC.',
  content: 'Ce fichier n’est pas une photo lisible (JPEG, PNG, WebP ou HEIC).',
}

/** The fields sent with the photos; the photos themselves: app/services/commandes/photo_upload.ts. */
export const commandePhotoValidator = vine.create({
  etape: vine.enum(ETAPES).optional(),
  moment: vine.enum(['avant', 'apres'] as const).optional(),
  mesure_ligne_id: vine.number().withoutDecimals().positive().max(9_007_199_254_740_991).optional(),
  legende: vine.string().trim().maxLength(300).optional(),
  /** Shown on the public portfolio (issue 14 §4); a checkbox sends « on ». */
  publique: vine.boolean().optional(),
})

commandePhotoValidator.messagesProvider = frenchMessages(
  {
    'etape.enum': 'Étape inconnue.',
    'moment.enum': 'Indiquez « avant » ou « après ».',
    'legende.maxLength': 'La légende compte au plus 300 caractères.',
  },
  { legende: 'légende' }
)
