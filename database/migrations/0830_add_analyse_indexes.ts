import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 14 §3 (decision 516): the analyses read one period of documents by their date. Without
 * these, each visit scanned the whole table (factures: 59 ms for 50 000 rows, devis: 97 ms):
 * - the issued factures and notes de crédit by date (the sales journal's rows), the HT included
 *   so the monthly sums are read from the index;
 * - the devis by envoye_le (acceptance: the devis sent in the period);
 * - the signed bons de commande by signe_le (turnover « signé », rentabilité).
 */
const INDEXES: [string, string][] = [
  [
    'factures_emises_date_analyse_idx',
    'factures (date_facture) INCLUDE (total_ht, remise_globale_pct) WHERE numero IS NOT NULL',
  ],
  [
    'notes_credit_emises_date_analyse_idx',
    'notes_credit (date_nc) INCLUDE (total_ht, remise_globale_pct) WHERE numero IS NOT NULL',
  ],
  ['devis_envoye_le_analyse_idx', 'devis (envoye_le) WHERE envoye_le IS NOT NULL'],
  ['bdcs_signe_le_analyse_idx', "bdcs (signe_le) WHERE statut = 'signe'"],
]

export default class extends BaseSchema {
  async up() {
    for (const [name, on] of INDEXES) this.schema.raw(`CREATE INDEX IF NOT EXISTS ${name} ON ${on}`)
  }

  async down() {
    for (const [name] of INDEXES) this.schema.raw(`DROP INDEX IF EXISTS ${name}`)
  }
}
