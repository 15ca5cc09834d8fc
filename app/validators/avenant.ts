/*
 * Avenants (issue 12 §2): the draft's lines as the editor posts them (app/validators/lignes.ts,
 * the devis' rules and French messages keyed like the cells) with, aligned, the bdc line each
 * one amends; the signature on the device; cancelling; accepting the écarts without avenant.
 */
import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { messages, fields } from '#start/validator'
import { frenchMessages } from '#validators/french'
import {
  LIGNE_MESSAGES,
  lignesContentErrors,
  lignesSchema,
  pctField,
  throwFieldErrors,
  toLigneData,
} from '#validators/lignes'
import { SIGNATURE_LIMITS } from '#shared/bdc'
import { SIGNATURE_MESSAGES } from '#services/bdc/signature_storage'
import { AVENANT_MESSAGES, MOTIF_MAX } from '#shared/avenants'
import type { AvenantLigneData } from '#services/avenants/avenant_queries'

const VERSION = 'Version de l’avenant inconnue : rechargez la page.'
const LOCK_VERSION_MESSAGES = Object.fromEntries(
  ['required', 'number', 'withoutDecimals', 'positive'].map((rule) => [
    `lock_version.${rule}`,
    VERSION,
  ])
)

const lockVersion = () => vine.number().withoutDecimals().positive()

export const saveAvenantValidator = vine.create({
  lock_version: lockVersion(),
  motif: vine.string().trim().maxLength(MOTIF_MAX).optional(),
  remise_globale_pct: pctField().optional(),
  lignes: lignesSchema(),
  /** Aligned with `lignes`: the bdc line each one amends (null: an added line). */
  origines: vine
    .array(vine.number().withoutDecimals().positive().max(Number.MAX_SAFE_INTEGER).nullable())
    .optional(),
})

export const saveAvenantMessages = () =>
  new SimpleMessagesProvider(
    {
      ...messages,
      ...LIGNE_MESSAGES,
      'lignes.required': AVENANT_MESSAGES.sansProduit,
      'motif.maxLength': AVENANT_MESSAGES.motifMax,
      'origines.*.number': 'Ligne d’origine invalide : rechargez la page.',
      ...LOCK_VERSION_MESSAGES,
    },
    { ...fields, motif: 'motif' }
  )

/** The per-type line rules VineJS cannot check, thrown as its field errors. */
export async function toAvenantLignes(
  data: Infer<typeof saveAvenantValidator>
): Promise<AvenantLigneData[]> {
  throwFieldErrors(
    await lignesContentErrors(data.lignes, undefined, data.remise_globale_pct ?? null),
    'avenant'
  )
  return data.lignes.map((l, i) => ({
    ...toLigneData(l),
    bdc_ligne_id: data.origines?.[i] ?? null,
  }))
}

export const versionValidator = vine.create({ lock_version: lockVersion() })
versionValidator.messagesProvider = frenchMessages(LOCK_VERSION_MESSAGES)

export const signAvenantValidator = vine.create({
  signataire: vine.string().trim().minLength(2).maxLength(SIGNATURE_LIMITS.signataire),
  lock_version: lockVersion(),
  signature: vine.string().maxLength(800_000),
})
signAvenantValidator.messagesProvider = frenchMessages(
  {
    'signataire.required': 'Indiquez le nom de la personne qui signe.',
    'signataire.minLength': 'Indiquez le nom complet de la personne qui signe.',
    'signataire.maxLength': `Le nom du signataire compte au plus ${SIGNATURE_LIMITS.signataire} caractères.`,
    'signature.required': SIGNATURE_MESSAGES.drawnMissing,
    'signature.maxLength': SIGNATURE_MESSAGES.drawnTooBig,
    ...LOCK_VERSION_MESSAGES,
  },
  { signataire: 'signataire' }
)

export const annulerAvenantValidator = vine.create({
  motif: vine.string().trim().minLength(1).maxLength(MOTIF_MAX),
  lock_version: lockVersion(),
})
annulerAvenantValidator.messagesProvider = frenchMessages({
  'motif.required': AVENANT_MESSAGES.motifAnnulation,
  'motif.minLength': AVENANT_MESSAGES.motifAnnulation,
  'motif.maxLength': AVENANT_MESSAGES.motifMax,
  ...LOCK_VERSION_MESSAGES,
})

export const accepterEcartsValidator = vine.create({
  motif: vine.string().trim().minLength(1).maxLength(MOTIF_MAX),
})
accepterEcartsValidator.messagesProvider = frenchMessages({
  'motif.required': AVENANT_MESSAGES.motifEcarts,
  'motif.minLength': AVENANT_MESSAGES.motifEcarts,
  'motif.maxLength': AVENANT_MESSAGES.motifMax,
})
