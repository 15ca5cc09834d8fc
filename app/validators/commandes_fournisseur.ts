/*
 * Supplier orders (issue 12 §3–4): a draft's lines, the supplier's confirmation, a receipt, the
 * bulk send. Quantities up to 3 decimals, prices in cents; French messages.
 */
import vine from '@vinejs/vine'
import { frenchMessages } from '#validators/french'
import { CF_LIMITS, LIVRAISON_ETATS } from '#shared/commandes_fournisseur'

const id = () => vine.number().withoutDecimals().positive().max(2_147_483_647)
const lockVersion = () => vine.number().withoutDecimals().min(0).max(2_147_483_647)
const quantite = () => vine.number().decimal([0, 3]).min(0.001).max(CF_LIMITS.quantite)

export const brouillonValidator = vine.create({
  lock_version: lockVersion(),
  remarques: vine.string().trim().maxLength(CF_LIMITS.remarques).nullable().optional(),
  lignes: vine
    .array(
      vine.object({
        id: vine.number().withoutDecimals().positive(),
        quantite: quantite(),
        prix_achat: vine.number().withoutDecimals().min(0).max(CF_LIMITS.prixAchat),
      })
    )
    .maxLength(CF_LIMITS.lignes),
})
brouillonValidator.messagesProvider = frenchMessages({
  'lock_version.required': 'Version du brouillon manquante : rechargez la page.',
  'lignes.required': 'Les lignes du brouillon manquent : rechargez la page.',
  'lignes.*.quantite.required': 'Indiquez la quantité de chaque ligne.',
  'lignes.*.quantite.number': 'La quantité doit être un nombre.',
  'lignes.*.quantite.min': 'La quantité doit être supérieure à zéro.',
  'lignes.*.quantite.max': `La quantité ne peut dépasser ${CF_LIMITS.quantite}.`,
  'lignes.*.quantite.decimal': 'La quantité a au plus 3 décimales.',
  'lignes.*.prix_achat.required': 'Indiquez le prix d’achat de chaque ligne.',
  'lignes.*.prix_achat.number': 'Le prix d’achat doit être un montant.',
  'lignes.*.prix_achat.min': 'Le prix d’achat ne peut être négatif.',
  'lignes.*.prix_achat.max': 'Le prix d’achat est trop élevé.',
  'lignes.*.prix_achat.withoutDecimals': 'Le prix d’achat est en centimes entiers.',
})

export const lockVersionValidator = vine.create({ lock_version: lockVersion().optional() })
lockVersionValidator.messagesProvider = frenchMessages({
  'lock_version.number': 'Version inconnue : rechargez la page.',
})

export const confirmationValidator = vine.create({
  lock_version: lockVersion(),
  date_livraison_confirmee: vine.date({ formats: ['YYYY-MM-DD'] }),
})
confirmationValidator.messagesProvider = frenchMessages({
  'lock_version.required': 'Version de la commande manquante : rechargez la page.',
  'date_livraison_confirmee.required':
    'Indiquez la date de livraison confirmée par le fournisseur.',
  'date_livraison_confirmee.date': 'La date de livraison doit être une date valide (JJ/MM/AAAA).',
})

export const receptionValidator = vine.create({
  date_livraison: vine.date({ formats: ['YYYY-MM-DD'] }),
  bon_livraison: vine.string().trim().maxLength(CF_LIMITS.bonLivraison).nullable().optional(),
  remarques: vine.string().trim().maxLength(CF_LIMITS.remarques).nullable().optional(),
  lignes: vine
    .array(
      vine.object({
        ligne_id: vine.number().withoutDecimals().positive(),
        quantite: quantite(),
        etat: vine.enum(LIVRAISON_ETATS),
        remarque: vine.string().trim().maxLength(CF_LIMITS.remarques).nullable().optional(),
        fichier_id: id().nullable().optional(),
      })
    )
    .minLength(1)
    .maxLength(CF_LIMITS.lignes),
})
receptionValidator.messagesProvider = frenchMessages({
  'date_livraison.required': 'Indiquez la date de la livraison.',
  'date_livraison.date': 'La date de livraison doit être une date valide (JJ/MM/AAAA).',
  'bon_livraison.maxLength': `Le numéro du bon de livraison a au plus ${CF_LIMITS.bonLivraison} caractères.`,
  'lignes.required': 'Indiquez au moins une ligne reçue.',
  'lignes.array.minLength': 'Indiquez au moins une ligne reçue.',
  'lignes.*.quantite.required': 'Indiquez la quantité de chaque ligne reçue.',
  'lignes.*.quantite.number': 'La quantité doit être un nombre.',
  'lignes.*.quantite.min': 'La quantité doit être supérieure à zéro.',
  'lignes.*.quantite.max': `La quantité ne peut dépasser ${CF_LIMITS.quantite}.`,
  'lignes.*.quantite.decimal': 'La quantité a au plus 3 décimales.',
  'lignes.*.etat.required': 'Indiquez l’état de chaque ligne reçue.',
  'lignes.*.etat.enum': 'État inconnu : bon état, endommagé ou manquant.',
  'lignes.*.remarque.maxLength': `La remarque a au plus ${CF_LIMITS.remarques} caractères.`,
})

export const envoiGroupeValidator = vine.create({
  ids: vine.array(id()).minLength(1).maxLength(CF_LIMITS.lignes),
})
envoiGroupeValidator.messagesProvider = frenchMessages({
  'ids.required': 'Cochez au moins un brouillon à envoyer.',
  'ids.array': 'Cochez au moins un brouillon à envoyer.',
  'ids.array.minLength': 'Cochez au moins un brouillon à envoyer.',
  'ids.array.maxLength': `Au plus ${CF_LIMITS.lignes} commandes à la fois.`,
  'ids.*.number': 'Commande fournisseur inconnue : rechargez la page.',
})
