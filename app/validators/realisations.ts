/*
 * Issue 14 §4: a photo's caption and publique flag, changed from the gallery.
 */
import vine from '@vinejs/vine'
import { frenchMessages } from '#validators/french'

export const realisationUpdateValidator = vine.create({
  legende: vine.string().trim().maxLength(300).nullable().optional(),
  publique: vine.boolean().optional(),
})

realisationUpdateValidator.messagesProvider = frenchMessages(
  {
    'legende.maxLength': 'La légende compte au plus 300 caractères.',
    'publique.boolean': 'Indiquez si la photo est publique.',
  },
  { legende: 'légende' }
)
