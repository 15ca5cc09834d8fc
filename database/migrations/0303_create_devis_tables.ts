import { BaseSchema } from '@adonisjs/lucid/schema'
import { ligneChecks, ligneColumns, totalColumns } from '#database/helpers/lignes'

/*
 * Devis (DESIGN.md §2–§3). numero is given when first sent (drafts have none); `revision`
 * counts the versions of a sent devis (each older one is frozen in devis_revisions);
 * `lock_version` is the optimistic lock (reference B3): every save is
 * UPDATE … WHERE id = ? AND lock_version = ?, a stale one is refused with who/when.
 * client_nom and recherche are kept by the service for the list's sort and search.
 */
const key = (column: string) => `f_unaccent(lower(coalesce(${column}, '')))`

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('devis', (table) => {
      table.increments('id')
      table.string('numero', 40).nullable().unique()
      table.smallint('revision').notNullable().defaultTo(1)
      table.integer('lock_version').notNullable().defaultTo(1)
      table
        .bigInteger('client_id')
        .notNullable()
        .references('id_client')
        .inTable('clients')
        .onDelete('RESTRICT')
      table.string('client_nom', 300).notNullable().defaultTo('')
      table
        .integer('commercial_id')
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table
        .integer('apporteur_id')
        .nullable()
        .references('id')
        .inTable('societes')
        .onDelete('SET NULL')
      table.integer('offre_id').nullable().references('id').inTable('offres').onDelete('SET NULL')
      table.date('date_devis').notNullable()
      table.date('valable_jusqu_au').notNullable()
      table.string('objet', 200).notNullable()
      table.string('adresse_chantier', 300).nullable()
      table.decimal('acompte_pct', 5, 2).notNullable().defaultTo(30)
      table.bigInteger('acompte').notNullable().defaultTo(0)
      table.text('intro').nullable()
      table.text('conditions').nullable()
      totalColumns(table)
      table
        .enum('statut', ['brouillon', 'envoye', 'accepte', 'refuse', 'expire', 'annule'])
        .notNullable()
        .defaultTo('brouillon')
      table.text('motif_annulation').nullable()
      table.timestamp('envoye_le', { useTz: true }).nullable()
      table.timestamp('accepte_le', { useTz: true }).nullable()
      table.timestamp('refuse_le', { useTz: true }).nullable()
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.integer('updated_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
    this.schema.raw(`
      ALTER TABLE devis
        ADD CONSTRAINT devis_acompte_pct_check CHECK (acompte_pct >= 0 AND acompte_pct <= 100),
        ADD CONSTRAINT devis_remise_check CHECK (remise_globale_pct >= 0 AND remise_globale_pct <= 100),
        ADD COLUMN recherche text GENERATED ALWAYS AS (f_unaccent(lower(
          coalesce(numero, '') || ' ' || objet || ' ' || client_nom
        ))) STORED`)
    const indexes: [string, string][] = [
      ['devis_statut_idx', 'statut, id'],
      ['devis_commercial_idx', 'commercial_id, id'],
      ['devis_date_idx', 'date_devis, id'],
      ['devis_total_ttc_idx', 'total_ttc, id'],
      ['devis_numero_idx', `(coalesce(numero, '')), id`],
      ['devis_client_nom_idx', `(${key('client_nom')}), id`],
      ['devis_client_idx', 'client_id, id'],
      ['devis_valable_idx', 'valable_jusqu_au, id'],
      ['devis_created_at_idx', 'created_at, id'],
    ]
    for (const [name, columns] of indexes) {
      this.schema.raw(`CREATE INDEX ${name} ON devis (${columns})`)
    }
    this.schema.raw('CREATE INDEX devis_recherche_trgm ON devis USING gin (recherche gin_trgm_ops)')

    this.schema.createTable('devis_lignes', (table) => {
      ligneColumns(table, 'devis_id', 'devis')
    })
    this.schema.raw(ligneChecks('devis_lignes'))

    this.schema.createTable('devis_revisions', (table) => {
      table.increments('id')
      table.integer('devis_id').notNullable().references('id').inTable('devis').onDelete('CASCADE')
      table.smallint('revision').notNullable()
      /** The whole document as it was sent (header, lines, totals): read-only from then on. */
      table.jsonb('snapshot').notNullable()
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['devis_id', 'revision'])
    })

    this.schema.raw(`ALTER TABLE offres ADD CONSTRAINT offres_devis_fk
      FOREIGN KEY (devis_id) REFERENCES devis(id) ON DELETE SET NULL`)
  }

  async down() {
    this.schema.raw('ALTER TABLE offres DROP CONSTRAINT IF EXISTS offres_devis_fk')
    this.schema.dropTable('devis_revisions')
    this.schema.dropTable('devis_lignes')
    this.schema.dropTable('devis')
  }
}
