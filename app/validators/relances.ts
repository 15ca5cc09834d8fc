/*
 * Relances (issue 11 §4): « Relancer (niveau N) » on a facture, and the morning batch (the
 * factures ticked, each with the level the page proposed).
 */
import vine from '@vinejs/vine'
import { frenchMessages } from '#validators/french'
import { RELANCE_CANAUX, RELANCE_NIVEAUX } from '#shared/relances'

export const relanceValidator = vine.create({
  niveau: vine.number().in([...RELANCE_NIVEAUX]),
  canal: vine.enum(RELANCE_CANAUX),
})
relanceValidator.messagesProvider = frenchMessages({
  'niveau.required': 'Niveau de relance inconnu : rechargez la page.',
  'niveau.number': 'Niveau de relance inconnu : rechargez la page.',
  'niveau.in': 'Niveau de relance inconnu : rechargez la page.',
  'canal.required': 'Choisissez l’envoi par e-mail ou par courrier.',
  'canal.enum': 'Choisissez l’envoi par e-mail ou par courrier.',
})

export const relanceBatchValidator = vine.create({
  relances: vine
    .array(
      vine.object({
        facture_id: vine.number().withoutDecimals().positive().max(2_147_483_647),
        niveau: vine.number().in([...RELANCE_NIVEAUX]),
      })
    )
    .minLength(1)
    .maxLength(200),
})
relanceBatchValidator.messagesProvider = frenchMessages({
  'relances.required': 'Cochez au moins une relance à envoyer.',
  'relances.array.minLength': 'Cochez au moins une relance à envoyer.',
  'relances.array.maxLength': 'Au plus 200 relances à la fois.',
  'relances.*.facture_id.number': 'Facture inconnue : rechargez la page.',
  'relances.*.niveau.in': 'Niveau de relance inconnu : rechargez la page.',
})
