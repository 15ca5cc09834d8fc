import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 12 §1, §6 (decisions 300–304): where each commande stands, kept on its row by the one
 * writer of its steps (app/services/commandes/etapes.ts syncCommande) so the list sorts and
 * filters 20 000 commandes by urgency with an index: the current step and its statut, and the
 * earliest planned end of a step not done (late when before today). The withdrawal form's date
 * of receipt, and the day a late step was last notified (once per step and planned end).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`ALTER TABLE commandes
      ADD COLUMN IF NOT EXISTS etape_courante varchar(20) NULL,
      ADD COLUMN IF NOT EXISTS etape_courante_statut varchar(20) NULL,
      ADD COLUMN IF NOT EXISTS prochaine_echeance date NULL,
      ADD COLUMN IF NOT EXISTS retractation_recue_le date NULL`)
    this.schema.raw(`ALTER TABLE commande_etapes
      ADD COLUMN IF NOT EXISTS retard_notifie_le date NULL`)
    // The list's default order: the most overdue first, then the nearest deadline, none last
    this.schema.raw(`CREATE INDEX IF NOT EXISTS commandes_urgence_idx
      ON commandes ((COALESCE(prochaine_echeance, '9999-12-31'::date)), id)`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS commandes_chef_projet_idx
      ON commandes (chef_projet_id, id)`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS commandes_retard_idx
      ON commandes (prochaine_echeance) WHERE statut IN ('en_attente', 'en_cours')`)
    // Existing commandes: the first step not done and the earliest planned end not done
    this.schema.raw(`UPDATE commandes c SET
        etape_courante = cur.etape, etape_courante_statut = cur.statut,
        prochaine_echeance = (SELECT min((e.prevue_fin AT TIME ZONE 'Europe/Brussels')::date)
          FROM commande_etapes e WHERE e.commande_id = c.id
           AND e.statut NOT IN ('faite', 'sans_objet'))
      FROM (SELECT DISTINCT ON (commande_id) commande_id, etape, statut FROM commande_etapes
             WHERE statut NOT IN ('faite', 'sans_objet') ORDER BY commande_id, position) cur
      WHERE cur.commande_id = c.id`)
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS commandes_urgence_idx')
    this.schema.raw('DROP INDEX IF EXISTS commandes_chef_projet_idx')
    this.schema.raw('DROP INDEX IF EXISTS commandes_retard_idx')
    this.schema.raw(`ALTER TABLE commandes DROP COLUMN IF EXISTS etape_courante,
      DROP COLUMN IF EXISTS etape_courante_statut, DROP COLUMN IF EXISTS prochaine_echeance,
      DROP COLUMN IF EXISTS retractation_recue_le`)
    this.schema.raw('ALTER TABLE commande_etapes DROP COLUMN IF EXISTS retard_notifie_le')
  }
}
