/*
 * The free facture's editor body (issue 11 §1): client, objet, global discount and lines
 * (app/validators/lignes.ts, the devis' rules and French messages keyed like the cells).
 */
import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { messages, fields } from '#start/validator'
import {
  LIGNE_MESSAGES,
  lignesContentErrors,
  lignesSchema,
  pctField,
  throwFieldErrors,
  toLigneData,
} from '#validators/lignes'
import type { LigneData } from '#shared/devis'

const header = {
  client_id: vine
    .number()
    .withoutDecimals()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .exists(async (db, value) =>
      Boolean(await db.from('clients').where('id_client', value).first())
    ),
  objet: vine.string().trim().minLength(1).maxLength(200),
  remise_globale_pct: pctField().optional(),
  lignes: lignesSchema().optional(),
}

export const factureLibreCreateValidator = vine.create(header)
export const factureLibreUpdateValidator = vine.create({
  ...header,
  client_id: header.client_id.optional(),
  lock_version: vine.number().withoutDecimals().min(0),
})

export const factureLibreMessagesProvider = () =>
  new SimpleMessagesProvider(
    {
      ...messages,
      ...LIGNE_MESSAGES,
      'client_id.required': 'Choisissez un client.',
      'client_id.number': 'Choisissez un client.',
      'client_id.database.exists': 'Ce client n’existe pas (ou plus) : choisissez-en un autre.',
      'objet.required': 'Saisissez l’objet de la facture.',
      'objet.maxLength': 'L’objet ne peut pas dépasser {{ max }} caractères.',
      'lock_version.required': 'Version de la facture manquante : rechargez la page.',
      'lock_version.number': 'Version de la facture invalide : rechargez la page.',
    },
    { ...fields, objet: 'objet', client_id: 'client' }
  )

export type FactureLibreInput = {
  client_id?: number
  objet: string
  remise_globale_pct: string
  lignes: LigneData[]
}

/** The per-type line rules VineJS cannot check, thrown as its field errors. */
export async function toFactureLibreInput(
  data: Infer<typeof factureLibreCreateValidator> | Infer<typeof factureLibreUpdateValidator>
): Promise<FactureLibreInput> {
  const lignes = data.lignes ?? []
  throwFieldErrors(
    await lignesContentErrors(lignes, undefined, data.remise_globale_pct ?? null),
    'facture'
  )
  return {
    client_id: data.client_id,
    objet: data.objet,
    remise_globale_pct: data.remise_globale_pct ?? '0',
    lignes: lignes.map(toLigneData),
  }
}
