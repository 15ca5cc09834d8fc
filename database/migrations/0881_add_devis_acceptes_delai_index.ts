import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The accepted devis by their delay's whole days, then envoye_le (issue 15 §1, decision 695):
 * acceptation_jour (migration 0880) says which tranche of days holds a group's median; its
 * exact values are read from here for the period only, not from the 27 500 accepted devis of a
 * year. Partial: only the accepted devis with accepte_le, so a devis save pays for it only once
 * its devis is accepted. The expression is the analyse's delay (app/services/analyse/acceptation.ts).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE INDEX IF NOT EXISTS devis_acceptes_delai_idx ON devis
      ((floor(extract(epoch FROM accepte_le - envoye_le) / 86400)), envoye_le)
      INCLUDE (accepte_le, commercial_id, apporteur_id)
      WHERE statut = 'accepte' AND accepte_le IS NOT NULL`)
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS devis_acceptes_delai_idx')
  }
}
