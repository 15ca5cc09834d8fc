/*
 * Multipart only on the upload routes (issue 10 §3): elsewhere (here /login, anonymous) a
 * file body is refused (415) before it is read, so nothing reaches the disk; on the upload
 * routes the temp files are deleted when the request ends, on success and on refusal.
 */
import { test } from '@japa/runner'
import { readdir, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import drive from '@adonisjs/drive/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { societeOf } from '#tests/functional/societes/helpers'
import { TINY_PNG } from '#services/logo_storage'
import { FILE_KINDS } from '#services/storage/files'
import { uploadTmpDir } from '#config/bodyparser'

/** Files of exactly that size written since `since`, in the temp folders a bodyparser uses. */
async function leftovers(size: number, since: number): Promise<string[]> {
  const found: string[] = []
  for (const dir of [tmpdir(), uploadTmpDir()]) {
    const names = await readdir(dir).catch(() => [] as string[])
    for (const name of names) {
      const info = await stat(join(dir, name)).catch(() => null)
      if (info?.isFile() && info.size === size && info.mtimeMs >= since - 1000) {
        found.push(join(dir, name))
      }
    }
  }
  return found
}

test.group('Security / multipart bodies', (group) => {
  withTransaction(group)
  group.teardown(() => drive.use().deleteAll(FILE_KINDS.logo.folder))

  test('an anonymous 3 MB file posted to /login is refused and leaves no temp file', async ({
    client,
    assert,
  }) => {
    const size = 3 * 1024 * 1024 + 17
    const since = Date.now()
    const response = await client
      .post('/login')
      .header('accept', 'application/json')
      .field('email', 'x@example.test')
      .field('password', 'x')
      .file('fichier', Buffer.alloc(size, 7), { filename: 'gros.bin' })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(415)
    assert.equal(response.body().message, 'Cette adresse n’accepte pas d’envoi de fichier.')
    assert.deepEqual(await leftovers(size, since), [])
  })

  test('a refused upload on an upload route leaves no temp file', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const societe = await societeOf(user, 'pro')
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(1024 * 1024 + 23)])
    const since = Date.now()
    const response = await client
      .post(`/app/company/${societe.id}/logo`)
      .loginAs(user)
      .header('referer', `/app/company/${societe.id}/edit`)
      .file('logo', big, { filename: 'grand.png' })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    assert.deepEqual(await leftovers(big.length, since), [])
  })

  test('a body over the multipart cap (16 Mo, for the work photos) is refused and leaves no temp file', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const societe = await societeOf(user, 'pro')
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(17 * 1024 * 1024)])
    const since = Date.now()
    const response = await client
      .post(`/app/company/${societe.id}/logo`)
      .loginAs(user)
      .header('accept', 'application/json')
      .file('logo', huge, { filename: 'enorme.png' })
      .withCsrfToken()
      .redirects(0)
    assert.equal(response.status(), 413)
    const names = await readdir(uploadTmpDir()).catch(() => [] as string[])
    for (const name of names) {
      const info = await stat(join(uploadTmpDir(), name)).catch(() => null)
      assert.isFalse(Boolean(info && info.mtimeMs >= since - 1000), `left: ${name}`)
    }
  })
})
