import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The product catalogue (DESIGN.md §2), money in integer cents (§3). Sort expressions are
 * repeated in app/services/produits/produit_list.ts (see 0150 for why).
 */
const key = (column: string) => `f_unaccent(lower(coalesce(${column}, '')))`

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('produits', (table) => {
      table.increments('id')
      table.string('reference', 40).notNullable().unique()
      table.string('libelle', 200).notNullable()
      table.text('description').nullable()
      table.enum('unite', ['piece', 'm2', 'ml', 'forfait', 'heure']).notNullable()
      table.integer('prix_achat').nullable()
      table.integer('prix_vente_ht').notNullable()
      table.smallint('taux_tva').notNullable()
      table.string('categorie', 80).nullable()
      table
        .integer('fournisseur_id')
        .nullable()
        .references('id')
        .inTable('societes')
        .onDelete('SET NULL')
      table.boolean('actif').notNullable().defaultTo(true)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })

    this.schema.raw(`
      ALTER TABLE produits
        ADD CONSTRAINT produits_prix_achat_check CHECK (prix_achat >= 0),
        ADD CONSTRAINT produits_prix_vente_check CHECK (prix_vente_ht >= 0),
        ADD CONSTRAINT produits_taux_tva_check CHECK (taux_tva IN (0, 6, 12, 21)),
        ADD COLUMN recherche text GENERATED ALWAYS AS (f_unaccent(lower(
          reference || ' ' || libelle || ' ' || coalesce(categorie, '') || ' ' ||
          coalesce(description, '')
        ))) STORED`)

    const indexes: [string, string][] = [
      ['produits_reference_idx', 'reference, id'],
      ['produits_libelle_idx', `(${key('libelle')}), id`],
      ['produits_categorie_idx', `(${key('categorie')}), id`],
      ['produits_unite_idx', 'unite, id'],
      ['produits_prix_achat_idx', '(coalesce(prix_achat, -1)), id'],
      ['produits_prix_vente_idx', 'prix_vente_ht, id'],
      ['produits_taux_tva_idx', 'taux_tva, id'],
      ['produits_created_at_idx', 'created_at, id'],
      ['produits_fournisseur_idx', 'fournisseur_id, id'],
    ]
    for (const [name, columns] of indexes) {
      this.schema.raw(`CREATE INDEX ${name} ON produits (${columns})`)
    }
    this.schema.raw(
      'CREATE INDEX produits_recherche_trgm ON produits USING gin (recherche gin_trgm_ops)'
    )
  }

  async down() {
    this.schema.dropTable('produits')
  }
}
