import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import adonisjs from '@adonisjs/vite/client'

export default defineConfig({
  // VITE_CACHE_DIR: a pre-bundle cache of its own for a checkout sharing node_modules (worktrees)
  cacheDir: process.env.VITE_CACHE_DIR || 'node_modules/.vite',
  plugins: [
    react(),
    adonisjs({
      entryPoints: ['inertia/app.tsx'],
      reload: ['resources/views/**/*.edge'],
      buildDirectory: 'public/build',
      assetsUrl: '/build',
    }),
  ],
  resolve: {
    alias: {
      '~/': `${import.meta.dirname}/inertia/`,
      '@shared/': `${import.meta.dirname}/shared/`,
    },
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3 still uses @import and legacy colour functions
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  // Tests run the dev server without hot reload (no websocket port to share between runs)
  server: {
    hmr: process.env.NODE_ENV === 'test' ? false : undefined,
    // Transformed at start, so the first page a browser test opens is not compiled under it
    warmup: { clientFiles: ['./inertia/app.tsx', './inertia/pages/**/*.tsx'] },
  },
  // Pre-bundled at start so the first page of a browser test does not reload mid-test
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      '@inertiajs/react',
      'sweetalert2',
      'nprogress',
      // The planning map's (loaded by a dynamic import, discovered too late otherwise)
      'leaflet',
      'leaflet.markercluster',
      // The charts of the statistics and analyse pages (lazy too)
      'chart.js',
      'react-chartjs-2',
    ],
  },
})
