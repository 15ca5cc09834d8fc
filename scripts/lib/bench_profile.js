/*
 * BENCH_PROFILE=1 (issue 15 §1 « find where the time goes »): a V8 CPU profile of the app's
 * process while each scenario is under load (the built app the bench starts, through its
 * inspector; or, with BENCH_RUN=sources, the bench's own main thread — autocannon runs in a
 * worker, which the profiler does not see). Each profile is written to
 * storage/bench/profiles/<scenario>.cpuprofile (open it in Chromium's DevTools) and summarised:
 * self time per function and per package, so the report says which code spends the request.
 */
import { Session } from 'node:inspector/promises'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** Where a script's time is counted: its npm package, « app » for our code, « node » for Node's. */
export function ownerOf(url) {
  if (!url) return '(V8 / natif)'
  if (url.startsWith('node:')) return 'node'
  const parts = url.split('/node_modules/')
  if (parts.length > 1) {
    const rest = parts.at(-1).split('/')
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  const app = url.match(/\/(app|start|config|shared|providers|database)\//)
  return app ? 'app' : url.replace(/^file:\/\//, '')
}

/**
 * Self time per function and per owner of a V8 CPU profile, largest first, in % of the samples
 * (idle and GC kept as their own rows: idle time is the process waiting for PostgreSQL or the
 * network).
 */
export function summariseProfile(profile, top = 15) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const hits = new Map()
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1)
  const total = profile.samples?.length ?? 0
  const fns = new Map()
  const owners = new Map()
  for (const [id, count] of hits) {
    const { callFrame } = byId.get(id)
    const name = callFrame.functionName || '(anonyme)'
    const owner = ownerOf(callFrame.url)
    const where = callFrame.url ? `${path.basename(callFrame.url)}:${callFrame.lineNumber + 1}` : ''
    const key = `${name} ${where}`.trim()
    const fn = fns.get(key) ?? { fn: key, owner, samples: 0 }
    fn.samples += count
    fns.set(key, fn)
    owners.set(owner, (owners.get(owner) ?? 0) + count)
  }
  const pct = (n) => (total ? Math.round((n / total) * 1000) / 10 : 0)
  return {
    samples: total,
    functions: [...fns.values()]
      .sort((a, b) => b.samples - a.samples)
      .slice(0, top)
      .map((f) => ({ fn: f.fn, owner: f.owner, pct: pct(f.samples) })),
    owners: [...owners]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([owner, n]) => ({ owner, pct: pct(n) })),
  }
}

/**
 * A DevTools-protocol client: this process's inspector, or another Node process's over its
 * WebSocket (`node --inspect=127.0.0.1:<port>`: the built app the bench loads).
 */
async function connect(inspectPort) {
  if (!inspectPort) {
    const session = new Session()
    session.connect()
    return { post: (m, p) => session.post(m, p), close: () => session.disconnect() }
  }
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()
  const ws = new WebSocket(target.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true })
    ws.addEventListener('error', reject, { once: true })
  })
  let next = 0
  const waiting = new Map()
  ws.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data))
    const pending = waiting.get(message.id)
    if (!pending) return
    waiting.delete(message.id)
    if (message.error) pending.reject(new Error(message.error.message))
    else pending.resolve(message.result)
  })
  return {
    post: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = ++next
        waiting.set(id, { resolve, reject })
        ws.send(JSON.stringify({ id, method, params }))
      }),
    close: () => ws.close(),
  }
}

/**
 * Runs `fn` under the CPU profiler (of this process, or of the process listening for the
 * inspector on `inspectPort`); writes the profile and returns fn's result with the summary.
 */
export async function profiled(dir, label, fn, inspectPort = null) {
  const session = await connect(inspectPort)
  await session.post('Profiler.enable')
  // 200 µs between samples: enough for a 1 ms request, cheap enough not to change the figures much
  await session.post('Profiler.setSamplingInterval', { interval: 200 })
  await session.post('Profiler.start')
  let result
  try {
    result = await fn()
  } finally {
    const { profile } = await session.post('Profiler.stop')
    session.close()
    mkdirSync(dir, { recursive: true })
    const file = path.join(dir, `${label.replace(/[^\p{L}\p{N}]+/gu, '_').slice(0, 80)}.cpuprofile`)
    writeFileSync(file, JSON.stringify(profile))
    result = { ...result, profile: { file, ...summariseProfile(profile) } }
  }
  return result
}

/**
 * CPU time (user + system, ms) the processes `pids` have used so far, from /proc (Linux; null
 * elsewhere). Read before and after a row, it gives the app's CPU per request: a figure that a
 * busy machine changes far less than req/s or p95 (those include waiting for a core).
 */
export function cpuMsOf(pids) {
  let total = 0
  for (const pid of pids) {
    let stat
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch {
      return null
    }
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    total += (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS)
  }
  return total
}
/**
 * The CPU time (ms) of every PostgreSQL process of this machine, per pid (Linux; null elsewhere
 * or when the database is not on this machine). On 2 cores the server's backends take their
 * share of the same cores as the app: a visit costs its statements there too.
 */
export function postgresCpuByPid(databaseUrl) {
  if (!isLocalDatabase(databaseUrl)) return null
  let entries
  try {
    entries = readdirSync('/proc')
  } catch {
    return null
  }
  const byPid = new Map()
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue
      const ms = cpuMsOf([pid])
      if (ms !== null) byPid.set(pid, ms)
    } catch {
      // The process ended while being read
    }
  }
  return byPid
}

/**
 * What PostgreSQL's processes used between two readings of postgresCpuByPid: a backend started
 * in between counts whole; one that ended in between is lost (the pool keeps its connections).
 */
export function postgresCpuBetween(before, after) {
  if (!before || !after) return null
  let total = 0
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0)
  return total
}

/** A server on this machine: 127.0.0.0/8, ::1, localhost or a Unix socket directory. */
export function isLocalDatabase(databaseUrl) {
  try {
    const url = new URL(databaseUrl)
    const host = url.searchParams.get('host') ?? url.hostname
    return /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|::1|)$/.test(host) || host.startsWith('/')
  } catch {
    return false
  }
}

/** Linux's USER_HZ: 100 on every mainstream kernel build. */
const CLOCK_TICKS = 100
