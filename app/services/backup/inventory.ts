/*
 * What a backup records and the check compares (README « Sauvegarde et restauration »): the
 * tables and their columns, row counts, sequences, the totals per document type, the numbering
 * series (document_counters against the numbers the documents carry) and the files the database
 * names. Plain SQL on a `pg` client: the backup runs it inside its snapshot, the check on the
 * restored database.
 */
import { FILE_KINDS, storedFile, type FileKind } from '#services/storage/files'
import { SERIES } from '#services/documents/numbering'

/** A `pg` client or pool (anything with `query`). */
export type Queryable = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: any[]; rowCount: number | null }>
}

/** The migrator's own tables: rebuilt by running the migrations, never copied. */
export const MIGRATION_TABLES = ['adonis_schema', 'adonis_schema_versions']

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

export type TableInfo = { name: string; columns: string[] }

/** The public schema's tables (but the migrator's) with their stored columns, by name. */
export async function listTables(client: Queryable): Promise<TableInfo[]> {
  const { rows } = await client.query(
    `SELECT c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                          AND a.attgenerated = ''
      WHERE c.relkind IN ('r', 'p') AND NOT (c.relname = ANY($1))
      GROUP BY c.relname
      ORDER BY c.relname`,
    [MIGRATION_TABLES]
  )
  return rows.map((r) => ({ name: r.name, columns: r.columns }))
}

export async function countRows(client: Queryable, table: string): Promise<number> {
  const { rows } = await client.query(`SELECT count(*)::bigint AS n FROM ${quoteIdent(table)}`)
  return Number(rows[0].n)
}

/** The migrations run on this database, in the order they ran. */
export async function migrationsRun(client: Queryable): Promise<string[]> {
  const exists = await client.query(`SELECT to_regclass('public.adonis_schema') IS NOT NULL AS ok`)
  if (!exists.rows[0].ok) return []
  const { rows } = await client.query('SELECT name FROM adonis_schema ORDER BY id')
  return rows.map((r) => r.name)
}

export type SequenceState = { name: string; value: string | null }

/** Every sequence's last value (null: never used). Read apart from the snapshot: never behind it. */
export async function listSequences(client: Queryable): Promise<SequenceState[]> {
  const { rows } = await client.query(
    `SELECT sequencename AS name, last_value::text AS value
       FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`
  )
  return rows
}

/** The amounts checked per document type (cents): the sum of each one's total. */
export const DOCUMENT_TOTALS = [
  { label: 'Devis', table: 'devis', column: 'total_ttc' },
  { label: 'Bons de commande', table: 'bdcs', column: 'total_ttc' },
  { label: 'Commandes', table: 'commandes', column: 'total_ttc' },
  { label: 'Factures', table: 'factures', column: 'total_ttc' },
  { label: 'Notes de crédit', table: 'notes_credit', column: 'total_ttc' },
  { label: 'Paiements', table: 'paiements', column: 'montant' },
  { label: 'Demandes de paiement', table: 'demandes_paiement', column: 'montant' },
  { label: 'Offres', table: 'offres', column: 'total_ttc' },
  { label: 'Commandes fournisseur', table: 'commandes_fournisseur', column: 'total_ht' },
] as const

export type DocumentTotal = { label: string; table: string; rows: number; sum: string }

export async function documentTotals(client: Queryable): Promise<DocumentTotal[]> {
  const out: DocumentTotal[] = []
  for (const t of DOCUMENT_TOTALS) {
    const { rows } = await client.query(
      `SELECT count(*)::bigint AS n, coalesce(sum(${quoteIdent(t.column)}), 0)::text AS total
         FROM ${quoteIdent(t.table)}`
    )
    out.push({ label: t.label, table: t.table, rows: Number(rows[0].n), sum: rows[0].total })
  }
  return out
}

/**
 * The table holding each series' documents (app/services/documents/numbering.ts). An offre's
 * series is its société's (OFF:<societe id>). Numbers of another shape (the volume data's
 * DEV-2026-V00001) belong to no series and are not checked.
 */
const NUMBERED: { prefix: string; table: string; scope?: string }[] = [
  { prefix: SERIES.devis, table: 'devis' },
  { prefix: SERIES.bdc, table: 'bdcs' },
  { prefix: SERIES.commande, table: 'commandes' },
  { prefix: SERIES.offre, table: 'offres', scope: 'societe_id' },
  { prefix: SERIES.demande_paiement, table: 'demandes_paiement' },
  { prefix: SERIES.facture, table: 'factures' },
  { prefix: SERIES.note_credit, table: 'notes_credit' },
  { prefix: SERIES.commande_fournisseur, table: 'commandes_fournisseur' },
]

