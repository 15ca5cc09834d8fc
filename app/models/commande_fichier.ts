import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { Etape } from '#shared/commande_etapes'

/** A photo or document of a commande (issue 12), stored by app/services/storage/files.ts. */
export default class CommandeFichier extends BaseModel {
  static table = 'commande_fichiers'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare commandeId: number

  @column()
  declare etape: Etape | null

  @column()
  declare kind: 'photo' | 'document'

  @column()
  declare moment: 'avant' | 'apres' | null

  @column()
  declare mesureLigneId: number | null

  @column()
  declare nomStocke: string

  @column()
  declare vignette: string | null

  @column()
  declare mime: string

  @column()
  declare taille: number

  @column()
  declare largeur: number | null

  @column()
  declare hauteur: number | null

  @column()
  declare nomOriginal: string

  @column()
  declare legende: string | null

  @column.dateTime()
  declare priseLe: DateTime | null

  @column()
  declare latitude: number | null

  @column()
  declare longitude: number | null

  @column()
  declare publique: boolean

  @column()
  declare auteurId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
