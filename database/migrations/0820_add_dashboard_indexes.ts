import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 14 §2 (decision 505): the dashboards' figures read only the rows they count.
 * - bdcs signed in a period (this month, this year and last year's same periods): the signed
 *   bdcs by signature instant, with their TTC total (an index-only sum);
 * - devis to follow up: the sent devis by sending instant (statut envoyé only);
 * - acomptes awaited: the acompte factures not paid yet (a few among 200 000 factures);
 * - per pro société: the offres by transmission instant (DashboardPro's period) and by société
 *   with their last change (last activity).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE INDEX IF NOT EXISTS bdcs_signes_idx
      ON bdcs (signe_le) INCLUDE (total_ttc, total_ht) WHERE statut = 'signe'`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS devis_envoyes_idx
      ON devis (envoye_le) WHERE statut = 'envoye'`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS factures_acomptes_ouverts_idx
      ON factures (id) WHERE type = 'acompte' AND statut IN ('emise', 'partiellement_payee')`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS offres_transmises_idx
      ON offres (transmise_le) WHERE transmise_le IS NOT NULL`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS offres_societe_activite_idx
      ON offres (societe_id, updated_at)`)
  }

  async down() {
    for (const name of [
      'bdcs_signes_idx',
      'devis_envoyes_idx',
      'factures_acomptes_ouverts_idx',
      'offres_transmises_idx',
      'offres_societe_activite_idx',
    ]) {
      this.schema.raw(`DROP INDEX IF EXISTS ${name}`)
    }
  }
}
