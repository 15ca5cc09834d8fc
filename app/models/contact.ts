import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Societe from '#models/societe'

/** A contact of a pro société (DESIGN.md §2): only that société's members and staff see it. */
export default class Contact extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare societeId: number

  @column()
  declare nom: string

  @column()
  declare prenom: string | null

  @column()
  declare email: string | null

  @column()
  declare telephone: string | null

  @column()
  declare adresse: string | null

  @column()
  declare codePostal: string | null

  @column()
  declare localite: string | null

  @column()
  declare notes: string | null

  /** Optimistic lock (issue 10): raised by each save, checked against the form's copy. */
  @column()
  declare lockVersion: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Societe)
  declare societe: BelongsTo<typeof Societe>

  get fullName(): string {
    return [this.prenom, this.nom].filter(Boolean).join(' ')
  }
}
