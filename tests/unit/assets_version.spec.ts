/*
 * Decision 546: the Inertia assets version is hashed once at boot, the same md5 of the Vite
 * manifest Inertia computed on every request; without a build, Inertia decides ('1').
 */
import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { builtAssetsVersion } from '#config/inertia'

test.group('Inertia / assets version', () => {
  test('in production, the md5 of the manifest as Inertia hashes it', async ({ assert }) => {
    const dir = await mkdtemp(join(tmpdir(), 'assets-version-'))
    const file = join(dir, 'manifest.json')
    const manifest = { 'inertia/app.tsx': { file: 'assets/app-1.js', isEntry: true } }
    await writeFile(file, JSON.stringify(manifest, null, 2))
    const expected = createHash('md5').update(JSON.stringify(manifest)).digest('hex')
    assert.equal(builtAssetsVersion(true, file), expected)
    // Another build, another version
    await writeFile(file, JSON.stringify({ 'inertia/app.tsx': { file: 'assets/app-2.js' } }))
    assert.notEqual(builtAssetsVersion(true, file), expected)
    await rm(dir, { recursive: true, force: true })
  })

  test('outside production or without a build: left to Inertia', ({ assert }) => {
    assert.isUndefined(builtAssetsVersion(false, 'public/build/.vite/manifest.json'))
    assert.isUndefined(builtAssetsVersion(true, '/nonexistent/manifest.json'))
  })
})
