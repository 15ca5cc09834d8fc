import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A sent version of a devis, frozen when it was edited again (read-only). */
export default class DevisRevision extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare devisId: number

  @column()
  declare revision: number

  @column({ prepare: (value: unknown) => JSON.stringify(value) })
  declare snapshot: Record<string, unknown>

  @column()
  declare createdBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
