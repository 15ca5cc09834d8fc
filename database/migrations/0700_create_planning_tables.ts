import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 13: the planning (shared/planning.ts).
 * - planning_ressources: who appears in the resource view of each planning (commerciaux for com,
 *   technicians for tec), with a colour, an order and an optional team name.
 * - planning_demandes: what waits to be planned that is not a commande step (SAV requests,
 *   commercial requests); commande steps (mesurage, pose) wait by their own statut.
 * - planifications: one visit; a mesurage or pose visit plans that commande step (one active
 *   visit per step).
 * - planification_personnes: one row per person of a visit with its time slot (extended by the
 *   company's travel time) — the exclusion constraint makes a double booking impossible whatever
 *   the number of people dragging at once (decision 430). It is DEFERRABLE (checked at once
 *   unless a transaction defers it) so reordering a whole day can swap two visits' times.
 * - planification_historique: insert-only history of a visit (moves, statut, reminders).
 * - societes.planning_trajet_minutes: travel time required between two visits of one person.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw('CREATE EXTENSION IF NOT EXISTS btree_gist')
    this.schema.raw(`ALTER TABLE societes
      ADD COLUMN IF NOT EXISTS planning_trajet_minutes smallint NOT NULL DEFAULT 0`)
    this.schema.raw('ALTER TABLE societes DROP CONSTRAINT IF EXISTS societes_planning_trajet_check')
    this.schema.raw(`ALTER TABLE societes ADD CONSTRAINT societes_planning_trajet_check
      CHECK (planning_trajet_minutes BETWEEN 0 AND 240)`)

    this.schema.raw(`CREATE TABLE IF NOT EXISTS planning_ressources (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type varchar(3) NOT NULL CHECK (type IN ('com','tec')),
      couleur varchar(7) NOT NULL DEFAULT '#1d4ed8' CHECK (couleur ~ '^#[0-9a-fA-F]{6}$'),
      position smallint NOT NULL DEFAULT 0,
      equipe varchar(80),
      actif boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, type)
    )`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS planning_ressources_type_idx
      ON planning_ressources (type, actif, position)`)

    this.schema.raw(`CREATE TABLE IF NOT EXISTS planning_demandes (
      id serial PRIMARY KEY,
      type varchar(3) NOT NULL CHECK (type IN ('com','tec')),
      nature varchar(10) NOT NULL CHECK (nature IN ('rdv','sav')),
      statut varchar(12) NOT NULL DEFAULT 'ouverte'
        CHECK (statut IN ('ouverte','planifiee','annulee')),
      client_id bigint REFERENCES clients(id_client) ON DELETE RESTRICT,
      devis_id integer REFERENCES devis(id) ON DELETE SET NULL,
      commande_id integer REFERENCES commandes(id) ON DELETE RESTRICT,
      titre varchar(200) NOT NULL,
      notes text,
      adresse varchar(300),
      latitude double precision CHECK (latitude BETWEEN -90 AND 90),
      longitude double precision CHECK (longitude BETWEEN -180 AND 180),
      duree_minutes smallint NOT NULL DEFAULT 60 CHECK (duree_minutes BETWEEN 15 AND 1440),
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((type = 'com') = (nature = 'rdv'))
    )`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS planning_demandes_ouvertes_idx
      ON planning_demandes (type, created_at, id) WHERE statut = 'ouverte'`)

    this.schema.raw(`CREATE TABLE IF NOT EXISTS planifications (
      id serial PRIMARY KEY,
      type varchar(3) NOT NULL CHECK (type IN ('com','tec')),
      nature varchar(10) NOT NULL CHECK (nature IN ('rdv','mesurage','pose','sav')),
      statut varchar(10) NOT NULL DEFAULT 'planifiee'
        CHECK (statut IN ('planifiee','realisee','annulee')),
      debut timestamptz NOT NULL,
      fin timestamptz NOT NULL,
      titre varchar(200) NOT NULL,
      client_id bigint REFERENCES clients(id_client) ON DELETE RESTRICT,
      devis_id integer REFERENCES devis(id) ON DELETE SET NULL,
      commande_id integer REFERENCES commandes(id) ON DELETE RESTRICT,
      etape varchar(20) CHECK (etape IN ('mesurage','pose')),
      demande_id integer REFERENCES planning_demandes(id) ON DELETE SET NULL,
      adresse varchar(300),
      latitude double precision CHECK (latitude BETWEEN -90 AND 90),
      longitude double precision CHECK (longitude BETWEEN -180 AND 180),
      notes text,
      motif_annulation text,
      realisee_le timestamptz,
      annulee_le timestamptz,
      lock_version integer NOT NULL DEFAULT 1,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      updated_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (fin > debut),
      CHECK ((type = 'com') = (nature = 'rdv')),
      CHECK (etape IS NULL OR commande_id IS NOT NULL),
      CHECK ((etape IS NULL) = (nature NOT IN ('mesurage','pose')))
    )`)
    // The calendar reads a range: a GiST index on the visit's time range answers « overlaps »
    this.schema.raw(`CREATE INDEX IF NOT EXISTS planifications_periode_idx
      ON planifications USING gist (type, tstzrange(debut, fin))`)
    this.schema.raw(`CREATE UNIQUE INDEX IF NOT EXISTS planifications_etape_active_idx
      ON planifications (commande_id, etape) WHERE statut <> 'annulee' AND etape IS NOT NULL`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS planifications_commande_idx
      ON planifications (commande_id) WHERE commande_id IS NOT NULL`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS planifications_client_idx
      ON planifications (client_id) WHERE client_id IS NOT NULL`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS planifications_demande_idx
      ON planifications (demande_id) WHERE demande_id IS NOT NULL`)

    this.schema.raw(`CREATE TABLE IF NOT EXISTS planification_personnes (
      planification_id integer NOT NULL REFERENCES planifications(id) ON DELETE CASCADE,
      -- A deleted account takes its slots with it (the visit stays, in its history)
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      creneau tstzrange NOT NULL,
      actif boolean NOT NULL DEFAULT true,
      PRIMARY KEY (planification_id, user_id)
    )`)
    this.schema.raw(`ALTER TABLE planification_personnes
      DROP CONSTRAINT IF EXISTS planification_personnes_sans_chevauchement`)
    this.schema.raw(`ALTER TABLE planification_personnes
      ADD CONSTRAINT planification_personnes_sans_chevauchement
      EXCLUDE USING gist (user_id WITH =, creneau WITH &&) WHERE (actif)
      DEFERRABLE INITIALLY IMMEDIATE`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS planification_personnes_user_idx
      ON planification_personnes (user_id, planification_id)`)

    this.schema.raw(`CREATE TABLE IF NOT EXISTS planification_historique (
      id bigserial PRIMARY KEY,
      planification_id integer NOT NULL REFERENCES planifications(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      action varchar(40) NOT NULL,
      detail text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS planification_historique_idx
      ON planification_historique (planification_id, id)`)
  }

  async down() {
    this.schema.raw('DROP TABLE IF EXISTS planification_historique')
    this.schema.raw('DROP TABLE IF EXISTS planification_personnes')
    this.schema.raw('DROP TABLE IF EXISTS planifications')
    this.schema.raw('DROP TABLE IF EXISTS planning_demandes')
    this.schema.raw('DROP TABLE IF EXISTS planning_ressources')
    this.schema.raw('ALTER TABLE societes DROP COLUMN IF EXISTS planning_trajet_minutes')
  }
}
