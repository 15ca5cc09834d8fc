/*
 * The e-mail that sends an issued facture (issue 11 §1) has its own Texte category,
 * `email_facture` (demo text `facture_envoi`), beside the devis' and the demande de paiement's.
 */
import { BaseSchema } from '@adonisjs/lucid/schema'

const BEFORE = `'devis_intro','devis_conditions','email_devis','email_relance','bdc_conditions','facture_mentions','email_demande_paiement'`

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`ALTER TABLE textes DROP CONSTRAINT textes_categorie_check,
      ADD CONSTRAINT textes_categorie_check CHECK (categorie IN (${BEFORE},'email_facture'))`)
  }

  async down() {
    this.schema.raw(`DELETE FROM textes WHERE categorie = 'email_facture'`)
    this.schema.raw(`ALTER TABLE textes DROP CONSTRAINT textes_categorie_check,
      ADD CONSTRAINT textes_categorie_check CHECK (categorie IN (${BEFORE}))`)
  }
}
