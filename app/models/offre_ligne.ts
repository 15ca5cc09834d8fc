import { column } from '@adonisjs/lucid/orm'
import { LigneBase } from '#models/ligne_base'

export default class OffreLigne extends LigneBase {
  static table = 'offre_lignes'

  @column()
  declare offreId: number
}
