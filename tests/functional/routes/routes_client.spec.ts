import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { ROUTES_FILE, clientRoutesSource } from '#commands/routes_client'

test.group('Route names for the pages (inertia/lib/routes.generated.ts)', () => {
  test('the generated file lists every named route of the router', async ({ assert }) => {
    const current = await readFile(app.makePath(ROUTES_FILE), 'utf8')
    assert.equal(current, clientRoutesSource(), 'run `node ace routes:client`')
    assert.include(current, `'esi.devis.edit': '/esi/devis/:id/edit'`)
  })
})
