/*
 * The database's freeze of issued documents (issue 11, DECISIONS « The freeze of an issued
 * facture is the database's »): once a row has its `numero`, a trigger refuses its DELETE and
 * any change outside the columns that may still move, and a second trigger refuses any write
 * to its lines. One SQL for every issued document (factures, notes de crédit), raising
 * FROZEN_SQLSTATE with a French sentence the exception handler answers as a 422.
 */
import { FROZEN_SQLSTATE } from '#services/documents/immutable'

export type FreezeSpec = {
  /** The document table, e.g. `factures`. */
  table: string
  /** « La facture », « La note de crédit »: the subject of the French sentences. */
  label: string
  /** Columns an issued row may still change (statut, amounts, version, updated_at). */
  mutable: string[]
  /** Its lines: table and the column pointing to the document. */
  lines: { table: string; fk: string }
}

const quote = (names: string[]) => names.map((n) => `'${n}'`).join(', ')

/** CREATE OR REPLACE the row trigger's function (re-runnable: migration:fresh keeps functions). */
export function freezeFunctionSql(spec: FreezeSpec): string {
  return `
    CREATE OR REPLACE FUNCTION ${spec.table}_freeze_issued() RETURNS trigger AS $$
    DECLARE
      mutable text[] := ARRAY[${quote(spec.mutable)}];
    BEGIN
      IF OLD.numero IS NULL THEN
        RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
      END IF;
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION '${spec.label} % est émise : elle ne peut pas être supprimée.', OLD.numero
          USING ERRCODE = '${FROZEN_SQLSTATE}';
      END IF;
      IF (to_jsonb(NEW) - mutable) IS DISTINCT FROM (to_jsonb(OLD) - mutable) THEN
        RAISE EXCEPTION '${spec.label} % est émise : son contenu ne peut plus être modifié.', OLD.numero
          USING ERRCODE = '${FROZEN_SQLSTATE}';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`
}

/** Every statement: both functions and both triggers. */
export function freezeSql(spec: FreezeSpec): string[] {
  const { table, label, lines } = spec
  return [
    freezeFunctionSql(spec),
    `CREATE TRIGGER ${table}_freeze_issued
      BEFORE UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_freeze_issued()`,
    // FOR SHARE: a line written while the document is being issued waits for the issuing
    // transaction, then sees its number
    `CREATE OR REPLACE FUNCTION ${lines.table}_freeze_issued() RETURNS trigger AS $$
    DECLARE
      issued text;
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        SELECT numero INTO issued FROM ${table} WHERE id = OLD.${lines.fk} FOR SHARE;
      END IF;
      IF issued IS NULL AND TG_OP IN ('INSERT', 'UPDATE') THEN
        SELECT numero INTO issued FROM ${table} WHERE id = NEW.${lines.fk} FOR SHARE;
      END IF;
      IF issued IS NOT NULL THEN
        RAISE EXCEPTION '${label} % est émise : ses lignes ne peuvent plus être modifiées.', issued
          USING ERRCODE = '${FROZEN_SQLSTATE}';
      END IF;
      RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
    END $$ LANGUAGE plpgsql`,
    `CREATE TRIGGER ${lines.table}_freeze_issued
      BEFORE INSERT OR UPDATE OR DELETE ON ${lines.table}
      FOR EACH ROW EXECUTE FUNCTION ${lines.table}_freeze_issued()`,
  ]
}

export function dropFreezeSql(spec: FreezeSpec): string[] {
  return [
    `DROP FUNCTION IF EXISTS ${spec.lines.table}_freeze_issued()`,
    `DROP FUNCTION IF EXISTS ${spec.table}_freeze_issued()`,
  ]
}
