import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { messages, fields } from '#start/validator'

export const PASSWORD_RULES_MESSAGE = 'Le mot de passe doit contenir entre 8 et 128 caractères.'

const profileMessages = new SimpleMessagesProvider(
  {
    ...messages,
    'name.minLength': 'Le nom doit contenir au moins 2 caractères.',
    'email.database.unique': 'Un compte existe déjà avec cette adresse e-mail.',
    'password.minLength': PASSWORD_RULES_MESSAGE,
    'password.maxLength': PASSWORD_RULES_MESSAGE,
    'password.confirmed': 'La confirmation ne correspond pas au nouveau mot de passe.',
    'password_confirmation.confirmed': 'La confirmation ne correspond pas au nouveau mot de passe.',
    'current_password.required': 'Saisissez votre mot de passe actuel.',
    'password.required': 'Saisissez votre mot de passe.',
  },
  {
    ...fields,
    current_password: 'mot de passe actuel',
    password_confirmation: 'confirmation',
  }
)

/** Name and e-mail; the address must stay unique (lower-cased), the user's own excepted. */
export const profileInformationValidator = vine.withMetaData<{ userId: number }>().create({
  name: vine.string().trim().minLength(2).maxLength(120),
  email: vine
    .string()
    .trim()
    .email()
    .maxLength(254)
    .toLowerCase()
    .unique(
      async (db, value, field) =>
        !(await db
          .from('users')
          .whereRaw('lower(email) = ?', [value])
          .whereNot('id', field.meta.userId)
          .first())
    ),
  // Only read when the address changes (checked in the controller)
  current_password: vine.string().maxLength(512).optional(),
})
profileInformationValidator.messagesProvider = profileMessages

/** ASVS 6.2: length is what matters (8 to 128), no composition rules. */
export const updatePasswordValidator = vine.create({
  current_password: vine.string().maxLength(512),
  password: vine
    .string()
    .minLength(8)
    .maxLength(128)
    .confirmed({ confirmationField: 'password_confirmation' }),
})
updatePasswordValidator.messagesProvider = profileMessages

export const deleteAccountValidator = vine.create({
  password: vine.string().maxLength(512),
})
deleteAccountValidator.messagesProvider = profileMessages
