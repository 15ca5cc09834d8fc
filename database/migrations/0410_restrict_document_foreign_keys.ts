import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * « An issued or transmitted document is never deleted » (issue 10): the foreign keys that let a
 * société's deletion take its offres with it, or silently drop a devis' or a client's apporteur,
 * or a devis' offre, now refuse (RESTRICT). The service says why first (deleteSociete); these
 * keys are the last wall. Lines and revisions still go with their own document (CASCADE);
 * contacts and memberships still go with a société that has no document.
 */
const KEYS: { table: string; column: string; ref: string; name?: string }[] = [
  { table: 'offres', column: 'societe_id', ref: 'societes(id)' },
  { table: 'devis', column: 'apporteur_id', ref: 'societes(id)' },
  { table: 'devis', column: 'offre_id', ref: 'offres(id)' },
  { table: 'clients', column: 'apporteur_id', ref: 'societes(id)' },
]

export default class extends BaseSchema {
  async up() {
    for (const key of KEYS) this.replace(key, 'RESTRICT')
  }

  async down() {
    this.replace(KEYS[0], 'CASCADE')
    for (const key of KEYS.slice(1)) this.replace(key, 'SET NULL')
  }

  private replace(key: { table: string; column: string; ref: string }, action: string) {
    const name = `${key.table}_${key.column}_foreign`
    this.schema.raw(`ALTER TABLE ${key.table} DROP CONSTRAINT ${name},
      ADD CONSTRAINT ${name} FOREIGN KEY (${key.column}) REFERENCES ${key.ref} ON DELETE ${action}`)
  }
}
