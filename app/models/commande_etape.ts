import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { Etape, EtapeStatut } from '#shared/commande_etapes'

/** One step of a commande's timeline (issue 12 §1); created by the commandes insert trigger. */
export default class CommandeEtape extends BaseModel {
  static table = 'commande_etapes'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare commandeId: number

  @column()
  declare etape: Etape

  @column()
  declare position: number

  @column()
  declare statut: EtapeStatut

  @column()
  declare responsableId: number | null

  @column.dateTime()
  declare prevueDebut: DateTime | null

  @column.dateTime()
  declare prevueFin: DateTime | null

  @column.dateTime()
  declare debutReel: DateTime | null

  @column.dateTime()
  declare finReelle: DateTime | null

  @column()
  declare notes: string | null

  @column()
  declare motifBlocage: string | null

  @column()
  declare lockVersion: number

  /** The day this step's lateness was told (once per planned end, decision 306). */
  @column.date()
  declare retardNotifieLe: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
