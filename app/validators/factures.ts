/*
 * Factures (issue 11): every action carries the version the user saw (decision 80): issuing,
 * deleting a draft, and creating the acompte facture from a bdc (the bdc's version).
 */
import vine from '@vinejs/vine'
import { frenchMessages } from '#validators/french'
import { pctRule, quantiteRule } from '#validators/lignes'

const versionMessage = (what: string) =>
  Object.fromEntries(
    ['required', 'number', 'withoutDecimals', 'positive', 'max'].map((rule) => [
      `lock_version.${rule}`,
      `Version ${what} inconnue : rechargez la page.`,
    ])
  )

export const factureVersionValidator = vine.create({
  lock_version: vine.number().withoutDecimals().positive().max(2_147_483_647),
})
factureVersionValidator.messagesProvider = frenchMessages(versionMessage('de la facture'))

export const bdcVersionValidator = vine.create({
  lock_version: vine.number().withoutDecimals().positive().max(2_147_483_647),
})
bdcVersionValidator.messagesProvider = frenchMessages(versionMessage('du bon de commande'))

/**
 * « Facture intermédiaire… » on the commande page, with the bdc's version: a % of the commande,
 * or (`lignes`) chosen bdc lines and quantities.
 */
export const intermediaireValidator = vine.create({
  lock_version: vine.number().withoutDecimals().positive().max(2_147_483_647),
  pct: vine.string().trim().use(pctRule()).optional().requiredIfMissing('lignes'),
  lignes: vine
    .array(
      vine.object({
        bdc_ligne_id: vine.number().withoutDecimals().positive().max(Number.MAX_SAFE_INTEGER),
        quantite: vine.string().trim().maxLength(20).use(quantiteRule()),
      })
    )
    .maxLength(500)
    .optional(),
})
intermediaireValidator.messagesProvider = frenchMessages({
  ...versionMessage('du bon de commande'),
  'pct.required': 'Indiquez le pourcentage de la commande à facturer.',
  'lignes.*.quantite.required': 'Indiquez la quantité à facturer.',
  'lignes.*.bdc_ligne_id.number': 'Ligne du bon de commande inconnue : rechargez la page.',
})
