/*
 * The number of writes of a kept page (migrations 0926–0928, decision 817): its first row in
 * analyse_ecritures and a statement trigger on each table it reads, which adds a row per
 * writing transaction (analyse_ecriture(), migration 0926). One SQL for every kept page.
 */

/** The statements that start counting the writes of `tables` under `nom`. */
export function countWritesSql(nom: string, tables: string[]): string[] {
  return [
    `INSERT INTO analyse_ecritures VALUES ('${nom}', 1)`,
    ...tables.map(
      (table) => `CREATE TRIGGER ${table}_ecriture_${nom}
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION analyse_ecriture('${nom}')`
    ),
  ]
}

/** The statements that stop it (its triggers and its rows). */
export function dropWritesSql(nom: string, tables: string[]): string[] {
  return [
    ...tables.map((table) => `DROP TRIGGER IF EXISTS ${table}_ecriture_${nom} ON ${table}`),
    `DELETE FROM analyse_ecritures WHERE nom = '${nom}'`,
  ]
}
