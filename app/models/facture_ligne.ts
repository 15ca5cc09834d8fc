import { column } from '@adonisjs/lucid/orm'
import { LigneBase } from '#models/ligne_base'

/** A facture's line: replaced as a whole while a draft, frozen by the database once issued. */
export default class FactureLigne extends LigneBase {
  static table = 'facture_lignes'

  @column()
  declare factureId: number
}
