import vine from '@vinejs/vine'
import { MEMBER_ROLES } from '#shared/societes'
import { frenchMessages } from '#validators/french'

/** Usercreate: who to invite, and his role in the société. */
export const inviteMemberValidator = vine.create({
  email: vine.string().trim().email().maxLength(254).toLowerCase(),
  name: vine.string().trim().minLength(2).maxLength(120),
  role: vine.enum(MEMBER_ROLES),
})

/** Useredit: the member's role in the société. */
export const memberRoleValidator = vine.create({
  role: vine.enum(MEMBER_ROLES),
})

// ASVS 6.2: length is what matters (8 to 128), as at registration and reset
export const acceptInvitationValidator = vine.create({
  password: vine
    .string()
    .minLength(8)
    .maxLength(128)
    .confirmed({ confirmationField: 'password_confirmation' }),
})

const provider = frenchMessages({
  'name.required': 'Indiquez le nom de la personne.',
  'role.enum': 'Choisissez « Administrateur » ou « Membre ».',
  'role.required': 'Choisissez « Administrateur » ou « Membre ».',
})
inviteMemberValidator.messagesProvider = provider
memberRoleValidator.messagesProvider = provider
