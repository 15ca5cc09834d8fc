/*
 * Backup and restore (README « Sauvegarde et restauration », decisions 590–599): the demo data
 * (real documents through the real services, with their signatures, photos and PDFs) is
 * committed, backed up, and restored into a second database and a second disk; the check passes
 * and every table is equal row for row. Then the refusals (a database holding rows, a newer
 * schema, a damaged file) and the tampering the check must name in French.
 */
import { test } from '@japa/runner'
import { copyFile, mkdtemp, rm, stat, truncate } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { Disk } from '@adonisjs/drive'
import { FSDriver } from '@adonisjs/drive/drivers/fs'
import type { PostgreConfig } from '@adonisjs/lucid/types/database'
import { seedDemo } from '#database/demo/index'
import { ArchiveWriter, readArchive } from '#services/backup/archive'
import { createBackup, pgClientFor, type Manifest } from '#services/backup/backup_service'
import { checkDatabase } from '#services/backup/check_service'
import { FILE_REFERENCES, MIGRATION_TABLES } from '#services/backup/inventory'
import { inspectArchive, restoreBackup, RestoreRefused } from '#services/backup/restore_service'
import BackupCheck from '#commands/backup_check'

const COPY = 'copie'

/** The test database's connection settings, pointed at another database of the same server. */
function configFor(database: string): PostgreConfig {
  const base = db.getRawConnection(db.primaryConnectionName)!.config as PostgreConfig
  const connection = { ...(base.connection as Record<string, unknown>) }
  if (typeof connection.connectionString === 'string') {
    const url = new URL(connection.connectionString)
    url.pathname = `/${database}`
    connection.connectionString = url.toString()
  } else connection.database = database
  return { ...base, connection } as PostgreConfig
}

function databaseName(): string {
  const { connection } = db.getRawConnection(db.primaryConnectionName)!.config as any
  return connection.connectionString
    ? new URL(connection.connectionString).pathname.slice(1)
    : connection.database
}

