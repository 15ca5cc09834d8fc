import { column } from '@adonisjs/lucid/orm'
import { LigneBase } from '#models/ligne_base'

/** A frozen copy of an accepted devis line: never updated. */
export default class BdcLigne extends LigneBase {
  static table = 'bdc_lignes'

  @column()
  declare bdcId: number
}
