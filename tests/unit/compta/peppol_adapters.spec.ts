/*
 * The Peppol adapters on their own (decision 278): `directory` writes the file whole under its
 * name (no temporary file left, an existing file never overwritten); `http` gives up after its
 * timeout and on a refused connection with a French message; settings without a folder or URL
 * are no adapter.
 */
import { test } from '@japa/runner'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { directoryAdapter } from '#services/compta/peppol/directory_adapter'
import { httpAdapter } from '#services/compta/peppol/http_adapter'
import { peppolAdapter, usePeppolSettings } from '#services/compta/peppol/adapter'

const FILE = { filename: 'FAC-2026-00042.xml', content: '<Invoice>é</Invoice>' }

test.group('Peppol adapters', () => {
  test('directory: written whole, nothing temporary left, never overwritten', async ({
    assert,
  }) => {
    const folder = await mkdtemp(path.join(tmpdir(), 'peppol-unit-'))
    try {
      const outbox = path.join(folder, 'outbox')
      const adapter = directoryAdapter(outbox)
      assert.deepEqual(await adapter.send(FILE), { messageId: 'FAC-2026-00042.xml' })
      assert.deepEqual(await readdir(outbox), ['FAC-2026-00042.xml'])
      assert.equal(await readFile(path.join(outbox, FILE.filename), 'utf8'), FILE.content)

      await writeFile(path.join(outbox, 'FAC-2026-00043.xml'), 'autre')
      await assert.rejects(
        () => adapter.send({ ...FILE, filename: 'FAC-2026-00043.xml' }),
        /attend déjà dans le dossier du point d’accès/
      )
      assert.equal(await readFile(path.join(outbox, 'FAC-2026-00043.xml'), 'utf8'), 'autre')
      assert.lengthOf(await readdir(outbox), 2)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  test('http: a silent access point times out, a closed port is unreachable', async ({
    assert,
  }) => {
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as AddressInfo
    try {
      const slow = httpAdapter({ url: `http://127.0.0.1:${port}/`, token: null, timeoutMs: 300 })
      await assert.rejects(() => slow.send(FILE), /n’a pas répondu à temps/)
    } finally {
      silent.closeAllConnections()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
    const closed = httpAdapter({ url: `http://127.0.0.1:${port}/`, token: null, timeoutMs: 2000 })
    await assert.rejects(() => closed.send(FILE), /injoignable/)
  })

  test('the settings choose the adapter; none by default', ({ assert }) => {
    try {
      usePeppolSettings({ adapter: 'none' })
      assert.isNull(peppolAdapter())
      usePeppolSettings({ adapter: 'directory', directory: '/tmp/x' })
      assert.equal(peppolAdapter()?.name, 'directory')
      usePeppolSettings({ adapter: 'http', url: 'http://ap.test/', token: 't', timeoutMs: 1 })
      assert.equal(peppolAdapter()?.name, 'http')
      usePeppolSettings(null)
      // The test environment sets no PEPPOL_ADAPTER
      assert.isNull(peppolAdapter())
    } finally {
      usePeppolSettings(null)
    }
  })
})
