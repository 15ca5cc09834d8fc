import { column } from '@adonisjs/lucid/orm'
import { LigneBase, toNumber } from '#models/ligne_base'

/** A line of an avenant: the whole amended document, each line remembering its bdc line. */
export default class AvenantLigne extends LigneBase {
  static table = 'avenant_lignes'

  @column()
  declare avenantId: number

  @column({ consume: toNumber })
  declare bdcLigneId: number | null
}
