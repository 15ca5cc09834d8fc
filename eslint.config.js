import { configApp } from '@adonisjs/eslint-config'
import { react } from '@adonisjs/eslint-config/react'

export default configApp(
  ...react,
  {
    ignores: ['build/**', 'public/build/**', '.adonisjs/**', 'database/schema.ts', 'storage/**'],
  },
  {
    // Pages, layouts and components keep SPEC.md's PascalCase names (the page names are the
    // contract with the server); we link with Inertia's own <Link> (no Tuyau route registry);
    // shared/ holds the pure rules both sides import on purpose.
    files: ['inertia/**/*.{ts,tsx}', 'tests/front/**/*.{ts,tsx}'],
    rules: {
      '@unicorn/filename-case': 'off',
      '@adonisjs/prefer-adonisjs-inertia-link': 'off',
      '@adonisjs/no-backend-import-in-frontend': 'off',
    },
  }
)
