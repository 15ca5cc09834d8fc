import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 13 §5: the reminder sent to the customer the day before a visit has its own Texte
 * category, `email_rappel_visite` (demo text `rappel_visite`), added to the CHECK if missing.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`DO $$
      DECLARE def text;
      BEGIN
        SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
          WHERE conname = 'textes_categorie_check' AND conrelid = 'textes'::regclass;
        IF def IS NOT NULL AND position('email_rappel_visite' in def) = 0 THEN
          EXECUTE 'ALTER TABLE textes DROP CONSTRAINT textes_categorie_check';
          EXECUTE 'ALTER TABLE textes ADD CONSTRAINT textes_categorie_check '
            || regexp_replace(def, 'ARRAY\\[', 'ARRAY[''email_rappel_visite''::character varying, ');
        END IF;
      END $$`)
  }

  async down() {
    this.schema.raw(`DELETE FROM textes WHERE categorie = 'email_rappel_visite'`)
    this.schema.raw(`DO $$
      DECLARE def text;
      BEGIN
        SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
          WHERE conname = 'textes_categorie_check' AND conrelid = 'textes'::regclass;
        IF def IS NOT NULL AND position('email_rappel_visite' in def) > 0 THEN
          EXECUTE 'ALTER TABLE textes DROP CONSTRAINT textes_categorie_check';
          EXECUTE 'ALTER TABLE textes ADD CONSTRAINT textes_categorie_check '
            || replace(def, '''email_rappel_visite''::character varying, ', '');
        END IF;
      END $$`)
  }
}
