/*
 * What a facture still asks (issue 11): total TTC − paid − credited by notes de crédit. Both
 * amounts change after issue (payments allocated, NC issued), so the freeze trigger lets them
 * change too; everything else of an issued facture stays frozen.
 */
import { BaseSchema } from '@adonisjs/lucid/schema'
import { FROZEN_SQLSTATE } from '#services/documents/immutable'

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('factures', (table) => {
      table.bigInteger('montant_credite').notNullable().defaultTo(0)
    })
    this.schema.raw(`ALTER TABLE factures
      ADD CONSTRAINT factures_montant_credite_check CHECK (montant_credite >= 0),
      ADD CONSTRAINT factures_reste_check CHECK (montant_paye + montant_credite <= total_ttc OR numero IS NULL)`)
    this.schema.raw(`
      CREATE OR REPLACE FUNCTION factures_freeze_issued() RETURNS trigger AS $$
      DECLARE
        mutable text[] := ARRAY['statut', 'montant_paye', 'montant_credite', 'lock_version', 'updated_at'];
      BEGIN
        IF OLD.numero IS NULL THEN
          RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
        END IF;
        IF TG_OP = 'DELETE' THEN
          RAISE EXCEPTION 'La facture % est émise : elle ne peut pas être supprimée.', OLD.numero
            USING ERRCODE = '${FROZEN_SQLSTATE}';
        END IF;
        IF (to_jsonb(NEW) - mutable) IS DISTINCT FROM (to_jsonb(OLD) - mutable) THEN
          RAISE EXCEPTION 'La facture % est émise : son contenu ne peut plus être modifié.', OLD.numero
            USING ERRCODE = '${FROZEN_SQLSTATE}';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`)
  }

  async down() {
    this.schema.raw(`ALTER TABLE factures DROP CONSTRAINT IF EXISTS factures_reste_check`)
    this.schema.alterTable('factures', (table) => {
      table.dropColumn('montant_credite')
    })
  }
}
