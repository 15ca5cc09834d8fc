import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * What waits to be planned kept while nothing it shows has changed (issue 15 §1, decisions
 * 726–730): the list of a planning type has its number in planning_versions (migration 0883), the
 * row (type, 'infinity') beside the weeks' rows, bumped IN THE TRANSACTION of every change of
 * what app/services/planning/attente.ts reads, by the weeks' own machinery: the row triggers below
 * only NOTE « tec:infinity » / « com:infinity » (planning_versions_note), a DEFERRED constraint
 * trigger bumps the noted numbers, sorted, at COMMIT (planning_versions_flush), a TRUNCATE bumps
 * ('*', -infinity) that every read includes (planning_versions_truncate).
 *
 * What the list shows, and so what notes it:
 * - commande_etapes: a mesurage, pose or fourniture step inserted, deleted, or whose step,
 *   statut, commande or updated_at (the day it waits since, its order) changed — tec;
 * - commandes: statut, numero, client_nom, client — tec; the number also com (a request shows
 *   its commande's number);
 * - clients: names, site address, site coordinates — only a client with a running commande (tec)
 *   or an open request (its type): an edit of any other client keeps the lists;
 * - planifications: an active visit of a step (commande_id, etape, not annulée) created, deleted,
 *   or moved to or from another step or annulée — tec; a drag or a visit of no step keeps it;
 * - planning_demandes: an open request inserted or deleted, or a request open before or after
 *   whose shown columns changed — its old and new types.
 */
/** Each table's conditions (per operation) and the function that notes. */
const TABLES: {
  table: string
  fn: string
  insert?: string
  update: string
  delete?: string
}[] = [
  {
    table: 'commande_etapes',
    fn: 'attente_versions_tec',
    insert: `NEW.etape IN ('mesurage', 'pose', 'fourniture')`,
    update: `(OLD.etape IN ('mesurage', 'pose', 'fourniture') OR NEW.etape IN ('mesurage', 'pose', 'fourniture'))
      AND (OLD.etape, OLD.statut, OLD.commande_id, OLD.updated_at)
        IS DISTINCT FROM (NEW.etape, NEW.statut, NEW.commande_id, NEW.updated_at)`,
    delete: `OLD.etape IN ('mesurage', 'pose', 'fourniture')`,
  },
  {
    table: 'commandes',
    fn: 'attente_versions_commande',
    update: `(OLD.statut, OLD.numero, OLD.client_nom, OLD.client_id)
      IS DISTINCT FROM (NEW.statut, NEW.numero, NEW.client_nom, NEW.client_id)`,
  },
  {
    table: 'clients',
    fn: 'attente_versions_client',
    update: `(OLD.nom, OLD.prenom, OLD.societe, OLD.chantier_rue, OLD.chantier_code_postal,
        OLD.chantier_localite, OLD.chantier_lat, OLD.chantier_lng)
      IS DISTINCT FROM (NEW.nom, NEW.prenom, NEW.societe, NEW.chantier_rue, NEW.chantier_code_postal,
        NEW.chantier_localite, NEW.chantier_lat, NEW.chantier_lng)`,
  },
  {
    table: 'planifications',
    fn: 'attente_versions_tec',
    insert: `NEW.commande_id IS NOT NULL AND NEW.etape IS NOT NULL AND NEW.statut <> 'annulee'`,
    update: `((OLD.commande_id IS NOT NULL AND OLD.etape IS NOT NULL AND OLD.statut <> 'annulee')
        OR (NEW.commande_id IS NOT NULL AND NEW.etape IS NOT NULL AND NEW.statut <> 'annulee'))
      AND (OLD.commande_id, OLD.etape, OLD.statut <> 'annulee')
        IS DISTINCT FROM (NEW.commande_id, NEW.etape, NEW.statut <> 'annulee')`,
    delete: `OLD.commande_id IS NOT NULL AND OLD.etape IS NOT NULL AND OLD.statut <> 'annulee'`,
  },
  {
    table: 'planning_demandes',
    fn: 'attente_versions_demande',
    insert: `NEW.statut = 'ouverte'`,
    update: `(OLD.statut = 'ouverte' OR NEW.statut = 'ouverte')
      AND (OLD.id, OLD.type, OLD.nature, OLD.statut, OLD.client_id, OLD.commande_id, OLD.titre,
        OLD.adresse, OLD.latitude, OLD.longitude, OLD.duree_minutes, OLD.created_at)
        IS DISTINCT FROM (NEW.id, NEW.type, NEW.nature, NEW.statut, NEW.client_id, NEW.commande_id,
        NEW.titre, NEW.adresse, NEW.latitude, NEW.longitude, NEW.duree_minutes, NEW.created_at)`,
    delete: `OLD.statut = 'ouverte'`,
  },
]

const OPS = ['insert', 'update', 'delete'] as const

export default class extends BaseSchema {
  async up() {
    // A client's open requests, found without reading every open request
    this.schema.raw(`CREATE INDEX IF NOT EXISTS planning_demandes_ouvertes_client_idx
      ON planning_demandes (client_id) WHERE statut = 'ouverte'`)

    this.schema.raw(`CREATE OR REPLACE FUNCTION attente_versions_tec() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM planning_versions_note(ARRAY['tec:infinity']);
        RETURN NULL;
      END $$`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION attente_versions_commande() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.numero IS DISTINCT FROM NEW.numero THEN
          PERFORM planning_versions_note(ARRAY['com:infinity', 'tec:infinity']);
        ELSE
          PERFORM planning_versions_note(ARRAY['tec:infinity']);
        END IF;
        RETURN NULL;
      END $$`)
    // A client shown by the lists: with a running commande (its steps), or an open request
    this.schema.raw(`CREATE OR REPLACE FUNCTION attente_versions_client() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM planning_versions_note(ARRAY(
          SELECT 'tec:infinity' WHERE EXISTS (SELECT 1 FROM commandes k
            WHERE k.client_id = NEW.id_client AND k.statut IN ('en_attente', 'en_cours'))
          UNION SELECT DISTINCT d.type || ':infinity' FROM planning_demandes d
            WHERE d.client_id = NEW.id_client AND d.statut = 'ouverte'));
        RETURN NULL;
      END $$`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION attente_versions_demande() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM planning_versions_note(ARRAY[NEW.type || ':infinity']);
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM planning_versions_note(ARRAY[OLD.type || ':infinity']);
        ELSE
          PERFORM planning_versions_note(ARRAY[OLD.type || ':infinity', NEW.type || ':infinity']);
        END IF;
        RETURN NULL;
      END $$`)

    for (const t of TABLES) {
      for (const op of OPS) {
        const when = t[op]
        if (!when) continue
        this.schema.raw(`DROP TRIGGER IF EXISTS attente_versions_${op} ON ${t.table}`)
        this.schema.raw(`CREATE TRIGGER attente_versions_${op} AFTER ${op.toUpperCase()}
          ON ${t.table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION ${t.fn}()`)
        this.schema.raw(`DROP TRIGGER IF EXISTS attente_versions_flush_${op} ON ${t.table}`)
        this.schema.raw(`CREATE CONSTRAINT TRIGGER attente_versions_flush_${op}
          AFTER ${op.toUpperCase()} ON ${t.table} DEFERRABLE INITIALLY DEFERRED
          FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION planning_versions_flush()`)
      }
      // planifications has its TRUNCATE trigger already (migration 0883)
      if (t.table !== 'planifications') {
        this.schema.raw(`DROP TRIGGER IF EXISTS attente_versions_truncate ON ${t.table}`)
        this.schema.raw(`CREATE TRIGGER attente_versions_truncate AFTER TRUNCATE ON ${t.table}
          FOR EACH STATEMENT EXECUTE FUNCTION planning_versions_truncate()`)
      }
    }
  }

  async down() {
    for (const t of TABLES) {
      for (const op of OPS) {
        this.schema.raw(`DROP TRIGGER IF EXISTS attente_versions_${op} ON ${t.table}`)
        this.schema.raw(`DROP TRIGGER IF EXISTS attente_versions_flush_${op} ON ${t.table}`)
      }
      this.schema.raw(`DROP TRIGGER IF EXISTS attente_versions_truncate ON ${t.table}`)
    }
    for (const fn of ['tec', 'commande', 'client', 'demande']) {
      this.schema.raw(`DROP FUNCTION IF EXISTS attente_versions_${fn}()`)
    }
    this.schema.raw('DROP INDEX IF EXISTS planning_demandes_ouvertes_client_idx')
    this.schema.raw(`DELETE FROM planning_versions WHERE semaine = 'infinity'`)
  }
}
