import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, beforeSave, column, manyToMany } from '@adonisjs/lucid/orm'
import type { ManyToMany } from '@adonisjs/lucid/types/relations'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import { DbRememberMeTokensProvider } from '@adonisjs/auth/session'
import Societe from '#models/societe'
import { effectiveRole, type Role } from '#shared/roles'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export default class User extends compose(BaseModel, AuthFinder) {
  // Remember-me tokens (hashed, rotated at each use) for the session guard
  static rememberMeTokens = DbRememberMeTokensProvider.forModel(User)

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

  // jsonb: the pg driver would send a JS array as a PostgreSQL array literal
  @column({
    serializeAs: null,
    prepare: (value: string[] | null) => (value === null ? null : JSON.stringify(value)),
  })
  declare twoFactorRecoveryCodes: string[] | null

  @column.dateTime()
  declare twoFactorConfirmedAt: DateTime | null

  // pg returns bigint as a string
  @column({ serializeAs: null, consume: (value) => (value === null ? null : Number(value)) })
  declare twoFactorLastStep: number | null

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

  /** Two-factor authentication is on once a first code confirmed the secret. */
  get hasTwoFactor(): boolean {
    return Boolean(this.twoFactorConfirmedAt && this.twoFactorSecret)
  }

  get initials(): string {
    const parts = this.name.trim().split(/\s+/)
    return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?'
  }
}
