import { BaseSchema } from '@adonisjs/lucid/schema'
import { addToAggregates, compactSql, contributions } from '#database/helpers/rentabilite'

/*
 * The rentabilité analyse pre-aggregated (issue 15 §1, decision 690): what the product lines of
 * the signed bdc whose commande is not cancelled contribute to /esi/analyse/rentabilite:
 * - rentabilite_commandes, one row per commande, added to: its figures, ranked by margin rate,
 *   and what the page filters and shows (signe_le, commercial, numero, client_nom);
 * - rentabilite_produits, per (Brussels day, month, quarter, half-year or year, commercial,
 *   product): deltas only, as analyse_ca_jour (migration 0875).
 * `rentabilite_compact()` folds the deltas and drops the empty commandes at night and after
 * db:volume; `rentabilite_rebuild()` recomputes everything (a TRUNCATE, the backfill of
 * migration 0879). The triggers that keep them are migrations 0878 and 0879.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE TABLE IF NOT EXISTS rentabilite_commandes (
      commande_id integer PRIMARY KEY,
      numero varchar(40) NOT NULL,
      client_nom varchar(300) NOT NULL,
      signe_le timestamptz NOT NULL,
      commercial_id integer,
      lignes bigint NOT NULL,
      vente_connue bigint NOT NULL,
      cout bigint NOT NULL,
      inconnu bigint NOT NULL
    )`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS rentabilite_commandes_idx ON rentabilite_commandes
      (signe_le) INCLUDE (commande_id, numero, client_nom, commercial_id, lignes, vente_connue,
      cout, inconnu)`)
    // kind: 'j' the Brussels day, 'm' month, 't' quarter, 's' half-year, 'a' year (jour: its
    // first day)
    this.schema.raw(`CREATE TABLE IF NOT EXISTS rentabilite_produits (
      kind char(1) NOT NULL CHECK (kind IN ('j', 'm', 't', 's', 'a')),
      jour date NOT NULL,
      commercial_id integer,
      produit_id integer,
      lignes bigint NOT NULL,
      quantite numeric NOT NULL,
      vente_connue bigint NOT NULL,
      cout bigint NOT NULL,
      inconnu bigint NOT NULL
    )`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS rentabilite_produits_idx ON rentabilite_produits
      (kind, jour) INCLUDE (commercial_id, produit_id, lignes, quantite, vente_connue, cout,
      inconnu)`)

    this.schema.raw(`CREATE OR REPLACE FUNCTION rentabilite_rebuild() RETURNS void
      LANGUAGE sql AS $$
        DELETE FROM rentabilite_commandes;
        DELETE FROM rentabilite_produits;
        ${addToAggregates(contributions({ sign: '1' }))};
      $$`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION rentabilite_compact() RETURNS void
      LANGUAGE sql AS $$ ${compactSql()} $$`)
  }

  async down() {
    this.schema.raw('DROP FUNCTION IF EXISTS rentabilite_compact()')
    this.schema.raw('DROP FUNCTION IF EXISTS rentabilite_rebuild()')
    this.schema.raw('DROP TABLE IF EXISTS rentabilite_produits')
    this.schema.raw('DROP TABLE IF EXISTS rentabilite_commandes')
  }
}
