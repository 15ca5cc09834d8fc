import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The créances' totals kept between visits (issue 15 §1, decision 824), as the analyses are
 * (migration 0926): the totals of the unfiltered page and of « en retard » read only the sums
 * the database keeps per due date (creance_echeances) and per oldest due date
 * (client_soldes_jour); their number `creances_totaux` moves with every committed write to
 * either (the triggers of the factures, paiements and allocations write them).
 */
export const CREANCES_TOTAUX_ECRIT = ['creance_echeances', 'client_soldes_jour']

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`INSERT INTO analyse_ecritures VALUES ('creances_totaux', 1)`)
    for (const table of CREANCES_TOTAUX_ECRIT) {
      this.schema.raw(`CREATE TRIGGER ${table}_ecriture_creances_totaux
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION analyse_ecriture('creances_totaux')`)
    }
  }

  async down() {
    for (const table of CREANCES_TOTAUX_ECRIT) {
      this.schema.raw(`DROP TRIGGER IF EXISTS ${table}_ecriture_creances_totaux ON ${table}`)
    }
    this.schema.raw(`DELETE FROM analyse_ecritures WHERE nom = 'creances_totaux'`)
  }
}
