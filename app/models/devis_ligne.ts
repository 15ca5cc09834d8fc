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

  toData(): LigneData {
    return { ...super.toData(), optionnel: this.optionnel, retenue: this.retenue }
  }

  toForm(): LigneForm & { total_ht: number | null } {
    return { ...super.toForm(), optionnel: this.optionnel, retenue: this.retenue }
  }
}
