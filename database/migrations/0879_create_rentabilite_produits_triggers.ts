import { BaseSchema } from '@adonisjs/lucid/schema'
import { addToAggregates, contributions } from '#database/helpers/rentabilite'

/*
 * The rentabilité aggregates (migration 0877, decision 691) follow the purchase price: a line's
 * cost is rounded per line at its product's price, so a product whose prix_achat changed has
 * its lines moved from the old cost to the new one (through bdc_lignes_produit_id_index; any
 * other column of a product adds nothing: its descriptors are read from produits by the page).
 * A deleted product's lines become lines without product before the ON DELETE SET NULL runs
 * (BEFORE DELETE row trigger), after which that update changes nothing. Then the backfill: what
 * the tables already hold.
 */
export default class extends BaseSchema {
  async up() {
    const moved = (price: string, sign: string) =>
      contributions({
        produits: `(SELECT id, ${price} AS prix_achat FROM moved)`,
        sign,
        produitJoin: 'JOIN',
      })
    this.schema.raw(`CREATE OR REPLACE FUNCTION rentabilite_produits_touch() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE n.prix_achat IS DISTINCT FROM o.prix_achat) THEN
          RETURN NULL;
        END IF;
        ${addToAggregates(`WITH moved AS MATERIALIZED (
            SELECT n.id, n.prix_achat AS nouveau, o.prix_achat AS ancien
            FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE n.prix_achat IS DISTINCT FROM o.prix_achat)
          ${moved('nouveau', '1')} UNION ALL ${moved('ancien', '-1')}`)};
        RETURN NULL;
      END $$`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION rentabilite_produits_before_delete()
      RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${addToAggregates(`${contributions({ sign: '-1', produitJoin: 'JOIN' })} AND p.id = OLD.id
          UNION ALL ${contributions({
            produits: '(SELECT NULL::integer AS id, NULL::integer AS prix_achat)',
            sign: '1',
          })} AND l.produit_id = OLD.id`)};
        RETURN OLD;
      END $$`)
    this.schema.raw('DROP TRIGGER IF EXISTS rentabilite_update ON produits')
    this.schema.raw(`CREATE TRIGGER rentabilite_update AFTER UPDATE ON produits
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION rentabilite_produits_touch()`)
    this.schema.raw('DROP TRIGGER IF EXISTS rentabilite_before_delete ON produits')
    this.schema.raw(`CREATE TRIGGER rentabilite_before_delete BEFORE DELETE ON produits
      FOR EACH ROW EXECUTE FUNCTION rentabilite_produits_before_delete()`)

    // What the commandes already hold
    this.schema.raw('SELECT rentabilite_rebuild()')
  }

  async down() {
    this.schema.raw('DROP TRIGGER IF EXISTS rentabilite_update ON produits')
    this.schema.raw('DROP TRIGGER IF EXISTS rentabilite_before_delete ON produits')
    this.schema.raw('DROP FUNCTION IF EXISTS rentabilite_produits_touch()')
    this.schema.raw('DROP FUNCTION IF EXISTS rentabilite_produits_before_delete()')
  }
}
