import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { toNumberStrict } from '#models/ligne_base'

/** Part of a payment set against one facture of its client (issue 11 §3). */
export default class PaiementAllocation extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare paiementId: number

  @column()
  declare factureId: number

  @column({ consume: toNumberStrict })
  declare montant: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
