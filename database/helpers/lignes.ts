import type { Knex } from 'knex'

/*
 * The lines of every document (DESIGN.md §2 "Ligne"): the same columns for devis, offres and
 * bons de commande (later factures and notes de crédit), each in its own table so every line
 * has a real foreign key to its document.
 */
export function ligneColumns(table: Knex.CreateTableBuilder, owner: string, ownerTable: string) {
  table.bigIncrements('id')
  table.integer(owner).notNullable().references('id').inTable(ownerTable).onDelete('CASCADE')
  table.smallint('position').notNullable()
  table.enum('type', ['produit', 'texte', 'section', 'sous_total']).notNullable()
  table.integer('produit_id').nullable().references('id').inTable('produits').onDelete('SET NULL')
  table.text('designation').notNullable().defaultTo('')
  table.decimal('quantite', 12, 3).nullable()
  table.string('unite', 20).nullable()
  table.integer('prix_unitaire_ht').nullable()
  table.decimal('remise_pct', 5, 2).notNullable().defaultTo(0)
  table.smallint('taux_tva').nullable()
  /** The net (produit) or running sub-total (sous_total) computed by shared/totals.ts. */
  table.bigInteger('total_ht').nullable()
  table.unique([owner, 'position'])
}

export function ligneChecks(tableName: string) {
  return `ALTER TABLE ${tableName}
    ADD CONSTRAINT ${tableName}_quantite_check CHECK (quantite IS NULL OR quantite >= 0),
    ADD CONSTRAINT ${tableName}_prix_check CHECK (prix_unitaire_ht IS NULL OR prix_unitaire_ht >= 0),
    ADD CONSTRAINT ${tableName}_remise_check CHECK (remise_pct >= 0 AND remise_pct <= 100),
    ADD CONSTRAINT ${tableName}_tva_check CHECK (taux_tva IS NULL OR taux_tva IN (0, 6, 12, 21))`
}

/** Header money columns shared by devis, offres and bdc (cents, computed by shared/totals.ts). */
export function totalColumns(table: Knex.CreateTableBuilder) {
  table.decimal('remise_globale_pct', 5, 2).notNullable().defaultTo(0)
  table.bigInteger('total_ht').notNullable().defaultTo(0)
  table.bigInteger('total_tva').notNullable().defaultTo(0)
  table.bigInteger('total_ttc').notNullable().defaultTo(0)
  /** The VAT groups of shared/totals.ts, as shown on the document. */
  table.jsonb('tva_detail').notNullable().defaultTo('[]')
}
