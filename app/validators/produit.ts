/*
 * A product of the catalogue: one set of rules for the form and for each line of a CSV import.
 * References are stored upper-case, so "ch-pvc-1" and "CH-PVC-1" are one product.
 */
import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { messages, fields } from '#start/validator'
import { lockVersionField } from '#validators/lock_version'
import { TAUX_TVA, UNITES } from '#shared/produits'
import { moneyCentsRule } from '#validators/lignes'

export const PRODUIT_MESSAGES = {
  ...messages,
  'reference.regex':
    'Lettres, chiffres, espaces et . _ / - uniquement, en commençant par une lettre ou un chiffre (ex. CH-PVC-1000).',
  'reference.database.unique': 'Cette référence existe déjà dans le catalogue.',
  'unite.enum': 'Unité invalide : pièce, m², ml, forfait ou heure.',
  'taux_tva.in': 'Taux de TVA invalide : 21, 12, 6 ou 0 %.',
  'taux_tva.number': 'Taux de TVA invalide : 21, 12, 6 ou 0 %.',
  'fournisseur_id.database.exists': 'Choisissez un fournisseur existant.',
  'prix_vente_ht.required': 'Le prix de vente HT est requis.',
}

export const PRODUIT_FIELDS = {
  ...fields,
  reference: 'référence',
  libelle: 'libellé',
  description: 'description',
  unite: 'unité',
  prix_achat: 'prix d’achat',
  prix_vente_ht: 'prix de vente HT',
  taux_tva: 'taux de TVA',
  categorie: 'catégorie',
  fournisseur_id: 'fournisseur',
  actif: 'actif',
}

export const produitMessagesProvider = () =>
  new SimpleMessagesProvider(PRODUIT_MESSAGES, PRODUIT_FIELDS)

// A catalogue price is a unit price: the same rule and limit as a line's (issue 10)
const money = () => vine.string().trim().maxLength(30).use(moneyCentsRule())

function produitSchema(withDatabase: boolean) {
  const reference = vine
    .string()
    .trim()
    .toUpperCase()
    .minLength(1)
    .maxLength(40)
    .regex(/^[\p{L}\d][\p{L}\d ._/-]*$/u)
  return {
    reference: withDatabase
      ? reference.unique(async (db, value, field) => {
          const query = db.from('produits').where('reference', value)
          const id = (field.meta as { id?: number }).id
          if (id) query.whereNot('id', id)
          return !(await query.first())
        })
      : reference,
    libelle: vine.string().trim().minLength(1).maxLength(200),
    description: vine.string().trim().maxLength(2000).nullable().optional(),
    unite: vine.enum(UNITES),
    prix_achat: money().nullable().optional(),
    prix_vente_ht: money(),
    taux_tva: vine.number().in([...TAUX_TVA]),
    categorie: vine.string().trim().maxLength(80).nullable().optional(),
    fournisseur_id: withDatabase
      ? vine
          .number()
          .withoutDecimals()
          .positive()
          .max(2_147_483_647)
          .exists(async (db, value) =>
            Boolean(await db.from('societes').where({ id: value, type: 'fournisseur' }).first())
          )
          .nullable()
          .optional()
      : vine.number().nullable().optional(),
    actif: vine.boolean(),
    lock_version: lockVersionField(),
  }
}

/** The form (create / edit); `meta.id` is the product being edited. */
export const produitValidator = vine.withMetaData<{ id?: number }>().create(produitSchema(true))

/** One line of a CSV import: references may exist (upsert), fournisseurs are resolved before. */
export const produitImportValidator = vine.create(produitSchema(false))

/** Money fields come out of the rules as integer cents. */
export interface ProduitValues {
  reference: string
  libelle: string
  description: string | null
  unite: (typeof UNITES)[number]
  prixAchat: number | null
  prixVenteHt: number
  tauxTva: (typeof TAUX_TVA)[number]
  categorie: string | null
  fournisseurId: number | null
  actif: boolean
}

export function produitValues(data: Record<string, unknown>): ProduitValues {
  return {
    reference: String(data.reference),
    libelle: String(data.libelle),
    description: (data.description as string | null | undefined) ?? null,
    unite: data.unite as ProduitValues['unite'],
    prixAchat: (data.prix_achat as unknown as number | null | undefined) ?? null,
    prixVenteHt: data.prix_vente_ht as unknown as number,
    tauxTva: data.taux_tva as ProduitValues['tauxTva'],
    categorie: (data.categorie as string | null | undefined) ?? null,
    fournisseurId: (data.fournisseur_id as number | null | undefined) ?? null,
    actif: Boolean(data.actif),
  }
}
