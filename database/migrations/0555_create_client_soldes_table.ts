/*
 * What each client owes, kept current by the database (decision 263): the créances page sorted
 * and paged over 200 000 factures read one row per client instead of aggregating every open
 * facture and payment on each visit (1 s alone, timeouts under 10 users). `du` is what the
 * client's open factures still ask (RESTE_SQL), `credit` what his payments left unallocated
 * (PAIEMENT_LIBRE_SQL), `premiere_echeance` the oldest due date among the open ones. Nothing
 * here depends on the day: the aging buckets are computed for the rows shown.
 *
 * Triggers on factures, paiements and paiement_allocations recompute the client a row touches under the lock of its client_soldes row; the recomputation is a new
 * statement, so it sees what concurrent transactions committed before the lock was granted: two
 * payments of one client at once leave the sum of both.
 */
import { BaseSchema } from '@adonisjs/lucid/schema'

const TABLES = ['factures', 'paiements', 'paiement_allocations']

const OPEN = `f.numero IS NOT NULL AND f.statut IN ('emise', 'partiellement_payee')
  AND f.total_ttc - f.montant_paye - f.montant_credite > 0`

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE TABLE IF NOT EXISTS client_soldes (
      client_id bigint PRIMARY KEY REFERENCES clients (id_client) ON DELETE CASCADE,
      du bigint NOT NULL DEFAULT 0,
      credit bigint NOT NULL DEFAULT 0,
      nb_factures integer NOT NULL DEFAULT 0,
      premiere_echeance date,
      solde bigint GENERATED ALWAYS AS (du - GREATEST(credit, 0)) STORED
    )`)
    // The page's default order (what is due, largest first) and its « retard » sort
    this.schema.raw(`CREATE INDEX IF NOT EXISTS client_soldes_solde_idx
      ON client_soldes (solde, client_id) WHERE nb_factures > 0 OR credit > 0`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS client_soldes_echeance_idx
      ON client_soldes (premiere_echeance, client_id) WHERE nb_factures > 0 OR credit > 0`)
    // A client's open factures by due date: the buckets of the rows shown, the « tranche » filter
    this.schema.raw(`CREATE INDEX IF NOT EXISTS factures_client_ouvertes_idx
      ON factures (client_id, echeance) INCLUDE (total_ttc, montant_paye, montant_credite)
      WHERE numero IS NOT NULL AND statut IN ('emise', 'partiellement_payee')`)

    this.schema.raw(`CREATE OR REPLACE FUNCTION client_solde_refresh(cid bigint) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      IF cid IS NULL THEN RETURN; END IF;
      INSERT INTO client_soldes (client_id) VALUES (cid) ON CONFLICT DO NOTHING;
      PERFORM 1 FROM client_soldes WHERE client_id = cid FOR UPDATE;
      UPDATE client_soldes s SET
        (du, nb_factures, premiere_echeance) = (
          SELECT COALESCE(sum(f.total_ttc - f.montant_paye - f.montant_credite), 0), count(*),
            min(f.echeance)
          FROM factures f WHERE f.client_id = cid AND ${OPEN}),
        credit = (
          SELECT COALESCE(sum(p.montant - COALESCE(
            (SELECT sum(pa.montant) FROM paiement_allocations pa WHERE pa.paiement_id = p.id), 0)), 0)
          FROM paiements p WHERE p.client_id = cid)
      WHERE s.client_id = cid;
    END $$`)

    this.schema.raw(`CREATE OR REPLACE FUNCTION client_soldes_refresh_many(ids bigint[])
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE cid bigint;
    BEGIN
      FOR cid IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL ORDER BY x LOOP
        PERFORM client_solde_refresh(cid);
      END LOOP;
    END $$`)

    // Every service that changes a client's money locks the client's row first (lockClient),
    // so the client_soldes row taken here never makes two transactions wait on each other
    this.schema.raw(`CREATE OR REPLACE FUNCTION client_soldes_touch() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'paiement_allocations' THEN
        PERFORM client_solde_refresh(p.client_id) FROM paiements p
          WHERE p.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.paiement_id ELSE NEW.paiement_id END;
      ELSE
        IF TG_OP <> 'INSERT' THEN PERFORM client_solde_refresh(OLD.client_id); END IF;
        IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.client_id IS DISTINCT FROM OLD.client_id)
        THEN
          PERFORM client_solde_refresh(NEW.client_id);
        END IF;
      END IF;
      RETURN NULL;
    END $$`)
    for (const table of TABLES) {
      this.schema.raw(`DROP TRIGGER IF EXISTS client_soldes_touch ON ${table}`)
      this.schema.raw(`CREATE TRIGGER client_soldes_touch
        AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION client_soldes_touch()`)
    }

    // What exists already
    this.schema.raw(`SELECT client_soldes_refresh_many(ARRAY(
      SELECT client_id FROM factures UNION SELECT client_id FROM paiements))`)
  }

  async down() {
    for (const table of TABLES) {
      this.schema.raw(`DROP TRIGGER IF EXISTS client_soldes_touch ON ${table}`)
    }
    this.schema.raw('DROP FUNCTION IF EXISTS client_soldes_touch()')
    this.schema.raw('DROP FUNCTION IF EXISTS client_soldes_refresh_many(bigint[])')
    this.schema.raw('DROP FUNCTION IF EXISTS client_solde_refresh(bigint)')
    this.schema.raw('DROP INDEX IF EXISTS factures_client_ouvertes_idx')
    this.schema.raw('DROP TABLE IF EXISTS client_soldes')
  }
}
