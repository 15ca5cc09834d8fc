/*
 * `node ace restore <file> [--force]` (README « Sauvegarde et restauration »).
 *
 * 1. The whole archive is read once first (gzip checksums, the end marker): a file cut short or
 *    damaged is refused before anything is touched.
 * 2. The schema: refused when the backup ran migrations this code does not have (a newer
 *    version's backup). The database must hold no row, or --force wipes it.
 * 3. The public schema is recreated and exactly the backup's migrations run (newer ones are left
 *    to `node ace migration:run`, which then upgrades the restored data as it would have).
 * 4. In ONE transaction: the foreign keys and plain indexes are dropped and the tables' own
 *    triggers disabled, every table is emptied (in case a migration seeds rows) and loaded by
 *    `COPY … FROM STDIN` straight from the archive; then the indexes are built, the triggers come back (the aggregate tables they maintain — client_soldes,
 *    creance_echeances — keep the rows dumped, not recomputed ones), the foreign keys are added
 *    again (PostgreSQL checks every row) and the sequences set. Any failure rolls all of it back.
 * 5. The files go back onto drive's disk (only keys of the app's own shape: nothing outside its
 *    folders), then the check (check_service.ts) runs against the manifest.
 */
import { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { once } from 'node:events'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import type { Disk } from '@adonisjs/drive'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import { from as copyFrom } from 'pg-copy-streams'
import { storedFileAt } from '#services/storage/files'
import { ArchiveError, bodyText, readArchive } from '#services/backup/archive'
import {
  BACKUP_FORMAT,
  pgClientFor,
  type FileIndexLine,
  type Manifest,
} from '#services/backup/backup_service'
import { checkDatabase, type CheckResult } from '#services/backup/check_service'
import {
  fileFolders,
  listTables,
  MIGRATION_TABLES,
  quoteIdent,
  type Queryable,
} from '#services/backup/inventory'

/** A restore refused before anything was changed (French message for the command's output). */
export class RestoreRefused extends Error {}

export type RestoreResult = {
  manifest: Manifest
  check: CheckResult
  rows: number
  files: number
  /** The code's migrations newer than the backup, left for `node ace migration:run`. */
  pendingMigrations: string[]
}

/** Reads the whole archive: its manifest and files' index, or why it is unusable. */
export async function inspectArchive(
  path: string
): Promise<{ manifest: Manifest; files: Map<string, FileIndexLine> }> {
  let manifest: Manifest | null = null
  const files = new Map<string, FileIndexLine>()
  let ended = false
  try {
    for await (const { header, body } of readArchive(path)) {
      if (!manifest && header.type !== 'manifest') throw new ArchiveError('manifeste absent')
      if (header.type === 'manifest') manifest = header.manifest as Manifest
      else if (header.type === 'files') {
        const text = await bodyText(body)
        for (const line of text.split('\n').filter(Boolean)) {
          const entry = JSON.parse(line) as FileIndexLine
          files.set(entry.key, entry)
        }
      } else if (header.type === 'end') ended = true
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw new RestoreRefused(error.message)
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new RestoreRefused(`Fichier introuvable : ${path}`)
    }
    // zlib's errors (a damaged or truncated gzip stream: Z_BUF_ERROR, Z_DATA_ERROR…)
    if (String((error as NodeJS.ErrnoException).code).startsWith('Z_')) {
      throw new RestoreRefused('Sauvegarde illisible : fichier tronqué ou endommagé.')
    }
    throw error
  }
  if (!manifest || !ended) throw new RestoreRefused('Sauvegarde incomplète : fichier tronqué.')
  if (manifest.application !== 'esi-backoffice' || manifest.format !== BACKUP_FORMAT) {
    throw new RestoreRefused(
      `Format de sauvegarde inconnu (${manifest.application} ${manifest.format}).`
    )
  }
  return { manifest, files }
}

/** The code's migrations, in the order the migrator runs them. */
async function codeMigrations(runner: MigrationRunner): Promise<{ name: string }[]> {
  return (runner as unknown as MigrationSourceHolder).migrationSource.getMigrations()
}
type MigrationSourceHolder = {
  migrationSource: { getMigrations(): Promise<{ name: string }[]> }
}

/** The tables holding rows (the migrator's own tables aside). */
async function tablesWithRows(client: Queryable): Promise<string[]> {
  const out: string[] = []
  for (const table of await listTables(client)) {
    const { rows } = await client.query(
      `SELECT EXISTS (SELECT 1 FROM ${quoteIdent(table.name)}) AS x`
    )
    if (rows[0].x) out.push(table.name)
  }
  return out
}

async function pipeInto(
  body: AsyncIterable<Buffer>,
  stream: NodeJS.WritableStream & { rowCount?: number }
) {
  for await (const chunk of body) {
    if (!stream.write(chunk)) await once(stream, 'drain')
  }
  stream.end()
  await finished(stream)
}

export async function restoreBackup(
  path: string,
  options: {
    connectionName?: string
    force?: boolean
    disk?: Disk
    log?: (line: string) => void
  } = {}
): Promise<RestoreResult> {
  const log = options.log ?? (() => {})
  const disk = options.disk ?? drive.use()
  const connectionName = options.connectionName ?? db.primaryConnectionName
  // Each step's line says how long it took (README's figures)
  let mark = Date.now()
  const done = (text: string) => {
    const seconds = ((Date.now() - mark) / 1000).toFixed(1).replace('.', ',')
    log(`${text} (${seconds} s)`)
    mark = Date.now()
  }
  const { manifest, files } = await inspectArchive(path)
  done('Sauvegarde lue en entier, intacte')

  const runner = new MigrationRunner(db, app, { direction: 'up', connectionName })
  const known = await codeMigrations(runner)
  const knownNames = new Set(known.map((m) => m.name))
  const unknown = manifest.migrations.filter((m) => !knownNames.has(m))
  if (unknown.length > 0) {
    throw new RestoreRefused(
      `Cette sauvegarde vient d’une version plus récente de l’application (migrations inconnues : ${unknown.join(', ')}). ` +
        'Installez cette version avant de restaurer.'
    )
  }

  const client = pgClientFor(connectionName)
  await client.connect()
  try {
    const filled = await tablesWithRows(client)
    if (filled.length > 0 && !options.force) {
      const shown = filled.slice(0, 5).join(', ') + (filled.length > 5 ? '…' : '')
      throw new RestoreRefused(
        `La base n’est pas vide (${filled.length} tables contiennent des données : ${shown}). ` +
          'Relancez avec --force pour l’effacer et la remplacer par la sauvegarde.'
      )
    }

    // 3. A fresh schema at the backup's version
    await client.query('DROP SCHEMA IF EXISTS public CASCADE')
    await client.query('CREATE SCHEMA public')
    const wanted = new Set(manifest.migrations)
    const source = (runner as unknown as MigrationSourceHolder).migrationSource
    source.getMigrations = async () => known.filter((m) => wanted.has(m.name))
    await runner.run()
    if (runner.error) throw runner.error
    done(`Schéma recréé : ${manifest.migrations.length} migrations`)

    // 4. The rows, in one transaction
    await client.query('BEGIN')
    const loaded = await listTables(client)
    const present = new Map(loaded.map((t) => [t.name, t.columns]))
    for (const table of manifest.tables) {
      const columns = present.get(table.name)
      if (!columns || [...columns].sort().join() !== [...table.columns].sort().join()) {
        throw new Error(`Table ${table.name} : colonnes différentes de la sauvegarde`)
      }
    }
    const { rows: foreignKeys } = await client.query(
      `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def
         FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`
    )
    for (const fk of foreignKeys) {
      await client.query(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${quoteIdent(fk.conname)}`)
    }
    const { rows: triggered } = await client.query(
      `SELECT DISTINCT tgrelid::regclass::text AS tbl FROM pg_trigger t
         JOIN pg_class c ON c.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace`
    )
    for (const t of triggered) await client.query(`ALTER TABLE ${t.tbl} DISABLE TRIGGER USER`)
    // Indexes built once on the loaded rows rather than row by row (trigram GIN indexes above
    // all): what pg_restore does. Those behind a constraint (primary keys, unique) stay, and so do
    // partial ones: their predicate would come back re-parsed, written differently.
    const { rows: indexes } = await client.query(
      `SELECT quote_ident(i.relname) AS name, pg_get_indexdef(i.oid) AS def
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
        WHERE i.relnamespace = 'public'::regnamespace
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)
          AND x.indpred IS NULL`
    )
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`)
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`)
    const all = [...present.keys()].filter((t) => !MIGRATION_TABLES.includes(t))
    if (all.length > 0) await client.query(`TRUNCATE ${all.map(quoteIdent).join(', ')}`)

    const expected = new Map(manifest.tables.map((t) => [t.name, t]))
    let rows = 0
    let restoredFiles = 0
    let committed = false
    const finishRows = async () => {
      for (const index of indexes) await client.query(index.def)
      for (const t of triggered) await client.query(`ALTER TABLE ${t.tbl} ENABLE TRIGGER USER`)
      for (const fk of foreignKeys) {
        await client.query(
          `ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${quoteIdent(fk.conname)} ${fk.def}`
        )
      }
      for (const seq of manifest.sequences) {
        if (seq.value === null) continue
        await client.query(`SELECT setval($1::regclass, $2::bigint, true)`, [
          `public.${quoteIdent(seq.name)}`,
          seq.value,
        ])
      }
      await client.query('COMMIT')
      committed = true
      done(
        `${manifest.tables.length} tables, ${rows.toLocaleString('fr-BE')} lignes restaurées, clés étrangères vérifiées`
      )
      // 5. The files (after the rows: a bad key must not undo them, the check tells)
      if (options.force) for (const folder of fileFolders()) await disk.deleteAll(folder)
    }

    for await (const { header, body } of readArchive(path)) {
      if (header.type === 'table') {
        const table = expected.get(header.name)
        if (!table) throw new Error(`Table ${header.name} absente du manifeste`)
        const columns = table.columns.map(quoteIdent).join(', ')
        const stream = client.query(
          copyFrom(`COPY ${quoteIdent(table.name)} (${columns}) FROM STDIN`)
        )
        await pipeInto(body, stream)
        rows += stream.rowCount
        if (stream.rowCount !== table.rows) {
          throw new Error(
            `Table ${table.name} : ${stream.rowCount} lignes lues, ${table.rows} attendues`
          )
        }
        continue
      }
      if (header.type === 'manifest') continue
      if (!committed) await finishRows()
      if (header.type === 'file') {
        // Never a key the app would not have given (no path outside its folders)
        if (!storedFileAt(header.key)) {
          log(`Fichier ignoré (nom inattendu) : ${header.key}`)
          continue
        }
        await disk.putStream(header.key, Readable.from(body))
        restoredFiles++
      }
    }
    if (!committed) await finishRows()
    done(`${restoredFiles} fichiers restaurés`)
    const check = await checkDatabase(client, { manifest, files, disk })
    done('Vérification')
    const pendingMigrations = known.map((m) => m.name).filter((m) => !wanted.has(m))
    return { manifest, check, rows, files: restoredFiles, pendingMigrations }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    await client.end().catch(() => {})
  }
}
