/*
 * Issue 12 §2: the measurement sheet's sync (JSON from the phone's offline queue), its
 * validation and reopening. Dimensions are integers of millimetres, a quantity a number > 0
 * (shared/mesurage.ts limits); every refusal is French and names its row's field.
 */
import vine from '@vinejs/vine'
import { frenchMessages } from '#validators/french'
import {
  DIMENSION_MAX_MM,
  MESURE_LIMITS,
  MESURE_MESSAGES,
  QUANTITE_MAX,
  SENS_OUVERTURE,
} from '#shared/mesurage'

const optionalText = (max: number) => vine.string().trim().maxLength(max).nullable().optional()
const dimension = () =>
  vine.number().withoutDecimals().min(1).max(DIMENSION_MAX_MM).nullable().optional()

export const mesureSyncValidator = vine.create({
  lignes: vine
    .array(
      vine.object({
        client_uuid: vine.string().uuid(),
        position: vine
          .number()
          .withoutDecimals()
          .min(1)
          .max(MESURE_LIMITS.lignes * 10),
        repere: optionalText(MESURE_LIMITS.repere),
        designation: optionalText(MESURE_LIMITS.designation),
        largeur_mm: dimension(),
        hauteur_mm: dimension(),
        sens_ouverture: vine.enum(SENS_OUVERTURE).nullable().optional(),
        couleur: optionalText(MESURE_LIMITS.couleur),
        vitrage: optionalText(MESURE_LIMITS.vitrage),
        quantite: vine.number().min(0.001).max(QUANTITE_MAX).decimal([0, 3]),
        remarques: optionalText(MESURE_LIMITS.remarques),
      })
    )
    .maxLength(MESURE_LIMITS.lignes)
    .optional(),
  supprimees: vine
    .array(vine.string().uuid())
    .maxLength(MESURE_LIMITS.lignes * 5)
    .optional(),
  remarques: optionalText(MESURE_LIMITS.remarquesFeuille),
})
mesureSyncValidator.messagesProvider = frenchMessages({
  'lignes.*.client_uuid.uuid': 'Identifiant de ligne invalide.',
  'lignes.*.client_uuid.required': 'Identifiant de ligne manquant.',
  'lignes.*.largeur_mm.number': MESURE_MESSAGES.largeur,
  'lignes.*.largeur_mm.withoutDecimals': MESURE_MESSAGES.largeur,
  'lignes.*.largeur_mm.min': MESURE_MESSAGES.largeur,
  'lignes.*.largeur_mm.max': MESURE_MESSAGES.largeur,
  'lignes.*.hauteur_mm.number': MESURE_MESSAGES.hauteur,
  'lignes.*.hauteur_mm.withoutDecimals': MESURE_MESSAGES.hauteur,
  'lignes.*.hauteur_mm.min': MESURE_MESSAGES.hauteur,
  'lignes.*.hauteur_mm.max': MESURE_MESSAGES.hauteur,
  'lignes.*.quantite.required': MESURE_MESSAGES.quantiteRequise,
  'lignes.*.quantite.number': MESURE_MESSAGES.quantite,
  'lignes.*.quantite.min': MESURE_MESSAGES.quantite,
  'lignes.*.quantite.max': MESURE_MESSAGES.quantite,
  'lignes.*.quantite.decimal': MESURE_MESSAGES.quantite,
  'lignes.*.sens_ouverture.enum': MESURE_MESSAGES.sens,
  'lignes.maxLength': `Une feuille compte au plus ${MESURE_LIMITS.lignes} lignes.`,
})

export type MesureSyncInput = Awaited<ReturnType<typeof mesureSyncValidator.validate>>

export const mesureVersionValidator = vine.create({
  lock_version: vine.number().withoutDecimals().positive().max(2_147_483_647),
})
mesureVersionValidator.messagesProvider = frenchMessages({
  'lock_version.required': 'Version de la feuille inconnue : rechargez la page.',
  'lock_version.number': 'Version de la feuille inconnue : rechargez la page.',
})

export const mesureRouvrirValidator = vine.create({
  lock_version: vine.number().withoutDecimals().positive().max(2_147_483_647),
  motif: vine.string().trim().minLength(3).maxLength(500),
})
mesureRouvrirValidator.messagesProvider = frenchMessages({
  'lock_version.required': 'Version de la feuille inconnue : rechargez la page.',
  'motif.required': 'Indiquez pourquoi la feuille est rouverte.',
  'motif.minLength': 'Indiquez pourquoi la feuille est rouverte.',
  'motif.maxLength': 'Le motif compte au plus 500 caractères.',
})
