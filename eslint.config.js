import { configApp } from '@adonisjs/eslint-config'
import { react } from '@adonisjs/eslint-config/react'

export default configApp(...react, {
  ignores: ['build/**', 'public/build/**', '.adonisjs/**', 'database/schema.ts', 'storage/**'],
})
