/*
 * `npm test` with DATABASE_URL re-creates its database with `migration:fresh`, whose wipe drops
 * tables, views and types but not functions: a migration that says CREATE FUNCTION (without
 * OR REPLACE) fails the second run (it did, for the factures' freeze trigger). Every function
 * a migration creates must be re-creatable.
 */
import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

const DIRS = ['migrations', 'helpers'].map((d) =>
  path.join(import.meta.dirname, '../../database', d)
)

test.group('Migrations / re-runnable after a wipe', () => {
  test('every function is created with CREATE OR REPLACE', async ({ assert }) => {
    const offenders: string[] = []
    for (const dir of DIRS) {
      for (const file of await readdir(dir)) {
        const text = await readFile(path.join(dir, file), 'utf8')
        if (/CREATE\s+FUNCTION/i.test(text)) offenders.push(file)
      }
    }
    assert.deepEqual(offenders, [])
  })
})
