import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import MesureLigne from '#models/mesure_ligne'

/** The measurement sheet of a commande (issue 12 §2), one per commande. */
export default class Mesure extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare commandeId: number

  @column()
  declare statut: 'brouillon' | 'validee'

  @column()
  declare toleranceMm: number | null

  @column.dateTime()
  declare valideeLe: DateTime | null

  @column()
  declare valideePar: number | null

  @column()
  declare remarques: string | null

  @column()
  declare lockVersion: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => MesureLigne)
  declare lignes: HasMany<typeof MesureLigne>
}
