import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { toNumberStrict } from '#models/ligne_base'
import type { RelanceCanal, RelanceNiveau } from '#shared/relances'

/**
 * One relance of a facture (issue 11 §4, migration 0540): once per level, with the text as it
 * left (the letter reprints it) and whether its mail left.
 */
export default class Relance extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare factureId: number

  @column()
  declare niveau: RelanceNiveau

  @column.date()
  declare dateRelance: DateTime

  @column()
  declare canal: RelanceCanal

  @column()
  declare envoyePar: number | null

  @column()
  declare mailEnvoye: boolean | null

  @column()
  declare destinataire: string | null

  @column()
  declare joursRetard: number

  @column({ consume: toNumberStrict })
  declare reste: number

  @column({ consume: toNumberStrict })
  declare interets: number

  @column({ consume: toNumberStrict })
  declare indemnite: number

  @column({ consume: (v: unknown) => (v === null || v === undefined ? null : Number(v)) })
  declare tauxInteret: number | null

  @column()
  declare objet: string

  @column()
  declare texte: string

  @column()
  declare mentionLegale: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
