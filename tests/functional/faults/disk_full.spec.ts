/*
 * The disk full during an upload (issue 15 §2), for real: the app process's file storage
 * (DRIVE_ROOT) is a small tmpfs mounted by the test and filled up to a few kilobytes, so the
 * write fails with ENOSPC half-way through the file. The upload is refused with a French page
 * (507), what was written of the file is removed, the database row is not changed; once space
 * is freed the same upload works, without restarting anything.
 *
 * Mounting needs root (CI runs as root); elsewhere the test is skipped and says why.
 */
import sharp from 'sharp'
import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import Societe from '#models/societe'
import { makeUser, STACK_TRACE } from '#tests/helpers'
import { societeOf } from '#tests/functional/societes/helpers'
import { AppProcess, AppVisitor, rowCounts } from '#tests/functional/faults/app_process'

/** Mounts a tmpfs of that size; false when this machine does not let us (not root). */
function mountTmpfs(dir: string, size: string): boolean {
  if (process.getuid?.() !== 0) return false
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]).status === 0
}

function umount(dir: string) {
  spawnSync('umount', [dir])
  rmSync(dir, { recursive: true, force: true })
}

const mountPoint = mkdtempSync(join(tmpdir(), 'esi-disque-plein-'))
const mounted = mountTmpfs(mountPoint, '2m')
const FILLER = join(mountPoint, 'remplissage')
// Never left mounted, whatever ends the run
process.once('exit', () => umount(mountPoint))

/** Fills the disk but `free` bytes. */
function fill(free: number) {
  const { bavail, bsize } = statfsSync(mountPoint)
  writeFileSync(FILLER, Buffer.alloc(Math.max(0, bavail * bsize - free)))
}

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(mountPoint, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile() && join(e.parentPath, e.name) !== FILLER)
    .map((e) => join(e.parentPath, e.name))
}

/**
 * A logo of about 480 kB: random pixels, which PNG cannot compress, so the copy the app re-encodes
 * (decision 606) is as big and cannot fit in the 64 kB left.
 */
const BIG_LOGO = await sharp(randomBytes(400 * 400 * 3), {
  raw: { width: 400, height: 400, channels: 3 },
})
  .png()
  .toBuffer()

test.group('Faults / disk full during an upload', (group) => {
  let appProcess: AppProcess
  const made = { users: [] as number[], societes: [] as number[] }

  group.setup(async () => {
    if (!mounted) return () => umount(mountPoint)
    appProcess = await AppProcess.start({ DRIVE_ROOT: mountPoint })
    return async () => {
      await appProcess.stop()
      umount(mountPoint)
    }
  })
  group.each.teardown(async () => {
    await rm(FILLER, { force: true })
    await db.from('audit_logs').whereIn('user_id', made.users).delete()
    await db.from('societe_user').whereIn('user_id', made.users).delete()
    await db.from('societes').whereIn('id', made.societes).delete()
    await db.from('users').whereIn('id', made.users).delete()
    made.users = []
    made.societes = []
  })

  test('a logo upload on a full disk: a French 507, no partial file, the société unchanged; then stored', async ({
    assert,
  }) => {
    const user = await makeUser('pro')
    made.users.push(user.id)
    const societe = await societeOf(user, 'pro')
    made.societes.push(societe.id)
    const browser = await new AppVisitor(() => appProcess).login(user)
    const upload = () => {
      const form = new FormData()
      form.append('logo', new Blob([BIG_LOGO], { type: 'image/png' }), 'logo.png')
      return browser.request('POST', `/app/company/${societe.id}/logo`, form)
    }
    const before = await rowCounts()

    fill(64 * 1024)
    const refused = await upload()
    assert.equal(refused.status, 507, appProcess.output.slice(-3000))
    const page = JSON.parse(refused.body)
    assert.equal(page.component, 'Errors/Status')
    assert.match(page.props.message, /^Espace de stockage insuffisant : le fichier n’a pas été/)
    assert.notMatch(refused.body, STACK_TRACE)
    // Nothing of the file, nothing in the database
    assert.deepEqual(await storedFiles(), [])
    assert.deepEqual(await rowCounts(), before)
    const unchanged = await Societe.findOrFail(societe.id)
    assert.isNull(unchanged.logoPath)

    // The same for a JSON call: its French message
    const form = new FormData()
    form.append('logo', new Blob([BIG_LOGO], { type: 'image/png' }), 'logo.png')
    const json = await browser.request('POST', `/app/company/${societe.id}/logo`, form, 'json')
    assert.equal(json.status, 507)
    assert.match(JSON.parse(json.body).message, /^Espace de stockage insuffisant/)
    assert.deepEqual(await storedFiles(), [])

    // Space freed: the same upload is stored, by the same process
    await rm(FILLER)
    const stored = await upload()
    assert.include([302, 303], stored.status)
    const saved = await Societe.findOrFail(societe.id)
    assert.isNotNull(saved.logoPath)
    const files = await storedFiles()
    assert.lengthOf(files, 1)
    assert.isTrue(files[0].endsWith(`/uploads/logos/${saved.logoPath}`))
  })
    .skip(!mounted, 'montage tmpfs impossible ici (root requis) : le disque plein n’est pas simulé')
    .timeout(300_000)
})