function documentsSql(): string {
  return NUMBERED.map(
    (s) =>
      `SELECT '${s.prefix}'${s.scope ? ` || ':' || ${quoteIdent(s.scope)}` : ''} AS serie,
              substr(numero, ${s.prefix.length + 2}, 4)::int AS annee,
              substr(numero, ${s.prefix.length + 7})::int AS n
         FROM ${quoteIdent(s.table)} WHERE numero ~ '^${s.prefix}-[0-9]{4}-[0-9]{5,}$'`
  ).join('\nUNION ALL\n')
}

/** A series and year: its counter (null: none) and the numbers its documents carry. */
export type SerieState = {
  serie: string
  annee: number
  dernier: number | null
  documents: number
  distincts: number
  min: number | null
  max: number | null
}

export async function seriesStates(client: Queryable): Promise<SerieState[]> {
  const { rows } = await client.query(
    `WITH docs AS (${documentsSql()}),
          numbered AS (SELECT serie, annee, count(*)::int AS documents,
                              count(DISTINCT n)::int AS distincts, min(n) AS min, max(n) AS max
                         FROM docs GROUP BY serie, annee)
     SELECT coalesce(c.serie, d.serie) AS serie, coalesce(c.annee, d.annee)::int AS annee,
            c.dernier, coalesce(d.documents, 0) AS documents, coalesce(d.distincts, 0) AS distincts,
            d.min, d.max
       FROM document_counters c
       FULL JOIN numbered d ON d.serie = c.serie AND d.annee = c.annee
      ORDER BY 1, 2`
  )
  return rows
}

/** The first numbers missing from a series (1 … its counter). */
export async function missingNumbers(
  client: Queryable,
  serie: string,
  annee: number,
  upTo: number,
  limit = 10
): Promise<number[]> {
  const { rows } = await client.query(
    `WITH docs AS (${documentsSql()})
     SELECT x FROM generate_series(1, $3::int) x
      WHERE NOT EXISTS (SELECT 1 FROM docs WHERE serie = $1 AND annee = $2 AND n = x)
      ORDER BY x LIMIT $4`,
    [serie, annee, upTo, limit]
  )
  return rows.map((r) => r.x)
}

/** DEV-2026-00007; OFF:3 2026 7 → OFF-2026-00007 (société 3). */
export function numeroLabel(serie: string, annee: number, n: number): string {
  const [prefix, scope] = serie.split(':')
  const numero = `${prefix}-${annee}-${String(n).padStart(5, '0')}`
  return scope ? `${numero} (société ${scope})` : numero
}

/**
 * Every column that names a stored file, with its kind (app/services/storage/files.ts). A new
 * file column goes here: tests/functional/backup/backup_restore.spec.ts fails on one left out.
 */
export const FILE_REFERENCES: { table: string; column: string; kind: string }[] = [
  { table: 'societes', column: 'logo_path', kind: `'logo'` },
  { table: 'bdcs', column: 'signature_path', kind: `'signature'` },
  { table: 'avenants', column: 'signature_path', kind: `'signature'` },
  { table: 'receptions', column: 'signature_path', kind: `'signature'` },
  {
    table: 'commande_fichiers',
    column: 'nom_stocke',
    kind: `CASE WHEN kind = 'document' THEN 'commande_document' ELSE 'photo' END`,
  },
  { table: 'commande_fichiers', column: 'vignette', kind: `'vignette'` },
]

/** A file the database names: its disk key, or null when the name is not one the app gives. */
export type FileReference = { source: string; name: string; key: string | null }

export async function referencedFiles(client: Queryable): Promise<FileReference[]> {
  const sql = FILE_REFERENCES.map(
    (r) =>
      `SELECT '${r.table}.${r.column}' AS source, ${r.kind} AS kind, ${quoteIdent(r.column)} AS name
         FROM ${quoteIdent(r.table)} WHERE ${quoteIdent(r.column)} IS NOT NULL`
  ).join('\nUNION ALL\n')
  const { rows } = await client.query(`${sql} ORDER BY 1, 3`)
  return rows.map((r) => ({
    source: r.source,
    name: r.name,
    key: storedFile(r.kind as FileKind, r.name)?.key ?? null,
  }))
}

/** The disk folders a backup copies: every kind's (the app keeps nothing else on the disk). */
export function fileFolders(): string[] {
  return [...new Set(Object.values(FILE_KINDS).map((k) => k.folder))]
}
