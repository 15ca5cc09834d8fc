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
    .unique(
      async (db, value) => !(await db.from('users').whereRaw('lower(email) = ?', [value]).first())
    ),
  password: vine
    .string()
    .minLength(8)
    .maxLength(128)
    .confirmed({ confirmationField: 'password_confirmation' }),
})

export const forgotPasswordValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
})

export const resetPasswordValidator = vine.create({
  token: vine.string().maxLength(200),
  password: vine
    .string()
    .minLength(8)
    .maxLength(128)
    .confirmed({ confirmationField: 'password_confirmation' }),
})

export const passwordValidator = vine.create({
  password: vine.string().maxLength(512),
})

/** The login's second step and the step-up: a TOTP code or a recovery code. */
export const secondFactorValidator = vine.create({
  code: vine.string().trim().maxLength(20).optional(),
  recovery_code: vine.string().trim().maxLength(40).optional(),
})

export const twoFactorCodeValidator = vine.create({
  code: vine.string().trim().maxLength(20),
})
