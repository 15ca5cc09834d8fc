import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Accent- and case-insensitive search (DESIGN.md §5): the unaccent and pg_trgm extensions, and
 * f_unaccent(), an IMMUTABLE wrapper of unaccent() with its dictionary named, so it may appear in
 * indexes and generated columns (unaccent() itself is only STABLE). Then the sociétés' trigram
 * index, on the very expression the list searches.
 *
 * CREATE OR REPLACE with the definition other domains use too: whichever migration runs first
 * creates it, the others leave it as it is. down() keeps the extensions and the function, which
 * later tables may use.
 */
// Same text as SOCIETE_SEARCH in app/services/societe_queries.ts, or the index goes unused
const SOCIETE_SEARCH_EXPRESSION = `f_unaccent(lower(nom || ' ' || coalesce(numero_tva, '') || ' ' || coalesce(localite, '') || ' ' || coalesce(email, '')))`

export default class extends BaseSchema {
  async up() {
    this.schema.raw('CREATE EXTENSION IF NOT EXISTS unaccent')
    this.schema.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')
    this.schema.raw(
      `CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`
    )
    this.schema.raw(
      `CREATE INDEX societes_recherche_trgm ON societes USING gin ((${SOCIETE_SEARCH_EXPRESSION}) gin_trgm_ops)`
    )
    this.schema.raw('CREATE INDEX societes_nom_sort ON societes ((f_unaccent(lower(nom))), id)')
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS societes_nom_sort')
    this.schema.raw('DROP INDEX IF EXISTS societes_recherche_trgm')
  }
}
