/*
 * BENCH_PROFILE=1 (issue 15 §1 « find where the time goes »): a V8 CPU profile of this process
 * while each scenario is under load (the app runs in the bench's main thread; autocannon in a
 * worker, which the profiler does not see). Each profile is written to
 * storage/bench/profiles/<scenario>.cpuprofile (open it in Chromium's DevTools) and summarised:
 * self time per function and per package, so the report says which code spends the request.
 */
import { Session } from 'node:inspector/promises'
import { mkdirSync, writeFileSync } from 'node:fs'
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

/** Runs `fn` under the CPU profiler; writes the profile and returns the summary with fn's result. */
export async function profiled(dir, label, fn) {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  // 200 µs between samples: enough for a 1 ms request, cheap enough not to change the figures much
  await session.post('Profiler.setSamplingInterval', { interval: 200 })
  await session.post('Profiler.start')
  let result
  try {
    result = await fn()
  } finally {
    const { profile } = await session.post('Profiler.stop')
    session.disconnect()
    mkdirSync(dir, { recursive: true })
    const file = path.join(dir, `${label.replace(/[^\p{L}\p{N}]+/gu, '_').slice(0, 80)}.cpuprofile`)
    writeFileSync(file, JSON.stringify(profile))
    result = { ...result, profile: { file, ...summariseProfile(profile) } }
  }
  return result
}
