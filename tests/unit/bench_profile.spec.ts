import { test } from '@japa/runner'
import {
  cpuMsOf,
  isLocalDatabase,
  ownerOf,
  postgresCpuBetween,
  postgresCpuByPid,
  summariseProfile,
  type CpuProfile,
} from '../../scripts/lib/bench_profile.js'
import { buildReport, reportMarkdown } from '../../scripts/lib/bench_report.js'

const frame = (functionName: string, url: string, lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
})

test.group('Bench CPU profiles (BENCH_PROFILE=1)', () => {
  test('each sample is counted to its npm package, our code or Node', ({ assert }) => {
    assert.equal(ownerOf('file:///w/node_modules/pg/lib/client.js'), 'pg')
    assert.equal(
      ownerOf('file:///w/node_modules/@adonisjs/http-server/build/x.js'),
      '@adonisjs/http-server'
    )
    // A package inside another one's node_modules is the inner one
    assert.equal(ownerOf('file:///w/node_modules/a/node_modules/@b/c/i.js'), '@b/c')
    assert.equal(ownerOf('file:///w/app/services/session_bundle.ts'), 'app')
    assert.equal(ownerOf('node:internal/http'), 'node')
    assert.equal(ownerOf(''), '(V8 / natif)')
  })

  test('self time per function and per package, largest first, in % of the samples', ({
    assert,
  }) => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', '') },
        { id: 2, callFrame: frame('query', 'file:///w/node_modules/pg/lib/client.js', 9) },
        { id: 3, callFrame: frame('', 'file:///w/app/models/user.ts', 41) },
        { id: 4, callFrame: frame('(idle)', '') },
        // The same function reached by two paths: one row
        { id: 5, callFrame: frame('query', 'file:///w/node_modules/pg/lib/client.js', 9) },
      ],
      samples: [2, 2, 5, 3, 4, 4, 4, 4, 2, 3],
    }
    const s = summariseProfile(profile)
    assert.equal(s.samples, 10)
    assert.deepEqual(s.functions, [
      { fn: 'query client.js:10', owner: 'pg', pct: 40 },
      { fn: '(idle)', owner: '(V8 / natif)', pct: 40 },
      { fn: '(anonyme) user.ts:42', owner: 'app', pct: 20 },
    ])
    assert.deepEqual(s.owners, [
      { owner: 'pg', pct: 40 },
      { owner: '(V8 / natif)', pct: 40 },
      { owner: 'app', pct: 20 },
    ])
    assert.deepEqual(summariseProfile({ nodes: [], samples: [] }), {
      samples: 0,
      functions: [],
      owners: [],
    })
  })

  test('the report prints a profile section only for the rows that have one', ({ assert }) => {
    const row = {
      label: 'JSON nu : GET /api/user',
      rps: 800,
      p50: 8,
      p95: 17,
      p99: 30,
      sql: 2,
      errors: 0,
    }
    const meta = { volume: {}, generatedAt: '2026-11-24T15:00:00Z' }
    const without = reportMarkdown(buildReport({ meta: meta as never, rows: [row] }))
    assert.notInclude(without, 'Profils CPU')
    const profile = {
      file: 'storage/bench/profiles/JSON_nu.cpuprofile',
      samples: 1000,
      owners: [{ owner: 'pg', pct: 12.5 }],
      functions: [{ fn: 'parseRow result.js:5', owner: 'pg', pct: 3.2 }],
    }
    const md = reportMarkdown(buildReport({ meta: meta as never, rows: [{ ...row, profile }] }))
    assert.include(md, '## Profils CPU sous charge')
    assert.include(md, '### JSON nu : GET /api/user')
    assert.include(md, '| pg | 12,5 |')
    assert.include(md, '| `parseRow result.js:5` | pg | 3,2 |')
  })

  test('the CPU a process has used, from /proc: it grows with work, null for no process', ({
    assert,
  }) => {
    const before = cpuMsOf([process.pid])
    assert.isNumber(before)
    // 100 ms of this thread's CPU, however busy the machine (not wall time)
    const start = process.cpuUsage()
    let x = 0
    while (process.cpuUsage(start).user < 100_000) x += Math.sqrt(x + 1)
    const after = cpuMsOf([process.pid])!
    assert.isAbove(after - before!, 50)
    assert.isAbove(x, 0)
    assert.isNull(cpuMsOf([process.pid, 2 ** 22 + 12345]))
  })

  test('PostgreSQL’s CPU: its processes when it runs here, what they used between two readings', ({
    assert,
  }) => {
    for (const local of [
      'postgres://postgres@127.0.0.1:5432/esi',
      'postgres://u:p@localhost/esi',
      'postgres://u@[::1]:5432/esi',
      'postgres://postgres@localhost/esi?host=/var/run/postgresql',
    ]) {
      assert.isTrue(isLocalDatabase(local), local)
    }
    for (const remote of ['postgres://u@db.example.com/esi', 'postgres://u@10.0.0.5/esi', 'x']) {
      assert.isFalse(isLocalDatabase(remote), remote)
      assert.isNull(postgresCpuByPid(remote))
    }
    // A backend that ran on counts its part, one that started in between counts whole
    const before = new Map([
      ['11', 10],
      ['12', 20],
    ])
    const after = new Map([
      ['11', 15],
      ['13', 7],
    ])
    assert.equal(postgresCpuBetween(before, after), 12)
    assert.isNull(postgresCpuBetween(null, after))
    // The suite's own server (scripts/test.js sets DATABASE_URL): when it runs here, its
    // processes are found, each with its CPU so far; elsewhere nothing is read
    const suiteDatabase = process.env.DATABASE_URL!
    const pids = postgresCpuByPid(suiteDatabase)
    if (!isLocalDatabase(suiteDatabase)) {
      assert.isNull(pids)
      return
    }
    assert.isAbove(pids!.size, 0)
    for (const ms of pids!.values()) assert.isAtLeast(ms, 0)
    assert.isFalse(pids!.has(String(process.pid)))
  })
})
