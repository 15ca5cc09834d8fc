import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 13 (bench): what waits to be planned (app/services/planning/attente.ts) reads the
 * mesurage and pose steps not yet done, oldest first, at most 2 000: a partial index in that
 * order lets PostgreSQL walk them and stop, instead of joining every running commande first.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE INDEX IF NOT EXISTS commande_etapes_attente_planning_idx
      ON commande_etapes (updated_at, id)
      WHERE etape IN ('mesurage', 'pose') AND statut IN ('a_faire', 'planifiee')`)
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS commande_etapes_attente_planning_idx')
  }
}
