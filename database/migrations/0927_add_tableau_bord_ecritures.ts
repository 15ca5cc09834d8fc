import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The staff dashboard kept between visits (issue 15 §1, decision 822), as the analyses are
 * (migration 0926): its number `tableau_bord` in analyse_ecritures moves with every committed
 * write to a table its two statements read (staffFigures and comptaFigures: the per-day sums
 * of the signed bdcs, of the devis and of the issued factures, the devis themselves for the
 * day's share of those to follow up, the acomptes awaited, the commandes and their steps for
 * the late ones, the visits, the open factures' due amounts and the clients' credit).
 */
export const TABLEAU_BORD_ECRIT = [
  'bdcs_signes_jour',
  'devis_stats_jour',
  'devis',
  'commandes_acomptes',
  'commandes',
  'commande_etapes',
  'planifications',
  'factures_emises_jour',
  'creance_echeances',
  'client_soldes_jour',
]

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`INSERT INTO analyse_ecritures VALUES ('tableau_bord', 1)`)
    for (const table of TABLEAU_BORD_ECRIT) {
      this.schema.raw(`CREATE TRIGGER ${table}_ecriture_tableau_bord
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION analyse_ecriture('tableau_bord')`)
    }
  }

  async down() {
    for (const table of TABLEAU_BORD_ECRIT) {
      this.schema.raw(`DROP TRIGGER IF EXISTS ${table}_ecriture_tableau_bord ON ${table}`)
    }
    this.schema.raw(`DELETE FROM analyse_ecritures WHERE nom = 'tableau_bord'`)
  }
}
