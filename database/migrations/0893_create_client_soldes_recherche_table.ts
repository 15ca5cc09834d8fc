import { BaseSchema } from '@adonisjs/lucid/schema'
import { OUVERTES, touchFunctionSql } from '#database/helpers/client_soldes_recherche'

/*
 * What a créances search reads, one row per client (issue 15 §1, decision 731): the client's
 * figures of client_soldes (decision 263), the columns the list shows, the client's search text
 * with its own trigram index, and its open factures' due dates and what each still asks (two
 * arrays, in the same order), from which the aging buckets of any day are summed. A search reads
 * the matching rows of this table alone, instead of each matching client's page, its
 * client_soldes row by key and its open factures by the partial index (about 8 buffers per
 * client: 13 826 for « dupont », 1 666 clients).
 *
 * Kept IN THE SAME TRANSACTION: a row trigger on client_soldes (whose own triggers on factures,
 * paiements and paiement_allocations recompute a client under the lock of its row) copies the
 * figures and reads the client's open factures again; a row trigger on clients copies the
 * shown columns and the search text when one of them changes. Only the search text is indexed
 * and a figure's update leaves it as it is, so with the room fillfactor keeps on each page the
 * update is HOT: no index entry is written (decision 706's objection to a trigram index on
 * client_soldes, whose solde is indexed). An update that changes nothing writes nothing.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE TABLE IF NOT EXISTS client_soldes_recherche (
      client_id bigint PRIMARY KEY REFERENCES clients (id_client) ON DELETE CASCADE,
      type text NOT NULL,
      civilite text,
      nom varchar(120) NOT NULL,
      prenom varchar(120),
      societe varchar(160),
      numero_tva varchar(14),
      recherche text,
      tri_nom text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(nullif(societe, ''), nom)
        || ' ' || coalesce(prenom, '')))) STORED,
      du bigint NOT NULL DEFAULT 0,
      credit bigint NOT NULL DEFAULT 0,
      nb_factures integer NOT NULL DEFAULT 0,
      premiere_echeance date,
      solde bigint GENERATED ALWAYS AS (du - GREATEST(credit, 0)) STORED,
      echeances date[] NOT NULL DEFAULT '{}',
      restes bigint[] NOT NULL DEFAULT '{}'
    ) WITH (fillfactor = 70)`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS client_soldes_recherche_trgm
      ON client_soldes_recherche USING gin (recherche gin_trgm_ops)`)
    this.schema.raw(`ALTER TABLE client_soldes_recherche ALTER COLUMN recherche
      SET STATISTICS 300`)

    // A client_soldes row written: its figures and the client's open factures, then (new row,
    // or a row missing) the client's shown columns
    this.schema.raw(touchFunctionSql(false))
    this.schema.raw(`DROP TRIGGER IF EXISTS client_soldes_recherche_touch ON client_soldes`)
    this.schema.raw(`CREATE TRIGGER client_soldes_recherche_touch
      AFTER INSERT OR UPDATE OR DELETE ON client_soldes
      FOR EACH ROW EXECUTE FUNCTION client_soldes_recherche_touch()`)

    this.schema.raw(`CREATE OR REPLACE FUNCTION client_soldes_recherche_truncate() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM client_soldes_recherche;
      RETURN NULL;
    END $$`)
    this.schema.raw(`DROP TRIGGER IF EXISTS client_soldes_recherche_truncate ON client_soldes`)
    this.schema.raw(`CREATE TRIGGER client_soldes_recherche_truncate
      AFTER TRUNCATE ON client_soldes
      FOR EACH STATEMENT EXECUTE FUNCTION client_soldes_recherche_truncate()`)

    // A client's shown columns or search text changed (the text is generated from its columns)
    this.schema.raw(`CREATE OR REPLACE FUNCTION client_soldes_recherche_client() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE client_soldes_recherche t SET type = NEW.type, civilite = NEW.civilite,
          nom = NEW.nom, prenom = NEW.prenom, societe = NEW.societe,
          numero_tva = NEW.numero_tva, recherche = NEW.recherche
        WHERE t.client_id = NEW.id_client;
      RETURN NULL;
    END $$`)
    this.schema.raw(`DROP TRIGGER IF EXISTS client_soldes_recherche_client ON clients`)
    this.schema.raw(`CREATE TRIGGER client_soldes_recherche_client AFTER UPDATE ON clients
      FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type
        OR OLD.civilite IS DISTINCT FROM NEW.civilite OR OLD.nom IS DISTINCT FROM NEW.nom
        OR OLD.prenom IS DISTINCT FROM NEW.prenom OR OLD.societe IS DISTINCT FROM NEW.societe
        OR OLD.numero_tva IS DISTINCT FROM NEW.numero_tva
        OR OLD.recherche IS DISTINCT FROM NEW.recherche)
      EXECUTE FUNCTION client_soldes_recherche_client()`)

    // What exists already
    this.schema.raw(`DELETE FROM client_soldes_recherche`)
    this.schema.raw(`INSERT INTO client_soldes_recherche (client_id, type, civilite, nom, prenom,
        societe, numero_tva, recherche, du, credit, nb_factures, premiere_echeance, echeances,
        restes)
      SELECT c.id_client, c.type, c.civilite, c.nom, c.prenom, c.societe, c.numero_tva,
        c.recherche, s.du, s.credit, s.nb_factures, s.premiere_echeance,
        COALESCE(f.echeances, '{}'), COALESCE(f.restes, '{}')
      FROM client_soldes s
      JOIN clients c ON c.id_client = s.client_id
      CROSS JOIN LATERAL (${OUVERTES('s.client_id')}) f`)
    this.schema.raw(`ANALYZE client_soldes_recherche`)
  }

  async down() {
    this.schema.raw(`DROP TRIGGER IF EXISTS client_soldes_recherche_client ON clients`)
    this.schema.raw(`DROP TRIGGER IF EXISTS client_soldes_recherche_truncate ON client_soldes`)
    this.schema.raw(`DROP TRIGGER IF EXISTS client_soldes_recherche_touch ON client_soldes`)
    this.schema.raw('DROP FUNCTION IF EXISTS client_soldes_recherche_client()')
    this.schema.raw('DROP FUNCTION IF EXISTS client_soldes_recherche_truncate()')
    this.schema.raw('DROP FUNCTION IF EXISTS client_soldes_recherche_touch()')
    this.schema.raw('DROP TABLE IF EXISTS client_soldes_recherche')
  }
}
