/*
 * Factures (issue 11): every action carries the version the user saw (decision 80): issuing,
 * deleting a draft, and creating the acompte facture from a bdc (the bdc's version).
 */
import vine from '@vinejs/vine'
import { frenchMessages } from '#validators/french'
import { pctRule } from '#validators/lignes'

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

/** « Facture intermédiaire… » on the commande page: a % of the commande and the bdc's version. */
export const intermediaireValidator = vine.create({
  lock_version: vine.number().withoutDecimals().positive().max(2_147_483_647),
  pct: vine.string().trim().use(pctRule()),
})
intermediaireValidator.messagesProvider = frenchMessages({
  ...versionMessage('du bon de commande'),
  'pct.required': 'Indiquez le pourcentage de la commande à facturer.',
})
