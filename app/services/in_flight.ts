/*
 * The requests this process is still answering (decision 851). On SIGTERM the app waits for
 * them before its database pools close: Node's server.close() waits only for open connections,
 * and a request whose client went away (a phone losing the network, a closed tab) has none
 * left; its work then met a closed pool half-way: the notification written after its commit
 * lost, a second statement outside its transaction refused.
 */
let running = 0
let onIdle: (() => void)[] = []
let stopping = false

/**
 * The process is stopping: each answer from now on closes its connection, so that a client
 * keeping one busy (a browser clicking on, a balancer's probes) does not hold the server's
 * close, which waits for every connection, until the process is killed.
 */
export function markStopping() {
  stopping = true
}

export function isStopping() {
  return stopping
}

export function requestStarted() {
  running++
}

export function requestEnded() {
  running--
  if (running > 0) return
  const waiting = onIdle
  onIdle = []
  for (const resolve of waiting) resolve()
}

export function requestsRunning() {
  return running
}

/** Resolves true once no request runs, or false after `ms` (what still runs then is cut). */
export function drained(ms: number): Promise<boolean> {
  if (running === 0) return Promise.resolve(true)
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      resolve(true)
    }
    const timer = setTimeout(() => {
      onIdle = onIdle.filter((waiting) => waiting !== done)
      resolve(false)
    }, ms)
    onIdle.push(done)
  })
}
