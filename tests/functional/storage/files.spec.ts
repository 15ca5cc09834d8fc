/*
 * The one file storage (app/services/storage/files.ts) on the real local disk: a file goes in
 * under a random key in its kind's folder (the layout of the files kept before drive), comes
 * back byte for byte, as a stream through the logo route too, and goes; a key or a name that
 * tries to leave the folders is never read.
 */
import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import drive from '@adonisjs/drive/services/main'
import {
  deleteFile,
  FILE_KINDS,
  fileExists,
  listFiles,
  putBytes,
  readBytes,
  storedFile,
  storedFileAt,
} from '#services/storage/files'
import { TINY_PNG } from '#services/logo_storage'
import { testFilesRoot } from '#config/drive'
import { makeUser, withTransaction } from '#tests/helpers'
import { societeOf, withLogo } from '#tests/functional/societes/helpers'

const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

/** Where the test process's local disk keeps a key (config/drive.ts). */
function onDisk(key: string) {
  return join(testFilesRoot(), key)
}

test.group('File storage / local disk', (group) => {
  withTransaction(group)
  group.teardown(async () => {
    for (const kind of Object.values(FILE_KINDS)) await drive.use().deleteAll(kind.folder)
  })

  test('a file round-trips under a random key of its folder, then is deleted', async ({
    assert,
  }) => {
    const stored = await putBytes('logo', TINY_PNG)
    assert.match(stored.name, /^[a-f0-9]{32}\.png$/)
    assert.equal(stored.key, `uploads/logos/${stored.name}`)
    assert.equal(stored.mime, 'image/png')
    // Really on the local disk, where the files kept before drive are (storage/uploads/logos)
    assert.isTrue(existsSync(onDisk(stored.key)))
    assert.isTrue(await fileExists(stored))
    assert.deepEqual(await readBytes(storedFile('logo', stored.name)), TINY_PNG)
    assert.deepEqual(await readBytes(storedFileAt(stored.key)), TINY_PNG)
    assert.include(await listFiles('logo'), stored.name)

    const again = await putBytes('logo', TINY_PNG)
    assert.notEqual(again.name, stored.name)

    await deleteFile(stored)
    assert.isFalse(existsSync(onDisk(stored.key)))
    assert.isFalse(await fileExists(stored))
    assert.isNull(await readBytes(stored))
    await deleteFile(stored) // twice: harmless
    assert.isTrue(await fileExists(again))

    const scan = await putBytes('signature', PDF)
    assert.equal(scan.key, `signatures/${scan.name}`)
    assert.equal(scan.mime, 'application/pdf')
    assert.deepEqual(await readBytes(scan), PDF)
  })

  test('only the formats of a kind go in', async ({ assert }) => {
    await assert.rejects(() => putBytes('logo', PDF))
    await assert.rejects(() => putBytes('signature', Buffer.from('<svg/>')))
    await assert.rejects(() => putBytes('logo', Buffer.concat([TINY_PNG, Buffer.alloc(1024 * 1024)])))
    assert.isNull(storedFile('logo', `${'a'.repeat(32)}.pdf`))
    assert.isNotNull(storedFile('signature', `${'a'.repeat(32)}.pdf`))
  })

  test('a traversal key or a name that is not ours is refused, never read', async ({
    assert,
  }) => {
    for (const name of ['../../../package.json', '../.env', `../${'a'.repeat(32)}.png`, '']) {
      assert.isNull(storedFile('logo', name), name)
      assert.isNull(storedFile('signature', name), name)
    }
    for (const key of [
      'uploads/logos/../../../package.json',
      `uploads/logos/../../signatures/${'a'.repeat(32)}.png`,
      `uploads/${'a'.repeat(32)}.png`,
      `pgdata/${'a'.repeat(32)}.png`,
      '../package.json',
      '/etc/passwd',
    ]) {
      assert.isNull(storedFileAt(key), key)
      assert.isNull(await readBytes(storedFileAt(key)), key)
    }
    // The disk itself refuses to climb out of its root
    const climb = await (async () => drive.use().get('uploads/logos/../../../package.json'))().then(
      () => null,
      (error) => error
    )
    assert.equal(climb?.code, 'E_PATH_TRAVERSAL_DETECTED')
  })

  test('served as a stream: the same bytes, private headers, an ETag; a file gone is a 404', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('other')
    const societe = await withLogo(await societeOf(user, 'client'))
    const response = await client.get(`/app/company/${societe.id}/logo`).loginAs(user)
    response.assertStatus(200)
    assert.deepEqual(Buffer.from(response.body()), TINY_PNG)
    assert.equal(response.header('content-length'), String(TINY_PNG.length))
    assert.equal(response.header('x-content-type-options'), 'nosniff')
    assert.match(response.header('content-disposition') ?? '', /^attachment; /)

    // Its ETag spares the download when the browser already has it
    const etag = response.header('etag')
    assert.isString(etag)
    const cached = await client
      .get(`/app/company/${societe.id}/logo`)
      .header('if-none-match', etag!)
      .loginAs(user)
    cached.assertStatus(304)

    await deleteFile(storedFile('logo', societe.logoPath))
    const gone = await client.get(`/app/company/${societe.id}/logo`).loginAs(user)
    gone.assertStatus(404)
  })
})
