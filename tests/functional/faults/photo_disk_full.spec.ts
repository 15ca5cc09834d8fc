/*
 * A work photo whose thumbnail cannot be written (its folder on a full disk, issue 15 §2): the
 * photo already written is removed too, no row, a French 507; once space is freed the same
 * upload stores both. The thumbnails' folder of this test process's disk is a full tmpfs (root
 * needed, skipped elsewhere with its reason).
 */
import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import CommandeFichier from '#models/commande_fichier'
import { testFilesRoot } from '#config/drive'
import { makeUser, STACK_TRACE, withTransaction } from '#tests/helpers'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { FILE_KINDS, listFiles } from '#services/storage/files'

const thumbnails = join(testFilesRoot(), FILE_KINDS.vignette.folder)
const FILLER = join(thumbnails, 'remplissage')

/** Whether this machine lets the test mount a tmpfs (root): tried on a folder of its own. */
function canMount(): boolean {
  if (process.getuid?.() !== 0) return false
  const trial = mkdtempSync(join(tmpdir(), 'esi-essai-tmpfs-'))
  const ok = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', trial]).status === 0
  if (ok) spawnSync('umount', [trial])
  rmSync(trial, { recursive: true, force: true })
  return ok
}

const mountable = canMount()

/** Mounts the full tmpfs on the thumbnails' folder (only while this group runs). */
function mountFullTmpfs() {
  mkdirSync(thumbnails, { recursive: true })
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', thumbnails])
  if (mounted.status !== 0) throw new Error(`mount: ${mounted.stderr}`)
  // Never left mounted, whatever ends the run
  process.once('exit', () => spawnSync('umount', [thumbnails]))
  const { bavail, bsize } = statfsSync(thumbnails)
  writeFileSync(FILLER, Buffer.alloc(bavail * bsize))
}

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer()
}

test.group('Faults / a photo whose thumbnail meets a full disk', (group) => {
  withTransaction(group)
  group.setup(() => {
    if (!mountable) return
    mountFullTmpfs()
    return () => {
      spawnSync('umount', [thumbnails])
    }
  })

  test('no photo file, no row, a French 507; then both stored', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { commande } = await signedBdc()
    const bytes = await photo()
    const upload = () =>
      client
        .post(`/esi/commandes/${commande.id}/fichiers`)
        .loginAs(user)
        .header('referer', `/esi/commandes/${commande.id}`)
        .field('etape', 'pose')
        .file('fichier', bytes, { filename: 'facade.jpg' })
        .withCsrfToken()
        .redirects(0)
    const photosBefore = await listFiles('photo')

    const refused = await upload()
    refused.assertStatus(507)
    assert.include(refused.text(), 'Espace de stockage insuffisant')
    assert.notMatch(refused.text(), STACK_TRACE)
    assert.sameMembers(await listFiles('photo'), photosBefore)
    assert.deepEqual(await listFiles('vignette'), ['remplissage'])
    assert.isNull(await CommandeFichier.query().where('commandeId', commande.id).first())

    await rm(FILLER)
    const stored = await upload()
    stored.assertStatus(302)
    const row = await CommandeFichier.query().where('commandeId', commande.id).firstOrFail()
    assert.include(await listFiles('photo'), row.nomStocke)
    assert.include(await listFiles('vignette'), row.vignette!)
  })
    .skip(
      !mountable,
      'montage tmpfs impossible ici (root requis) : le disque plein n’est pas simulé'
    )
    .timeout(60_000)
})
