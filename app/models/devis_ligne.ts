import { column } from '@adonisjs/lucid/orm'
import { LigneBase } from '#models/ligne_base'

export default class DevisLigne extends LigneBase {
  static table = 'devis_lignes'

  @column()
  declare devisId: number
}
