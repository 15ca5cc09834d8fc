/*
 * `node ace backup` (README « Sauvegarde et restauration »): the database and the stored files in
 * one file, through the app's own connection (no pg_dump needed: the embedded PostgreSQL has
 * none). Every table is read inside ONE read-only REPEATABLE READ transaction, so the copy is the
 * database at one instant while the app keeps running; each table is streamed out by
 * `COPY … TO STDOUT` into the archive (app/services/backup/archive.ts), never held in memory.
 * The files come from drive's disk (the local folder or the S3 bucket alike), each with its
 * SHA-256 in the closing index.
 */
import { createHash } from 'node:crypto'
import { rename, rm, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { mkdir } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import type { Disk } from '@adonisjs/drive'
import { ArchiveWriter } from '#services/backup/archive'
import {
  countRows,
  documentTotals,
  fileFolders,
  listSequences,
  listTables,
  migrationsRun,
  quoteIdent,
  referencedFiles,
  seriesStates,
  type DocumentTotal,
  type SequenceState,
  type SerieState,
} from '#services/backup/inventory'

export const BACKUP_FORMAT = 1
const APPLICATION = 'esi-backoffice'

/** The archive's first entry: what the restore needs before touching anything, and what the check compares. */
export type Manifest = {
  format: number
  application: string
  createdAt: string
  postgres: string
  /** The schema's version: the migrations run, in order. */
  migrations: string[]
  tables: { name: string; columns: string[]; rows: number }[]
  sequences: SequenceState[]
  totals: DocumentTotal[]
  series: SerieState[]
  /** How many file names the database holds (their hashes are in the closing index). */
  referencedFiles: number
}

/** One line of the files' index (the archive's `files` entry, JSON lines). */
export type FileIndexLine = { key: string; size: number; sha256: string }

export type BackupResult = {
  path: string
  bytes: number
  manifest: Manifest
  files: number
  /** Files the database names but the disk did not have at backup time. */
  missingFiles: string[]
}

/** A plain `pg` client on one of the app's connections (the primary by default). */
export function pgClientFor(connectionName?: string): pg.Client {
  const name = connectionName ?? db.primaryConnectionName
  const config = db.getRawConnection(name)?.config
  if (!config) throw new Error(`Connexion à la base inconnue : ${name}`)
  return new pg.Client(config.connection as pg.ClientConfig)
}

/** The keys on the disk under a folder, page by page (an S3 listing comes in pages). */
async function* diskKeys(disk: Disk, folder: string): AsyncGenerator<string> {
  let token: string | undefined
  do {
    let page
    try {
      page = await disk.listAll(folder, { recursive: true, paginationToken: token })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return // a folder never used
      throw error
    }
    for (const object of page.objects) if (object.isFile) yield object.key
    token = page.paginationToken
  } while (token)
}

async function* hashing(source: Readable, onEnd: (size: number, sha256: string) => void) {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of source) {
    hash.update(chunk)
    size += chunk.length
    yield chunk as Buffer
  }
  onEnd(size, hash.digest('hex'))
}

export function defaultBackupPath(root: string, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')
  return `${root}/sauvegarde-${stamp}.esi.gz`
}

export async function createBackup(
  output: string,
  options: { connectionName?: string; disk?: Disk; log?: (line: string) => void } = {}
): Promise<BackupResult> {
  const log = options.log ?? (() => {})
  let mark = Date.now()
  const done = (text: string) => {
    const seconds = ((Date.now() - mark) / 1000).toFixed(1).replace('.', ',')
    log(`${text} (${seconds} s)`)
    mark = Date.now()
  }
  const disk = options.disk ?? drive.use()
  if (await stat(output).catch(() => null)) throw new Error(`Le fichier ${output} existe déjà.`)
  await mkdir(dirname(output), { recursive: true })
  // Written under a temporary name: a backup cut short never looks like a finished one
  const partial = `${output}.partiel`
  await rm(partial, { force: true })
  const client = pgClientFor(options.connectionName)
  await client.connect()
  const writer = new ArchiveWriter(partial)
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    const migrations = await migrationsRun(client)
    if (migrations.length === 0) {
      throw new Error('la base n’a pas de schéma (aucune migration) : rien à sauvegarder.')
    }
    const tables = []
    for (const table of await listTables(client)) {
      tables.push({ ...table, rows: await countRows(client, table.name) })
    }
    const referenced = await referencedFiles(client)
    const version = await client.query('SHOW server_version')
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      application: APPLICATION,
      createdAt: new Date().toISOString(),
      postgres: version.rows[0].server_version,
      migrations,
      tables,
      sequences: await listSequences(client),
      totals: await documentTotals(client),
      series: await seriesStates(client),
      referencedFiles: referenced.length,
    }
    await writer.entry({ type: 'manifest', manifest })
    for (const table of tables) {
      const columns = table.columns.map(quoteIdent).join(', ')
      const stream = client.query(copyTo(`COPY ${quoteIdent(table.name)} (${columns}) TO STDOUT`))
      await writer.entry({ type: 'table', name: table.name }, stream)
    }
    await client.query('COMMIT')
    done(`${tables.length} tables copiées`)

    const index: FileIndexLine[] = []
    for (const folder of fileFolders()) {
      for await (const key of diskKeys(disk, folder)) {
        const source = await disk.getStream(key)
        const body = hashing(source, (size, sha256) => index.push({ key, size, sha256 }))
        await writer.entry({ type: 'file', key }, body)
      }
    }
    await writer.entry(
      { type: 'files' },
      index.map((line) => JSON.stringify(line) + '\n')
    )
    await writer.entry({ type: 'end' })
    await writer.close()
    await rename(partial, output)

    const onDisk = new Set(index.map((f) => f.key))
    const missingFiles = referenced
      .filter((r) => !r.key || !onDisk.has(r.key))
      .map((r) => `${r.source} : ${r.name}`)
    done(`${index.length} fichiers copiés`)
    const written = await stat(output)
    return {
      path: output,
      bytes: written.size,
      manifest,
      files: index.length,
      missingFiles,
    }
  } catch (error) {
    writer.destroy()
    await rm(partial, { force: true })
    throw error
  } finally {
    await client.end().catch(() => {})
  }
}
