import { DateTime } from 'luxon'
import { createHash } from 'node:crypto'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, beforeSave, column, manyToMany } from '@adonisjs/lucid/orm'
import type { ManyToMany } from '@adonisjs/lucid/types/relations'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import Societe from '#models/societe'
import { effectiveRole, type Role } from '#shared/roles'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export default class User extends compose(BaseModel, AuthFinder) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare email: string

  @column({ serializeAs: null })
  declare password: string

  @column()
  declare role: Role

  @column()
  declare droit: string | null

  @column()
  declare droitsAccordes: string[]

  @column()
  declare accesRole: string | null

  @column.dateTime()
  declare emailVerifiedAt: DateTime | null

  @column({ serializeAs: null })
  declare twoFactorSecret: string | null

  @column({ serializeAs: null })
  declare twoFactorRecoveryCodes: string[] | null

  @column.dateTime()
  declare twoFactorConfirmedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @manyToMany(() => Societe, {
    pivotTable: 'societe_user',
    pivotColumns: ['role'],
    pivotTimestamps: { createdAt: 'created_at', updatedAt: false },
  })
  declare societes: ManyToMany<typeof Societe>

  @beforeSave()
  static normalizeEmail(user: User) {
    if (user.$dirty.email) user.email = user.email.trim().toLowerCase()
  }

  get effectiveRole(): Role {
    return effectiveRole({ role: this.role, acces_role: this.accesRole })
  }

  get gravatar(): string {
    const digest = createHash('md5').update(this.email.trim().toLowerCase()).digest('hex')
    return `https://www.gravatar.com/avatar/${digest}?d=mp&s=80`
  }

  get initials(): string {
    const parts = this.name.trim().split(/\s+/)
    return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?'
  }
}
