import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The accepted devis by commercial, then by apporteur, then their delay's whole days and
 * envoye_le (issue 15 §1, decision 699): a commercial's or an apporteur's median reads only its
 * own entries of the tranche that holds it, not the tranche's entries of every group
 * (devis_acceptes_delai_idx, migration 0881, is left to the total). coalesce(…, 0) keys the
 * devis without one (no id is 0) so « Sans commercial » is an equality too; the column itself
 * is included so the read is index-only. Partial as 0881, with the analyse's delay expression
 * (app/services/analyse/acceptation.ts).
 */
const DELAI = '(floor(extract(epoch FROM accepte_le - envoye_le) / 86400))'
const ACCEPTES = "statut = 'accepte' AND accepte_le IS NOT NULL"

export default class extends BaseSchema {
  async up() {
    for (const axe of ['commercial', 'apporteur']) {
      this.schema.raw(`CREATE INDEX IF NOT EXISTS devis_acceptes_${axe}_delai_idx ON devis
        ((coalesce(${axe}_id, 0)), ${DELAI}, envoye_le) INCLUDE (accepte_le, ${axe}_id)
        WHERE ${ACCEPTES}`)
    }
  }

  async down() {
    for (const axe of ['commercial', 'apporteur']) {
      this.schema.raw(`DROP INDEX IF EXISTS devis_acceptes_${axe}_delai_idx`)
    }
  }
}
