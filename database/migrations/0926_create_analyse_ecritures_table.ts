import { BaseSchema } from '@adonisjs/lucid/schema'
import { countWritesSql, dropWritesSql } from '#database/helpers/ecritures'
import type { VersionedSum } from '#services/http/request_bundle'

/*
 * Analyses kept between visits (issue 15 §1, decisions 817 and 819): for each analyse page
 * (VersionedSum: the analyses, the devis statistics, the Dashboard pro), a number that moves
 * with every committed write to the tables its statement reads. Read with the
 * session of each request (app/services/http/request_bundle.ts) as `sum(n)` of its rows of
 * analyse_ecritures, to which a statement-level trigger on each of those tables adds one row per
 * writing transaction (a transaction-local setting remembers it did).
 * - Transactional, so a number is seen exactly when its write is (a sequence is seen before its
 *   writer commits: a visit then would keep a page without the write under the new number);
 * - insert-only, so no writer waits for another (a counter row would be locked by each writer
 *   until its commit: decision 812's objection);
 * - folded into one row per analyse by analyse_ecritures_compact() at night and after
 *   db:volume; the sum is kept, so a number never goes back.
 */
// The sums this migration made; the staff dashboard's came with 0927, the créances' totals' with 0928
export const ANALYSES_ECRITES: Record<
  Exclude<VersionedSum, 'tableau_bord' | 'creances_totaux'>,
  string[]
> = {
  rentabilite: ['rentabilite_commandes', 'rentabilite_produits', 'produits'],
  acceptation: ['devis', 'acceptation_mois', 'acceptation_jour', 'users', 'societes'],
  occupation: ['occupation_jour', 'planning_ressources', 'users'],
  partenaires: ['offres_cohorte_jour', 'apporteur_clients', 'offres', 'societes'],
  devis_stats: ['devis_stats_jour', 'users'],
  chiffre_affaires: ['analyse_ca_jour'],
}

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE TABLE IF NOT EXISTS analyse_ecritures (
      nom text NOT NULL,
      n bigint NOT NULL
    )`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION analyse_ecriture() RETURNS trigger AS $$
      DECLARE
        flag text := 'esi.ecrit_' || TG_ARGV[0];
      BEGIN
        IF current_setting(flag, true) IS DISTINCT FROM '1' THEN
          INSERT INTO analyse_ecritures VALUES (TG_ARGV[0], 1);
          PERFORM set_config(flag, '1', true);
        END IF;
        RETURN NULL;
      END $$ LANGUAGE plpgsql`)
    for (const [nom, tables] of Object.entries(ANALYSES_ECRITES)) {
      for (const sql of countWritesSql(nom, tables)) this.schema.raw(sql)
    }
    this.schema.raw(`CREATE OR REPLACE FUNCTION analyse_ecritures_compact() RETURNS void
      LANGUAGE sql AS $$
        WITH d AS (DELETE FROM analyse_ecritures RETURNING nom, n)
        INSERT INTO analyse_ecritures SELECT nom, sum(n) FROM d GROUP BY nom $$`)
  }

  async down() {
    for (const [nom, tables] of Object.entries(ANALYSES_ECRITES)) {
      for (const sql of dropWritesSql(nom, tables)) this.schema.raw(sql)
    }
    this.schema.raw('DROP FUNCTION IF EXISTS analyse_ecritures_compact()')
    this.schema.raw('DROP FUNCTION IF EXISTS analyse_ecriture()')
    this.schema.raw('DROP TABLE IF EXISTS analyse_ecritures')
  }
}
