import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { toNumberStrict } from '#models/ligne_base'

export type MesureReference = {
  largeur_mm?: number | null
  hauteur_mm?: number | null
  couleur?: string | null
  vitrage?: string | null
  sens_ouverture?: string | null
  quantite?: number | null
}

export type MesureEcart = { champ: string; devis: string; mesure: string; message: string }

/** One measured item (issue 12 §2); client_uuid makes an offline re-send idempotent. */
export default class MesureLigne extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare mesureId: number

  @column()
  declare bdcLigneId: number | null

  @column()
  declare clientUuid: string

  @column()
  declare position: number

  @column()
  declare repere: string

  @column()
  declare designation: string

  @column()
  declare largeurMm: number | null

  @column()
  declare hauteurMm: number | null

  @column()
  declare sensOuverture: string | null

  @column()
  declare couleur: string | null

  @column()
  declare vitrage: string | null

  @column({ consume: toNumberStrict })
  declare quantite: number

  @column()
  declare remarques: string | null

  @column()
  declare reference: MesureReference

  @column()
  declare ecarts: MesureEcart[]

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
