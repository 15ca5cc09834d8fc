/*
 * A work photo sent to a commande (issue 12): the extension and size here, the content (by its
 * bytes, then re-encoded) in app/services/commandes/commande_fichiers.ts.
 */
import vine from '@vinejs/vine'
import { frenchMessages } from '#validators/french'
import { ETAPES, PHOTO_EXTENSIONS, PHOTO_MAX_BYTES } from '#shared/commande_etapes'

export const PHOTO_MESSAGES = {
  missing: 'Choisissez une photo à envoyer.',
  size: `La photo pèse plus de ${PHOTO_MAX_BYTES / 1024 / 1024} Mo : réduisez-la ou prenez-en une autre.`,
  type: 'Envoyez une photo JPEG, PNG ou WebP.',
  content: 'Ce fichier n’est pas une photo lisible (JPEG, PNG ou WebP).',
}

export const commandePhotoValidator = vine.create({
  fichier: vine.file({ size: PHOTO_MAX_BYTES, extnames: [...PHOTO_EXTENSIONS] }),
  etape: vine.enum(ETAPES).optional(),
  moment: vine.enum(['avant', 'apres'] as const).optional(),
  mesure_ligne_id: vine.number().withoutDecimals().positive().max(9_007_199_254_740_991).optional(),
  legende: vine.string().trim().maxLength(300).optional(),
})

commandePhotoValidator.messagesProvider = frenchMessages(
  {
    'fichier.required': PHOTO_MESSAGES.missing,
    'fichier.file': PHOTO_MESSAGES.missing,
    'fichier.file.size': PHOTO_MESSAGES.size,
    'fichier.file.extname': PHOTO_MESSAGES.type,
    'etape.enum': 'Étape inconnue.',
    'moment.enum': 'Indiquez « avant » ou « après ».',
    'legende.maxLength': 'La légende compte au plus 300 caractères.',
  },
  { legende: 'légende' }
)
