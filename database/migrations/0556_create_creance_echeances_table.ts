/*
 * What the open factures ask per due date, for the créances page's totals row (decision 263):
 * the aging buckets of every client at once were one pass over all open factures per visit
 * (110 ms at 200 000 factures). A trigger on factures appends what each change adds to or takes
 * from its due date — insert only, so concurrent payments never wait on each other nor
 * deadlock — and `creance_echeances_compact()` (the morning job, db:volume) folds the rows into
 * one per date in a single statement (a concurrent compaction skips the rows the other
 * deleted, nothing is counted twice). The totals sum a few thousand rows whatever the volume.
 *
 * Also the index behind the créances page's sort by client name (the expression it sorts on).
 */
import { BaseSchema } from '@adonisjs/lucid/schema'

const OPEN = (r: string) => `${r}.numero IS NOT NULL
  AND ${r}.statut IN ('emise', 'partiellement_payee')
  AND ${r}.total_ttc - ${r}.montant_paye - ${r}.montant_credite > 0`

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE TABLE IF NOT EXISTS creance_echeances (
      echeance date NOT NULL,
      du bigint NOT NULL,
      nb integer NOT NULL
    )`)

    this.schema.raw(`CREATE OR REPLACE FUNCTION creance_echeances_touch() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' AND ${OPEN('OLD')} THEN
        INSERT INTO creance_echeances VALUES
          (OLD.echeance, -(OLD.total_ttc - OLD.montant_paye - OLD.montant_credite), -1);
      END IF;
      IF TG_OP <> 'DELETE' AND ${OPEN('NEW')} THEN
        INSERT INTO creance_echeances VALUES
          (NEW.echeance, NEW.total_ttc - NEW.montant_paye - NEW.montant_credite, 1);
      END IF;
      RETURN NULL;
    END $$`)
    this.schema.raw('DROP TRIGGER IF EXISTS creance_echeances_touch ON factures')
    // Only a change of what is open or owed moves a due date's figure
    this.schema.raw(`CREATE TRIGGER creance_echeances_touch
      AFTER INSERT OR DELETE OR UPDATE OF numero, statut, total_ttc, montant_paye,
        montant_credite, echeance ON factures
      FOR EACH ROW EXECUTE FUNCTION creance_echeances_touch()`)

    this.schema.raw(`CREATE OR REPLACE FUNCTION creance_echeances_compact() RETURNS void
    LANGUAGE sql AS $$
      WITH gone AS (DELETE FROM creance_echeances RETURNING *)
      INSERT INTO creance_echeances
        SELECT echeance, sum(du), sum(nb) FROM gone GROUP BY echeance HAVING sum(nb) <> 0
    $$`)

    // What exists already
    this.schema.raw('TRUNCATE creance_echeances')
    this.schema.raw(`INSERT INTO creance_echeances
      SELECT f.echeance, sum(f.total_ttc - f.montant_paye - f.montant_credite), count(*)
      FROM factures f WHERE ${OPEN('f')} GROUP BY f.echeance`)

    this.schema.raw(`CREATE INDEX IF NOT EXISTS clients_creance_tri_idx ON clients
      ((f_unaccent(lower(coalesce(nullif(societe, ''), nom) || ' ' || coalesce(prenom, '')))),
      id_client)`)
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS clients_creance_tri_idx')
    this.schema.raw('DROP TRIGGER IF EXISTS creance_echeances_touch ON factures')
    this.schema.raw('DROP FUNCTION IF EXISTS creance_echeances_touch()')
    this.schema.raw('DROP FUNCTION IF EXISTS creance_echeances_compact()')
    this.schema.raw('DROP TABLE IF EXISTS creance_echeances')
  }
}
