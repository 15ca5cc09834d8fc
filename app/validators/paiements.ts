/*
 * Notes de crédit and paiements (issue 11 §2–§3): the forms' fields. Amounts arrive as typed
 * text (« 1 234,56 ») and are read to cents by the controller with parseScaled.
 */
import vine from '@vinejs/vine'
import { frenchMessages } from '#validators/french'
import { NOTE_CREDIT_KINDS } from '#shared/notes_credit'
import { PAIEMENT_MODES } from '#shared/paiements'

export const noteCreditValidator = vine.create({
  kind: vine.enum(NOTE_CREDIT_KINDS),
  motif: vine.string().trim().minLength(1).maxLength(2000),
  lignes: vine
    .array(
      vine.object({
        facture_ligne_id: vine.number().withoutDecimals().positive(),
        quantite: vine.string().trim().maxLength(20),
      })
    )
    .maxLength(500)
    .optional(),
  montants: vine
    .array(
      vine.object({
        taux_tva: vine.number().in([0, 6, 12, 21]),
        montant: vine.string().trim().maxLength(20),
      })
    )
    .maxLength(4)
    .optional(),
})
noteCreditValidator.messagesProvider = frenchMessages({
  'motif.required': 'Indiquez le motif de la note de crédit.',
  'motif.minLength': 'Indiquez le motif de la note de crédit.',
  'kind.enum': 'Choisissez le type de note de crédit.',
})

export const noteCreditVersionValidator = vine.create({
  lock_version: vine.number().withoutDecimals().positive().max(2_147_483_647),
})
noteCreditVersionValidator.messagesProvider = frenchMessages({
  'lock_version.required': 'Version de la note de crédit inconnue : rechargez la page.',
})

export const paiementValidator = vine.create({
  client_id: vine.number().withoutDecimals().positive(),
  date: vine.date({ formats: ['YYYY-MM-DD'] }),
  montant: vine.string().trim().minLength(1).maxLength(20),
  mode: vine.enum(PAIEMENT_MODES),
  reference: vine.string().trim().maxLength(140).optional(),
  compte: vine.string().trim().maxLength(42).optional(),
  idempotency_key: vine.string().uuid(),
  allocations: vine
    .array(
      vine.object({
        facture_id: vine.number().withoutDecimals().positive(),
        montant: vine.string().trim().maxLength(20),
      })
    )
    .maxLength(200)
    .optional(),
})
paiementValidator.messagesProvider = frenchMessages({
  'client_id.required': 'Choisissez le client.',
  'date.required': 'Indiquez la date du paiement.',
  'date.date': 'Indiquez une date valide.',
  'montant.required': 'Indiquez le montant.',
  'montant.minLength': 'Indiquez le montant.',
  'mode.enum': 'Choisissez le mode de paiement.',
  'idempotency_key.uuid': 'Formulaire expiré : rechargez la page.',
})

/*
 * Bank import (issue 11 §3): the statement file, read in memory and never stored. Its content
 * decides the format (CAMT.053 or CODA, whatever the extension banks give: .xml, .cod, .txt…).
 */
export const releveUploadValidator = vine.create({
  fichier: vine.file({ size: '5mb' }),
})
releveUploadValidator.messagesProvider = frenchMessages({
  'fichier.required': 'Choisissez le fichier de l’extrait bancaire (CAMT.053 ou CODA).',
  'fichier.file': 'Choisissez le fichier de l’extrait bancaire (CAMT.053 ou CODA).',
  'fichier.file.size': 'Le fichier dépasse la taille maximale de 5 Mo.',
})

/** Manual matching of a bank line: the client, and what goes to each of his open factures. */
export const rapprochementValidator = vine.create({
  client_id: vine.number().withoutDecimals().positive().max(2_147_483_647),
  allocations: vine
    .array(
      vine.object({
        facture_id: vine.number().withoutDecimals().positive().max(2_147_483_647),
        montant: vine.string().trim().maxLength(20),
      })
    )
    .maxLength(200)
    .optional(),
})
rapprochementValidator.messagesProvider = frenchMessages({
  'client_id.required': 'Choisissez le client qui a payé.',
  'client_id.number': 'Choisissez le client qui a payé.',
})
