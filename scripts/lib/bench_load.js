/*
 * One load of `npm run bench`: autocannon in a worker thread, so that it does not share the
 * event loop of the app the bench runs in its own process; every latency is kept for exact
 * percentiles. A load is a plain GET, or the writes of a scenario: `save` (PUT a devis with its
 * current lock_version), `drag` (move a visit to its other slot), `post` (POST each body in turn).
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'

/**
 * Loads `url` for `duration` s with `connections` connections; resolves with
 * { latencies, statuses, errors, timeouts }.
 */
export function load(
  url,
  headers,
  { duration, connections, save = null, post = null, drag = null }
) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { url, headers, duration, connections, save, post, drag },
    })
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

// In the worker (workerData is set only there): one autocannon run
if (!isMainThread && workerData?.url) {
  // Worker: one autocannon run, every latency kept for exact percentiles
  const { default: autocannon } = await import('autocannon')
  const latencies = []
  const statuses = {}
  const options = {
    url: workerData.url,
    headers: workerData.headers,
    connections: workerData.connections,
    duration: workerData.duration,
  }
  const save = workerData.save
  if (save) {
    // Each request takes a devis nobody is saving and sends its current lock_version; the
    // response gives the next one (a connection waits for its response before the next request)
    const locks = new Map(save.ids.map((id, i) => [id, save.locks[i]]))
    const free = [...save.ids]
    options.requests = [
      {
        method: 'PUT',
        setupRequest: (request, context) => {
          const id = free.pop() ?? save.ids[0]
          context.id = id
          return {
            ...request,
            path: `/esi/devis/${id}`,
            body: JSON.stringify({ ...save.body, lock_version: locks.get(id) }),
          }
        },
        onResponse: (status, body, context) => {
          if (status === 200) locks.set(context.id, JSON.parse(body).lock_version)
          // A refused save (stale lock_version) leaves that devis out of the rest of the run
          if (status === 200 || free.length === 0) free.push(context.id)
        },
      },
    ]
  }
  if (workerData.drag) {
    // Each request takes a bench visit nobody is moving and sends it to the slot it is not in,
    // with its current lock_version; the answer gives the next version
    const { visits, slots } = workerData.drag
    const byId = new Map(visits.map((v) => [v.id, { ...v }]))
    const free = visits.map((v) => v.id)
    options.requests = [
      {
        method: 'PUT',
        setupRequest: (request, context) => {
          const v = byId.get(free.pop() ?? visits[0].id)
          context.id = v.id
          const [debut, fin] = slots[1 - v.at]
          return {
            ...request,
            path: `/esi/planifications/${v.id}`,
            body: JSON.stringify({ lock_version: v.lock, debut, fin }),
          }
        },
        onResponse: (status, body, context) => {
          const v = byId.get(context.id)
          if (status === 200) {
            v.lock = JSON.parse(body).lockVersion
            v.at = 1 - v.at
          }
          // A refused save leaves that visit out of the rest of the run (counted as an error)
          if (status === 200 || free.length === 0) free.unshift(context.id)
        },
      },
    ]
  }
  if (workerData.post) {
    // POST the same JSON to each path in turn (one sheet per connection at a time)
    const posts = workerData.post
    let next = 0
    options.requests = [
      {
        method: 'POST',
        setupRequest: (request) => {
          const { path, body } = posts[next++ % posts.length]
          return { ...request, path, body }
        },
      },
    ]
  }
  const instance = autocannon(options)
  instance.on('response', (_client, status, _bytes, time) => {
    latencies.push(time)
    statuses[status] = (statuses[status] ?? 0) + 1
  })
  const result = await instance
  parentPort.postMessage({ latencies, statuses, errors: result.errors, timeouts: result.timeouts })
}
