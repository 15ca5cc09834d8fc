/*
 * The SQL count of `npm run bench`: every query the pg driver sends while one lone request runs
 * in the bench's process (nothing else running). A read is counted on its second visit, the
 * first shown beside it when it differs (decision 848); a write is counted once.
 */

/** Counts the queries of `pg`'s clients; `restore()` puts the driver back as it was. */
export function sqlCounter(pg, base) {
  let counting = false
  let queries = 0
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function (...args) {
    if (counting) {
      queries++
      if (process.env.BENCH_DEBUG)
        console.log(
          '    SQL:',
          String(args[0]?.text ?? args[0])
            .replace(/\s+/g, ' ')
            .slice(0, 160)
        )
    }
    return original.apply(this, args)
  }
  async function queriesOf(path, headers, save, post, drag) {
    const init = { headers }
    if (drag) {
      const { visits, slots } = await drag.state()
      const v = visits[0]
      path = `/esi/planifications/${v.id}`
      init.method = 'PUT'
      init.body = JSON.stringify({
        lock_version: v.lock,
        debut: slots[1 - v.at][0],
        fin: slots[1 - v.at][1],
      })
    }
    if (post) {
      init.method = 'POST'
      init.body = post[0].body
    }
    if (save) {
      const [lock] = await save.locks()
      init.method = 'PUT'
      init.body = JSON.stringify({ ...save.body, lock_version: lock })
    }
    const counted = async () => {
      queries = 0
      counting = true
      const response = await fetch(base + path, init)
      await response.arrayBuffer()
      counting = false
      if (response.status !== 200) throw new Error(`${path} : HTTP ${response.status}`)
      return queries
    }
    const first = await counted()
    // A read is counted again as the users' visits run: the process then holds what it keeps
    // a minute (a table's row estimate, the menu's counts, the session's last touch); the first
    // visit's count is shown beside it when it differs (decision 848). A write is counted once.
    if (drag || post || save) return { sql: first, sqlFirst: null }
    if (process.env.BENCH_DEBUG) console.log('    (deuxième visite)')
    const again = await counted()
    return { sql: again, sqlFirst: again === first ? null : first }
  }

  return {
    queriesOf,
    restore: () => {
      pg.Client.prototype.query = original
    },
  }
}
