import { defineConfig } from 'vitest/config'

// Front-end unit tests (layout store, menu filter, dialogs, http helper), in jsdom
export default defineConfig({
  resolve: {
    alias: {
      '~/': `${import.meta.dirname}/inertia/`,
      '@shared/': `${import.meta.dirname}/shared/`,
    },
  },
  test: {
    environment: 'jsdom',
    include: ['tests/front/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
})
