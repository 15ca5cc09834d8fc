/*
 * Decision 639: the public folder's files are served, and only the paths that can be one reach
 * the file system (every page and API call skipped a stat that found nothing).
 */
import { test } from '@japa/runner'
import fs from 'node:fs'
import app from '@adonisjs/core/services/app'

/** The stats serve-static makes under public/ while `run` goes. */
async function publicStats(run: () => Promise<unknown>) {
  const seen: string[] = []
  const original = fs.stat
  const spy = ((p: fs.PathLike, ...rest: unknown[]) => {
    if (String(p).startsWith(app.publicPath())) seen.push(String(p))
    return (original as (...a: unknown[]) => void)(p, ...rest)
  }) as typeof fs.stat
  fs.stat = spy
  try {
    await run()
  } finally {
    fs.stat = original
  }
  return seen
}

test.group('Performance / public files', () => {
  test('the favicon is served with its validators, with or without a query string', async ({
    client,
    assert,
  }) => {
    for (const path of ['/favicon.svg', '/favicon.svg?v=2']) {
      const response = await client.get(path)
      response.assertStatus(200)
      assert.match(response.header('content-type') ?? '', /image\/svg\+xml/)
      assert.exists(response.header('etag'))
    }
    const stats = await publicStats(() => client.get('/favicon.svg'))
    assert.deepEqual(stats, [app.publicPath('favicon.svg')])
  })

  test('a page, an API call and an unknown path never look in public/', async ({
    client,
    assert,
  }) => {
    const stats = await publicStats(async () => {
      const page = await client.get('/login')
      const api = await client.get('/api/user')
      const unknown = await client.get('/nulle-part.txt')
      page.assertStatus(200)
      api.assertStatus(401)
      unknown.assertStatus(404)
    })
    assert.deepEqual(stats, [])
  })
})
