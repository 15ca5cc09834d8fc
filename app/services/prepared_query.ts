/*
 * A raw statement sent as a NAMED prepared statement (issue 15 §1): PostgreSQL parses it once
 * per connection and, once it has seen that a generic plan is no dearer than the custom ones
 * (after five executions, `plan_cache_mode = auto`), stops planning it on every request. The
 * hot statements whose planning costs as much as their execution use it (decision 813); any
 * other statement stays unnamed. It goes through Lucid's raw query, so a transaction (and the
 * tests' global one), the query events and the bench's count of statements see it as before.
 */
import { createHash } from 'node:crypto'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** Text → statement name, for this process. The texts come from code, a few per call site. */
const names = new Map<string, string>()
/** Past this many distinct texts a statement goes unnamed: a bug must not fill the server. */
export const MAX_PREPARED = 500
/** Bumped when PostgreSQL refuses a kept plan (a table's columns changed under `*`). */
let generation = 0

function nameOf(sql: string): string | null {
  let name = names.get(sql)
  if (name === undefined) {
    if (names.size >= MAX_PREPARED) return null
    const hash = createHash('sha1').update(sql).digest('base64url').slice(0, 24)
    name = `esi_${generation}_${hash}`
    names.set(sql, name)
  }
  return name
}

/** PostgreSQL's answer when a prepared `SELECT *` meets a table whose columns changed. */
function isStalePlan(error: unknown): boolean {
  const e = error as { code?: string; message?: string }
  return e?.code === '0A000' && /cached plan must not change result type/.test(e.message ?? '')
}

export async function preparedQuery<Row = Record<string, any>>(
  client: QueryClientContract,
  sql: string,
  bindings: readonly unknown[]
): Promise<{ rows: Row[] }> {
  const name = nameOf(sql)
  const query = client.rawQuery(sql, bindings as any[])
  if (name) query.knexQuery.options({ name })
  try {
    return await query
  } catch (error) {
    // A migration ran while the app was up: new names, so every connection parses again.
    // Inside a transaction the failed statement has aborted it: nothing to retry there.
    if (!isStalePlan(error) || client.isTransaction) throw error
    generation++
    names.clear()
    return preparedQuery(client, sql, bindings)
  }
}
