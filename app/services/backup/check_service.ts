/*
 * `node ace backup:check [file]`, also the last step of every restore (README « Sauvegarde et
 * restauration »). On the database as it is: every numbering series gapless (1 … its counter,
 * each number once) and every file the database names present on the disk. Against a backup's
 * manifest as well: the schema's migrations, the rows of every table, the count and sum of
 * every document type, each series' counter, and each file's SHA-256. French lines; `ok` false
 * on any mismatch (the command then exits with 1).
 */
import { createHash } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import type { Disk } from '@adonisjs/drive'
import { formatEuros } from '#shared/totals'
import type { FileIndexLine, Manifest } from '#services/backup/backup_service'
import {
  countRows,
  documentTotals,
  listTables,
  migrationsRun,
  missingNumbers,
  numeroLabel,
  referencedFiles,
  seriesStates,
  type Queryable,
  type SerieState,
} from '#services/backup/inventory'

export type CheckResult = { ok: boolean; problems: string[]; summary: string[] }

/**
 * Tables whose number of rows is not what a backup holds: analyse_ecritures' rows are folded by
 * any request at any moment, their sums kept (decision 823), and any write to the tables it
 * counts adds one; their sums are restored with them.
 */
const ROWS_NOT_COMPARED = new Set(['analyse_ecritures'])

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('fr-BE')} ${n === 1 ? one : many}`

async function sha256Of(disk: Disk, key: string): Promise<string | null> {
  try {
    const hash = createHash('sha256')
    for await (const chunk of await disk.getStream(key)) hash.update(chunk)
    return hash.digest('hex')
  } catch {
    return null
  }
}

/** The gaps, doubles and strays of one series and year (empty when it is gapless). */
async function serieProblems(client: Queryable, s: SerieState): Promise<string[]> {
  const name = `Série ${s.serie} ${s.annee}`
  if (s.dernier === null) {
    return [
      `${name} : ${count(s.documents, 'document numéroté', 'documents numérotés')} sans compteur`,
    ]
  }
  const problems: string[] = []
  if (s.documents > s.distincts) {
    problems.push(`${name} : ${count(s.documents - s.distincts, 'numéro', 'numéros')} en double`)
  }
  if (s.max !== null && s.max > s.dernier) {
    problems.push(
      `${name} : numéro ${numeroLabel(s.serie, s.annee, s.max)} au-delà du compteur (${s.dernier})`
    )
  }
  if (s.distincts < s.dernier || (s.min !== null && s.min < 1)) {
    const missing = await missingNumbers(client, s.serie, s.annee, s.dernier)
    if (missing.length > 0) {
      const shown = missing.map((n) => numeroLabel(s.serie, s.annee, n)).join(', ')
      const more = s.dernier - s.distincts > missing.length ? '…' : ''
      problems.push(
        `${name} : numéros manquants ${shown}${more} (${s.dernier} attendus, ${s.distincts} trouvés)`
      )
    }
  }
  return problems
}

export async function checkDatabase(
  client: Queryable,
  options: { manifest?: Manifest; files?: Map<string, FileIndexLine>; disk?: Disk } = {}
): Promise<CheckResult> {
  const { manifest, files } = options
  const disk = options.disk ?? drive.use()
  const problems: string[] = []
  const summary: string[] = []

  // Schema and tables
  if (manifest) {
    const run = new Set(await migrationsRun(client))
    const absent = manifest.migrations.filter((m) => !run.has(m))
    if (absent.length > 0) {
      problems.push(
        `Schéma : migrations de la sauvegarde absentes de la base : ${absent.join(', ')}`
      )
    }
    const extra = run.size - (manifest.migrations.length - absent.length)
    if (extra > 0)
      summary.push(
        `Schéma : ${count(extra, 'migration', 'migrations')} plus récentes que la sauvegarde`
      )
    const tables = await listTables(client)
    const present = new Set(tables.map((t) => t.name))
    let rows = 0
    for (const table of manifest.tables) {
      if (!present.has(table.name)) {
        problems.push(`Table ${table.name} absente`)
        continue
      }
      const actual = await countRows(client, table.name)
      rows += actual
      if (actual !== table.rows && !ROWS_NOT_COMPARED.has(table.name)) {
        problems.push(
          `Table ${table.name} : ${count(actual, 'ligne', 'lignes')}, ${table.rows.toLocaleString('fr-BE')} attendues`
        )
      }
    }
    summary.push(`Tables : ${manifest.tables.length}, ${count(rows, 'ligne', 'lignes')}`)
  }

  // Totals per document type
  const expected = new Map(manifest?.totals.map((t) => [t.table, t]))
  for (const total of await documentTotals(client)) {
    const text = `${count(total.rows, 'document', 'documents')}, ${formatEuros(Number(total.sum))}`
    summary.push(`${total.label} : ${text}`)
    const want = expected.get(total.table)
    if (want && (want.rows !== total.rows || want.sum !== total.sum)) {
      problems.push(
        `${total.label} : ${text}, attendu ${count(want.rows, 'document', 'documents')}, ${formatEuros(Number(want.sum))}`
      )
    }
  }

  // Numbering series
  const states = await seriesStates(client)
  let gapless = 0
  for (const state of states) {
    const found = await serieProblems(client, state)
    if (found.length === 0) gapless++
    problems.push(...found)
  }
  if (manifest) {
    const now = new Map(states.map((s) => [`${s.serie} ${s.annee}`, s]))
    for (const was of manifest.series) {
      const is = now.get(`${was.serie} ${was.annee}`)
      if (!is || is.dernier !== was.dernier || is.documents !== was.documents) {
        problems.push(
          `Série ${was.serie} ${was.annee} : compteur ${is?.dernier ?? 'absent'} et ${count(is?.documents ?? 0, 'document', 'documents')}, ` +
            `attendu ${was.dernier ?? 'absent'} et ${was.documents}`
        )
      }
    }
  }
  summary.push(`Séries de numérotation : ${gapless} sur ${states.length} sans trou`)

  // Files the database names
  let present = 0
  for (const ref of await referencedFiles(client)) {
    const where = `${ref.source} : ${ref.name}`
    if (!ref.key) {
      problems.push(`Nom de fichier invalide (${where})`)
      continue
    }
    const want = files?.get(ref.key)
    if (files && !want) {
      problems.push(`Fichier absent de la sauvegarde : ${ref.key} (${ref.source})`)
      continue
    }
    if (!want) {
      if (await disk.exists(ref.key)) present++
      else problems.push(`Fichier absent : ${ref.key} (${ref.source})`)
      continue
    }
    const sha256 = await sha256Of(disk, ref.key)
    if (sha256 === null) problems.push(`Fichier absent : ${ref.key} (${ref.source})`)
    else if (sha256 !== want.sha256)
      problems.push(`Fichier altéré : ${ref.key} (empreinte SHA-256 différente)`)
    else present++
  }
  summary.push(
    `Fichiers référencés : ${count(present, 'présent', 'présents')}${files ? ', empreintes vérifiées' : ''}`
  )

  return { ok: problems.length === 0, problems, summary }
}
