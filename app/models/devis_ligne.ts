import { column } from '@adonisjs/lucid/orm'
import { LigneBase } from '#models/ligne_base'
import type { LigneData, LigneForm } from '#shared/devis'

export default class DevisLigne extends LigneBase {
  static table = 'devis_lignes'

  @column()
  declare devisId: number

  /** Issue 14 §1: an optional line the customer may tick or untick before accepting. */
  @column()
  declare optionnel: boolean

  /** Whether the option counts in the totals (always true on a line that is no option). */
  @column()
  declare retenue: boolean

  /** A plain line's data is that of any document line; only an option carries its switches. */
  toData(): LigneData {
    const data = super.toData()
    return this.optionnel ? { ...data, optionnel: true, retenue: this.retenue } : data
  }

  toForm(): LigneForm & { total_ht: number | null } {
    return { ...super.toForm(), optionnel: this.optionnel, retenue: this.retenue }
  }
}
