import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/inertia'

/**
 * The built assets' version, hashed once at boot as Inertia would (md5 of the Vite manifest):
 * Inertia's manager lives per request and re-hashed the whole manifest on every page
 * (decision 546). Without a build (dev server, tests) Inertia decides as before.
 */
export function builtAssetsVersion(
  production = app.inProduction,
  manifest = app.makePath('public/build/.vite/manifest.json')
): string | undefined {
  if (!production || !existsSync(manifest)) return undefined
  const parsed = JSON.parse(readFileSync(manifest, 'utf8'))
  return createHash('md5').update(JSON.stringify(parsed)).digest('hex')
}

export default defineConfig({
  rootView: 'inertia_layout',
  encryptHistory: false,
  assetsVersion: builtAssetsVersion(),
  ssr: { enabled: false, entrypoint: 'inertia/ssr.tsx' },
})
