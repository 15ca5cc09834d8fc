import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { messages, fields } from '#start/validator'
import { TEXTE_CATEGORIE_VALUES, TEXTE_CODE_PATTERN, TEXTE_LIMITS } from '#shared/textes'

const texteMessages = new SimpleMessagesProvider(
  {
    ...messages,
    'code.regex':
      'Le code ne peut contenir que des minuscules, des chiffres et « _ », et commence par une lettre.',
    'code.database.unique': 'Un texte porte déjà ce code.',
    'categorie.enum': 'Choisissez une catégorie de la liste.',
    'contenu.required': 'Le texte ne peut pas être vide.',
    'texte_id.database.exists': 'Ce texte modèle n’existe pas.',
  },
  { ...fields, code: 'code', titre: 'titre', categorie: 'catégorie', contenu: 'texte' }
)

const titre = () => vine.string().trim().minLength(2).maxLength(TEXTE_LIMITS.titre)
const contenu = () => vine.string().maxLength(TEXTE_LIMITS.contenu)

/** A new base text: its code is how the documents find it, so it is chosen once. */
export const createTexteValidator = vine.create({
  code: vine
    .string()
    .trim()
    .maxLength(TEXTE_LIMITS.code)
    .regex(TEXTE_CODE_PATTERN)
    .unique(async (db, value) => !(await db.from('textes').where('code', value).first())),
  titre: titre(),
  categorie: vine.enum(TEXTE_CATEGORIE_VALUES),
  contenu: contenu(),
})
createTexteValidator.messagesProvider = texteMessages

/** An edit of a base text, made from `version` (refused when someone saved in between). */
export const updateTexteValidator = vine.create({
  titre: titre(),
  categorie: vine.enum(TEXTE_CATEGORIE_VALUES),
  contenu: contenu(),
  version: vine.number().withoutDecimals().min(1),
})
updateTexteValidator.messagesProvider = texteMessages

/** A user's own version of a base text. */
export const userTexteValidator = vine.create({
  texte_id: vine
    .number()
    .withoutDecimals()
    .min(1)
    .max(2_147_483_647)
    .exists(async (db, value) => Boolean(await db.from('textes').where('id', value).first())),
  contenu: contenu(),
})
userTexteValidator.messagesProvider = texteMessages

export const userTexteUpdateValidator = vine.create({ contenu: contenu() })
userTexteUpdateValidator.messagesProvider = texteMessages
