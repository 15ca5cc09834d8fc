import { column } from '@adonisjs/lucid/orm'
import { LigneBase, toNumber } from '#models/ligne_base'

/** A note de crédit's line; `factureLigneId` is the facture line it credits (null: an amount). */
export default class NoteCreditLigne extends LigneBase {
  static table = 'note_credit_lignes'

  @column()
  declare noteCreditId: number

  @column({ consume: toNumber })
  declare factureLigneId: number | null
}
