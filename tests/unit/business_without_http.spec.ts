/*
 * Business code is free of HTTP (issue 9): services and actions receive an Actor, plain data
 * and a transaction, so jobs, imports and ace commands call the very same code. Only the HTTP
 * adapters (app/services/http/) and the Actor's own constructor may name the HttpContext.
 */
import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import app from '@adonisjs/core/services/app'
import { createClient } from '#services/clients/client_service'
import { systemActor } from '#services/actor'
import AuditLog from '#models/audit_log'
import { withTransaction } from '#tests/helpers'

const ALLOWED = ['app/services/http/', 'app/services/actor.ts']
const PENDING: string[] = []

async function tsFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? tsFiles(join(dir, e.name))
        : e.name.endsWith('.ts')
          ? [join(dir, e.name)]
          : []
    )
  )
  return nested.flat()
}

test.group('Business code without HTTP', (group) => {
  withTransaction(group)

  test('no service or action names the HttpContext', async ({ assert }) => {
    const root = app.makePath()
    const files = [
      ...(await tsFiles(app.makePath('app/services'))),
      ...(await tsFiles(app.makePath('app/actions'))),
    ]
    const offenders: string[] = []
    for (const file of files) {
      const path = relative(root, file)
      if ([...ALLOWED, ...PENDING].some((p) => path.startsWith(p))) continue
      const source = await readFile(file, 'utf8')
      if (source.includes('HttpContext')) offenders.push(path)
    }
    assert.deepEqual(offenders, [])
    // Reading 450 files while the suite starts (vite's optimiser, a cold disk cache) took more
    // than the default 5 s once in CI
  }).timeout(60_000)

  test('a service runs without a request: the audit row names the system, no IP', async ({
    assert,
  }) => {
    const client = await createClient(systemActor(), { type: 'particulier', nom: 'Sans requête' })
    const row = await AuditLog.query()
      .where({ action: 'client.created', subjectId: String(client.idClient) })
      .firstOrFail()
    assert.isNull(row.userId)
    assert.isNull(row.ip)
  })
})
