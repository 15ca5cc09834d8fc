import { defineConfig } from '@adonisjs/vite'

// SPEC.md §7: lazily loaded assets come from under /build/
export default defineConfig({
  buildDirectory: 'public/build',
  manifestFile: 'public/build/.vite/manifest.json',
  assetsUrl: '/build',
  scriptAttributes: { defer: true },
})
