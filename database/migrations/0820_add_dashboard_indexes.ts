import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 14 §2 (decision 505): the dashboards' figures read only the rows they count.
 * - bdcs signed in a period (this month, this year and last year's same periods): the signed
 *   bdcs by signature instant, with their totals (an index-only sum once vacuumed);
 * - devis to follow up: the sent devis by sending instant (statut envoyé only), with the total;
 * - acomptes awaited: the acompte factures not paid yet, with what the sum reads;
 * - the money figures of issue 11: issued factures by date, open ones by due date, credits;
 * - per pro société: the offres by transmission instant (DashboardPro's period) and by société
 *   with their last change (last activity).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE INDEX IF NOT EXISTS bdcs_signes_idx
      ON bdcs (signe_le) INCLUDE (total_ttc, total_ht) WHERE statut = 'signe'`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS devis_envoyes_idx
      ON devis (envoye_le) INCLUDE (total_ttc) WHERE statut = 'envoye'`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS factures_acomptes_ouverts_idx
      ON factures (id) INCLUDE (numero, total_ttc, montant_paye, montant_credite)
      WHERE type = 'acompte' AND statut IN ('emise', 'partiellement_payee')`)
    // DashboardPro: the signed bdc of a devis with its HT (the partners' turnover)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS bdcs_signes_devis_idx
      ON bdcs (devis_id) INCLUDE (total_ht) WHERE statut = 'signe'`)
    // The money figures of issue 11 (comptaFigures): the issued factures by date with their HT,
    // the open ones by due date with what their rest reads, the clients holding a credit
    this.schema.raw(`CREATE INDEX IF NOT EXISTS factures_emises_date_idx
      ON factures (date_facture) INCLUDE (total_ht) WHERE numero IS NOT NULL`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS factures_ouvertes_echeance_idx
      ON factures (echeance) INCLUDE (total_ttc, montant_paye, montant_credite)
      WHERE numero IS NOT NULL AND statut IN ('emise', 'partiellement_payee')`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS client_soldes_credit_idx
      ON client_soldes (client_id) INCLUDE (credit) WHERE credit > 0`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS offres_transmises_idx
      ON offres (transmise_le) WHERE transmise_le IS NOT NULL`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS offres_societe_activite_idx
      ON offres (societe_id, updated_at)`)
  }

  async down() {
    for (const name of [
      'bdcs_signes_idx',
      'bdcs_signes_devis_idx',
      'devis_envoyes_idx',
      'factures_acomptes_ouverts_idx',
      'factures_emises_date_idx',
      'factures_ouvertes_echeance_idx',
      'client_soldes_credit_idx',
      'offres_transmises_idx',
      'offres_societe_activite_idx',
    ]) {
      this.schema.raw(`DROP INDEX IF EXISTS ${name}`)
    }
  }
}
