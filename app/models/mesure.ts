import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import MesureLigne, { type MesureEcart } from '#models/mesure_ligne'

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

  /** The sheet's own differences at validation (a quoted item removed), migration 0620. */
  @column({ prepare: (value: MesureEcart[]) => JSON.stringify(value ?? []) })
  declare ecarts: MesureEcart[]

  @column()
  declare lockVersion: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => MesureLigne)
  declare lignes: HasMany<typeof MesureLigne>
}