/** Every table's rows, hashed in a fixed order, every sequence's value, and the schema. */
async function fingerprint(connection: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  const query = db.connection(connection)
  const tables = await query.rawQuery(
    `SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'
        AND NOT (relname = ANY(?)) ORDER BY 1`,
    [MIGRATION_TABLES]
  )
  for (const { relname: name } of tables.rows) {
    const { rows } = await query.rawQuery(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h
         FROM "${name}" x`
    )
    out[name] = `${rows[0].n} ${rows[0].h}`
  }
  const sequences = await query.rawQuery(
    `SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public'`
  )
  for (const s of sequences.rows) out[`sequence ${s.sequencename}`] = String(s.last_value)
  // The schema came back whole: indexes (dropped for the load), keys, triggers switched on
  const schema = await query.rawQuery(
    `SELECT 'index ' || indexdef AS d FROM pg_indexes WHERE schemaname = 'public'
     UNION ALL
     SELECT 'constraint ' || conrelid::regclass::text || ' ' || pg_get_constraintdef(oid)
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace
     UNION ALL
     SELECT 'trigger ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text
       FROM pg_trigger WHERE NOT tgisinternal`
  )
  out.schema = schema.rows
    .map((r: { d: string }) => r.d)
    .sort()
    .join('\n')
  return out
}

async function checkCopy(disk: Disk, archive?: Awaited<ReturnType<typeof inspectArchive>>) {
  const client = pgClientFor(COPY)
  await client.connect()
  try {
    return await checkDatabase(client, { ...(archive ?? {}), disk })
  } finally {
    await client.end()
  }
}

/** Every row of the tables that hold some before the demo is seeded: what migrations insert. */
async function migrationRows(): Promise<[string, unknown[]][]> {
  const tables = await db.rawQuery(
    `SELECT quote_ident(relname) AS name FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND NOT (relname = ANY(?))`,
    [MIGRATION_TABLES]
  )
  const found: [string, unknown[]][] = []
  for (const { name } of tables.rows as { name: string }[]) {
    const { rows } = await db.rawQuery(`SELECT * FROM ${name}`)
    if (rows.length > 0) found.push([name, rows])
  }
  return found
}

test.group('Backup / sauvegarde, restauration et vérification', (group) => {
  let dir: string
  let copyDisk: Disk
  let backup: string
  const copyDb = `${databaseName()}_copie`

  group.setup(async () => {
    // What the migrations themselves put in tables (cache_versions…), put back after the cleanup
    const seeded = await migrationRows()
    // Committed: the backup reads through its own connection, in its own snapshot
    const trx = await db.beginGlobalTransaction()
    await seedDemo(trx)
    await db.commitGlobalTransaction()
    dir = await mkdtemp(join(tmpdir(), 'esi-backup-'))
    copyDisk = new Disk(new FSDriver({ location: join(dir, 'disque'), visibility: 'private' }))
    await db.rawQuery(`DROP DATABASE IF EXISTS "${copyDb}" WITH (FORCE)`)
    await db.rawQuery(`CREATE DATABASE "${copyDb}"`)
    db.manager.add(COPY, configFor(copyDb))
    backup = join(dir, 'demo.esi.gz')
    return async () => {
      await db.manager.close(COPY)
      await db.rawQuery(`DROP DATABASE IF EXISTS "${copyDb}" WITH (FORCE)`)
      const tables = await db.rawQuery(
        `SELECT string_agg(quote_ident(relname), ', ') AS list FROM pg_class
          WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND NOT (relname = ANY(?))`,
        [MIGRATION_TABLES]
      )
      await db.rawQuery(`TRUNCATE ${tables.rows[0].list} RESTART IDENTITY CASCADE`)
      for (const [table, rows] of seeded) {
        await db.rawQuery(
          `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, ?::json)`,
          [JSON.stringify(rows)]
        )
      }
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('backup, restore into an empty database: the check passes, every table equal', async ({
    assert,
  }) => {
    const result = await createBackup(backup)
    assert.deepEqual(result.missingFiles, [])
    assert.isAbove(result.files, 0)
    assert.isAbove(result.manifest.referencedFiles, 0)
    const written = await stat(backup)
    assert.equal(written.size, result.bytes)
    const devis = result.manifest.tables.find((t) => t.name === 'devis')!
    assert.isAbove(devis.rows, 0)

    const restored = await restoreBackup(backup, { connectionName: COPY, disk: copyDisk })
    assert.deepEqual(restored.check.problems, [])
    assert.isTrue(restored.check.ok)
    assert.deepEqual(restored.pendingMigrations, [])
    assert.equal(restored.files, result.files)
    // As many series as the source had: the demo's documents fall in one or two years
    // depending on the day the suite runs (it was a fixed 12, false from December)
    const series = result.manifest.series.length
    assert.isAbove(series, 5)
    assert.include(
      restored.check.summary,
      `Séries de numérotation : ${series} sur ${series} sans trou`
    )
    assert.deepEqual(await fingerprint(COPY), await fingerprint(db.primaryConnectionName))

    // Every file the restored database names is on the second disk, byte for byte
    const client = pgClientFor(COPY)
    await client.connect()
    const { rows } = await client.query(
      `SELECT signature_path FROM bdcs WHERE signature_path IS NOT NULL LIMIT 1`
    )
    await client.end()
    const key = `signatures/${rows[0].signature_path}`
    assert.deepEqual(await copyDisk.getBytes(key), await drive.use().getBytes(key))
  }).timeout(120_000)

  test('a database holding rows is refused without --force, replaced with it', async ({
    assert,
  }) => {
    const copy = db.connection(COPY)
    await copy.rawQuery(
      `UPDATE clients SET nom = 'modifié après' WHERE id_client = (SELECT min(id_client) FROM clients)`
    )
    await copyDisk.put('signatures/00000000000000000000000000000000.png', 'orpheline')
    const error = await restoreBackup(backup, { connectionName: COPY, disk: copyDisk }).catch(
      (e) => e
    )
    assert.instanceOf(error, RestoreRefused)
    assert.match(error.message, /^La base n’est pas vide \(\d+ tables contiennent des données/)
    assert.include(error.message, 'Relancez avec --force')
    // Nothing touched
    const [{ nom }] = await copy.from('clients').orderBy('id_client').limit(1)
    assert.equal(nom, 'modifié après')

    const forced = await restoreBackup(backup, {
      connectionName: COPY,
      disk: copyDisk,
      force: true,
    })
    assert.isTrue(forced.check.ok)
    assert.deepEqual(await fingerprint(COPY), await fingerprint(db.primaryConnectionName))
    // --force empties the disk's folders first: no file from before is left
    assert.isFalse(await copyDisk.exists('signatures/00000000000000000000000000000000.png'))
  }).timeout(120_000)

  test('the check names a missing file, a gap in a series and a changed amount', async ({
    assert,
  }) => {
    const archive = await inspectArchive(backup)
    const copy = db.connection(COPY)
    const bdc = await copy.from('bdcs').whereNotNull('signature_path').orderBy('id').first()
    await copyDisk.delete(`signatures/${bdc.signature_path}`)
    // A devis in the middle of its series, removed behind the application's back
    const [serie] = await copy
      .from('document_counters')
      .where('serie', 'DEV')
      .where('dernier', '>=', 3)
      .orderBy('annee')
    const numero = `DEV-${serie.annee}-00002`
    await copy.transaction(async (trx) => {
      await trx.rawQuery(`SET LOCAL session_replication_role = replica`)
      await trx.from('devis').where('numero', numero).delete()
    })
    await copy.rawQuery(
      `UPDATE paiements SET montant = montant + 1 WHERE id = (SELECT min(id) FROM paiements)`
    )

    const check = await checkCopy(copyDisk, archive)
    assert.isFalse(check.ok)
    assert.include(
      check.problems,
      `Fichier absent : signatures/${bdc.signature_path} (bdcs.signature_path)`
    )
    assert.include(
      check.problems,
      `Série DEV ${serie.annee} : numéros manquants ${numero} (${serie.dernier} attendus, ${serie.dernier - 1} trouvés)`
    )
    const devis = archive.manifest.tables.find((t) => t.name === 'devis')!
    assert.include(
      check.problems,
      `Table devis : ${devis.rows - 1} lignes, ${devis.rows} attendues`
    )
    assert.isDefined(check.problems.find((p) => /^Paiements : .* attendu .*/.test(p)))
    assert.isDefined(check.problems.find((p) => /^Devis : .* attendu .*/.test(p)))
    // The changed paiement also moves the customer's balance, whose per-day sums keep a change row
    // (decision 560): that table's count differs too, rightly
    const others = check.problems.filter((p) => !p.startsWith('Table client_soldes_jour :'))
    assert.lengthOf(others, 6, check.problems.join(' / ')) // the file, the gap, the series' count, the table, two totals

    // Without a backup to compare, the gap and the missing file are still found
    const alone = await checkCopy(copyDisk)
    assert.deepEqual(alone.problems, [
      `Série DEV ${serie.annee} : numéros manquants ${numero} (${serie.dernier} attendus, ${serie.dernier - 1} trouvés)`,
      `Fichier absent : signatures/${bdc.signature_path} (bdcs.signature_path)`,
    ])
  }).timeout(120_000)

  test('a file changed on the disk is told by its hash', async ({ assert }) => {
    await restoreBackup(backup, { connectionName: COPY, disk: copyDisk, force: true })
    const [photo] = await db.connection(COPY).from('commande_fichiers').whereNotNull('vignette')
    const key = `commandes/vignettes/${photo.vignette}`
    await copyDisk.put(key, Buffer.from('\xff\xd8\xff autre chose', 'latin1'))
    const check = await checkCopy(copyDisk, await inspectArchive(backup))
    assert.deepEqual(check.problems, [`Fichier altéré : ${key} (empreinte SHA-256 différente)`])
  }).timeout(120_000)

  test('a backup of a newer schema, or a damaged file, is refused before anything changes', async ({
    assert,
  }) => {
    const before = await fingerprint(COPY)
    // The same backup, its manifest naming a migration this code does not have
    const newer = join(dir, 'plus-recente.esi.gz')
    const writer = new ArchiveWriter(newer)
    for await (const { header, body } of readArchive(backup)) {
      if (header.type === 'manifest') {
        const manifest = header.manifest as Manifest
        manifest.migrations.push('database/migrations/9999_future')
      }
      await writer.entry(header, body)
    }
    await writer.close()
    const error = await restoreBackup(newer, {
      connectionName: COPY,
      disk: copyDisk,
      force: true,
    }).catch((e) => e)
    assert.instanceOf(error, RestoreRefused)
    assert.equal(
      error.message,
      'Cette sauvegarde vient d’une version plus récente de l’application (migrations inconnues : database/migrations/9999_future). Installez cette version avant de restaurer.'
    )

    const cut = join(dir, 'tronquee.esi.gz')
    await copyFile(backup, cut)
    const full = await stat(backup)
    await truncate(cut, Math.floor(full.size / 2))
    const damaged = await restoreBackup(cut, { connectionName: COPY, force: true }).catch((e) => e)
    assert.instanceOf(damaged, RestoreRefused)
    assert.match(damaged.message, /^Sauvegarde (illisible|incomplète)/)

    assert.deepEqual(await fingerprint(COPY), before)
  }).timeout(120_000)

  test('a backup of an older schema is restored at its version, the newer migrations left', async ({
    assert,
  }) => {
    // The same backup as if taken before 0850 (indexes only: the rows fit either schema)
    const skipped = 'database/migrations/0850_add_realisations_indexes'
    const older = join(dir, 'plus-ancienne.esi.gz')
    const writer = new ArchiveWriter(older)
    for await (const { header, body } of readArchive(backup)) {
      if (header.type === 'manifest') {
        const manifest = header.manifest as Manifest
        manifest.migrations = manifest.migrations.filter((m) => m !== skipped)
      }
      await writer.entry(header, body)
    }
    await writer.close()
    const restored = await restoreBackup(older, {
      connectionName: COPY,
      disk: copyDisk,
      force: true,
    })
    assert.deepEqual(restored.check.problems, [])
    assert.deepEqual(restored.pendingMigrations, [skipped])
    const ran = await db.connection(COPY).from('adonis_schema').where('name', skipped)
    assert.lengthOf(ran, 0)
  }).timeout(120_000)

  test('node ace backup:check: exit code 0 when equal, 1 and the French line on a change', async ({
    assert,
  }) => {
    ace.ui.switchMode('raw')
    const ok = await ace.create(BackupCheck, [backup])
    await ok.exec()
    ok.assertSucceeded()
    assert.isDefined(ok.logger.getLogs().find((l) => l.message.includes('Vérification réussie.')))

    const [facture] = await db.from('factures').whereNotNull('numero').orderBy('id').limit(1)
    await db.rawQuery(`ALTER TABLE factures DISABLE TRIGGER USER`)
    await db
      .from('factures')
      .where('id', facture.id)
      .update({ total_ttc: facture.total_ttc + 100 })
    await db.rawQuery(`ALTER TABLE factures ENABLE TRIGGER USER`)
    const failed = await ace.create(BackupCheck, [backup])
    await failed.exec()
    failed.assertFailed()
    const errors = failed.logger.getLogs().map((l) => l.message)
    assert.isDefined(errors.find((m) => /Factures : .* attendu /.test(m)))
    assert.isDefined(errors.find((m) => m.includes('Vérification échouée : 1 écart(s).')))
  }).timeout(120_000)

  test('every column naming a stored file is known to the backup', async ({ assert }) => {
    const { rows } = await db.rawQuery(
      `SELECT table_name || '.' || column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public'
          AND (column_name LIKE '%\\_path' OR column_name IN ('nom_stocke', 'vignette'))
        ORDER BY 1`
    )
    assert.deepEqual(
      rows.map((r: { name: string }) => r.name),
      FILE_REFERENCES.map((r) => `${r.table}.${r.column}`).sort()
    )
  })
})
