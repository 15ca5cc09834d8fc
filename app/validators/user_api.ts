import vine from '@vinejs/vine'
import { ACCES_ROLES, DROITS } from '#shared/roles'

export const droitValidator = vine.create({
  droit: vine.enum(DROITS).nullable(),
})

export const accesRoleValidator = vine.create({
  role: vine.enum(ACCES_ROLES).nullable(),
})
