import { test } from '@japa/runner'
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { assetsNeedBuild, measureBudgets, staticGraph } from '../../scripts/lib/budgets.js'

/**
 * A fake production build: the entry, a login page, a shared chunk they both import, a page
 * with its own heavy chunk. Files of random bytes do not compress: gzip size ≈ raw size.
 */
function fakeBuild(sizes: Record<string, number>, loginImports: string[] = ['_shared.js']) {
  const dir = mkdtempSync(path.join(tmpdir(), 'esi-budgets-'))
  mkdirSync(path.join(dir, '.vite'))
  for (const [file, size] of Object.entries(sizes)) {
    writeFileSync(path.join(dir, file), randomBytes(size))
  }
  const manifest = {
    'inertia/app.tsx': { file: 'app.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'shared.js', name: 'shared' },
    '_leaflet.js': { file: 'leaflet-src.js', name: 'leaflet-src' },
    'inertia/pages/Auth/Login.tsx': {
      file: 'Login.js',
      isDynamicEntry: true,
      imports: loginImports,
    },
    'inertia/pages/esi/planning/Index.tsx': {
      file: 'Planning.js',
      isDynamicEntry: true,
      imports: ['_shared.js', '_leaflet.js'],
    },
    'inertia/app.css': { file: 'app.css' },
  }
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest))
  return dir
}

const KB = 1024

test.group('Front-end budgets (scripts/lib/budgets.js)', () => {
  test('the login counts the entry, its page and each shared chunk once', ({ assert }) => {
    const dir = fakeBuild({
      'app.js': 40 * KB,
      'shared.js': 60 * KB,
      'Login.js': 5 * KB,
      'leaflet-src.js': 50 * KB,
      'Planning.js': 10 * KB,
      'app.css': 1 * KB,
    })
    try {
      const b = measureBudgets(dir)
      assert.deepEqual(b.login.files.map((f) => f.file).sort(), ['Login.js', 'app.js', 'shared.js'])
      // Random bytes: gzip adds a few dozen bytes of header to each file
      assert.isAbove(b.login.gzip, 105 * KB)
      assert.isBelow(b.login.gzip, 106 * KB)
      assert.isTrue(b.ok)
      assert.deepEqual(b.login.heavy, [])
      const planning = b.pages.find((p) => p.page === 'esi/planning/Index')!
      // The page's own chunk, and with what only it imports (the shared chunk is the shell's)
      assert.isBelow(planning.gzip, 11 * KB)
      assert.isAbove(planning.ownGraphGzip, 60 * KB)
      assert.isBelow(planning.ownGraphGzip, 61 * KB)
      assert.deepEqual(
        b.pages.map((p) => p.page),
        ['Auth/Login', 'esi/planning/Index']
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('fails when the login is over budget', ({ assert }) => {
    const dir = fakeBuild({
      'app.js': 90 * KB,
      'shared.js': 60 * KB,
      'Login.js': 5 * KB,
      'leaflet-src.js': 1 * KB,
      'Planning.js': 1 * KB,
      'app.css': 1 * KB,
    })
    try {
      const b = measureBudgets(dir)
      assert.isAbove(b.login.gzip, 150 * KB)
      assert.isFalse(b.login.ok)
      assert.isFalse(b.ok)
      // The same build under a larger budget passes
      assert.isTrue(measureBudgets(dir, { budget: 200 * KB }).ok)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('fails when the login loads a heavy library of another page', ({ assert }) => {
    const dir = fakeBuild(
      {
        'app.js': 1 * KB,
        'shared.js': 1 * KB,
        'Login.js': 1 * KB,
        'leaflet-src.js': 1 * KB,
        'Planning.js': 1 * KB,
        'app.css': 1 * KB,
      },
      ['_shared.js', '_leaflet.js']
    )
    try {
      const b = measureBudgets(dir)
      assert.isBelow(b.login.gzip, 150 * KB)
      assert.deepEqual(b.login.heavy, ['_leaflet.js'])
      assert.isFalse(b.ok)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('the assets are built when missing or older than a front-end source', ({ assert }) => {
    const root = mkdtempSync(path.join(tmpdir(), 'esi-assets-'))
    try {
      mkdirSync(path.join(root, 'inertia'))
      writeFileSync(path.join(root, 'inertia/app.tsx'), '')
      assert.equal(assetsNeedBuild(root), 'aucun build')
      mkdirSync(path.join(root, 'public/build/.vite'), { recursive: true })
      const manifest = path.join(root, 'public/build/.vite/manifest.json')
      writeFileSync(manifest, '{}')
      const past = new Date(Date.now() - 60_000)
      utimesSync(path.join(root, 'inertia/app.tsx'), past, past)
      assert.isNull(assetsNeedBuild(root))
      utimesSync(manifest, new Date(past.getTime() - 60_000), new Date(past.getTime() - 60_000))
      assert.equal(assetsNeedBuild(root), 'inertia modifié depuis le build')
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  test('the static graph follows imports once, even in a cycle', ({ assert }) => {
    const graph = staticGraph(
      {
        a: { file: 'a.js', imports: ['b', 'c'] },
        b: { file: 'b.js', imports: ['a'] },
        c: { file: 'c.js', imports: ['missing'] },
      },
      'a'
    )
    assert.deepEqual([...graph], ['a', 'b', 'c'])
  })
})
