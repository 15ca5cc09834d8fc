import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import PaiementAllocation from '#models/paiement_allocation'
import { toNumberStrict } from '#models/ligne_base'
import type { PaiementMode } from '#shared/paiements'

/** Money received (montant > 0) or refunded (< 0) from a client (issue 11 §3). */
export default class Paiement extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column({ consume: toNumberStrict })
  declare clientId: number

  @column.date()
  declare datePaiement: DateTime

  @column({ consume: toNumberStrict })
  declare montant: number

  @column()
  declare mode: PaiementMode

  @column()
  declare reference: string | null

  @column()
  declare compte: string | null

  @column()
  declare idempotencyKey: string

  @column()
  declare demandePaiementId: number | null

  @column()
  declare createdBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => PaiementAllocation)
  declare allocations: HasMany<typeof PaiementAllocation>
}
