/*
 * Front-end budgets (issue 15 §1), read from the production build's Vite manifest
 * (public/build/.vite/manifest.json): the JS the login page loads (the entry, the login page's
 * chunk and every chunk they import statically, each file once) gzipped must stay ≤ 150 kB, and
 * none of it may come from the heavy libraries of other pages (the map, the charts, the
 * signature pad). Every page's own chunk is stated. Pure reads, unit-tested on a fake manifest
 * (tests/unit/budgets.spec.ts); scripts/budgets.js is the CLI (`npm run budgets`, CI).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export const LOGIN_BUDGET = 150 * 1024
export const ENTRY = 'inertia/app.tsx'
export const LOGIN_PAGE = 'inertia/pages/Auth/Login.tsx'
/** Libraries that belong to other pages and must never be in the login's graph. */
export const HEAVY = /leaflet|chart|signature/i

export function manifestPath(buildDir) {
  return path.join(buildDir, '.vite', 'manifest.json')
}

/** The manifest keys a key loads statically (itself included), in load order. */
export function staticGraph(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen
  seen.add(key)
  for (const dep of manifest[key].imports ?? []) staticGraph(manifest, dep, seen)
  return seen
}

/**
 * Sizes of the build in `buildDir` against `budget` (bytes, gzip). Returns the login's total,
 * its files, the heavy ones found in its graph, and each page's own chunk size.
 */
export function measureBudgets(buildDir, { budget = LOGIN_BUDGET } = {}) {
  const manifest = JSON.parse(readFileSync(manifestPath(buildDir), 'utf8'))
  const sizes = new Map()
  const gz = (file) => {
    if (!sizes.has(file)) {
      const bytes = readFileSync(path.join(buildDir, file))
      sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes).length })
    }
    return sizes.get(file)
  }
  const jsOf = (keys) =>
    [...keys].map((k) => manifest[k]).filter((c) => c && c.file.endsWith('.js'))
  if (!manifest[ENTRY]) throw new Error(`${ENTRY} absent du manifest`)
  if (!manifest[LOGIN_PAGE]) throw new Error(`${LOGIN_PAGE} absent du manifest`)

  const shell = staticGraph(manifest, ENTRY)
  const loginKeys = staticGraph(manifest, LOGIN_PAGE, new Set(shell))
  const loginFiles = jsOf(loginKeys).map((c) => ({ file: c.file, name: c.name, ...gz(c.file) }))
  const loginGzip = loginFiles.reduce((sum, f) => sum + f.gzip, 0)
  const heavy = [...loginKeys].filter(
    (k) => HEAVY.test(k) || HEAVY.test(manifest[k]?.name ?? '') || HEAVY.test(manifest[k]?.file)
  )

  const pages = Object.entries(manifest)
    .filter(([k, c]) => k.startsWith('inertia/pages/') && c.file.endsWith('.js'))
    .map(([k, c]) => {
      // What the page adds to the shell: its chunk and the chunks only it (or pages) import
      const own = [...staticGraph(manifest, k)].filter((x) => !shell.has(x))
      return {
        page: k.replace(/^inertia\/pages\//, '').replace(/\.tsx$/, ''),
        file: c.file,
        gzip: gz(c.file).gzip,
        ownGraphGzip: jsOf(own).reduce((sum, x) => sum + gz(x.file).gzip, 0),
      }
    })
    .sort((a, b) => a.page.localeCompare(b.page))

  const ok = loginGzip <= budget && heavy.length === 0
  return {
    ok,
    login: { gzip: loginGzip, budget, ok, files: loginFiles, heavy },
    pages,
  }
}

/** True when the build exists (the manifest is there). */
export function hasBuild(buildDir) {
  return existsSync(manifestPath(buildDir))
}

/** What the front-end build is made of (a change in any of them makes it stale). */
const ASSET_SOURCES = [
  'inertia',
  'shared',
  '.adonisjs/client',
  'vite.config.ts',
  'package-lock.json',
]

function newestMtime(p) {
  if (!existsSync(p)) return 0
  const st = statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let max = 0
  for (const entry of readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, entry)))
  return max
}

/**
 * Why the production assets of `root` must be built before they are measured or served: none
 * yet (a clean clone), or a source newer than the manifest; null when they are current.
 */
export function assetsNeedBuild(root) {
  const manifest = manifestPath(path.join(root, 'public/build'))
  if (!existsSync(manifest)) return 'aucun build'
  const built = statSync(manifest).mtimeMs
  const newer = ASSET_SOURCES.find((p) => newestMtime(path.join(root, p)) > built)
  return newer ? `${newer} modifié depuis le build` : null
}
