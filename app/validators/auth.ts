import vine from '@vinejs/vine'

export const loginValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
  password: vine.string().maxLength(512),
  remember: vine.boolean().optional(),
})

// ASVS 6.2: length is what matters (8 to 128), no composition rules
export const registerValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(120),
  email: vine
    .string()
    .trim()
    .email()
    .maxLength(254)
    .toLowerCase()
    .unique(async (db, value) => !(await db.from('users').whereRaw('lower(email) = ?', [value]).first())),
  password: vine.string().minLength(8).maxLength(128).confirmed({ confirmationField: 'password_confirmation' }),
})
