/*
 * A raw statement sent as a NAMED prepared statement (issue 15 §1): PostgreSQL parses it once
 * per connection and, once it has seen that a generic plan is no dearer than the custom ones
 * (after five executions, `plan_cache_mode = auto`; at once for a text without parameter),
 * stops planning it on every request. The hot statements whose planning costs as much as their
 * execution use it (decisions 813–814); any other statement stays unnamed.
 *
 * It runs on the connection the client's knex would use — the transaction's for a transaction
 * (and the tests' global one), else one taken from the pool — so that each connection's
 * statements can be counted: a text that changes with the day (the créances' buckets) would
 * otherwise pile up in every connection for as long as it lives. Past PER_CONNECTION names a
 * connection forgets the one it used least recently (DEALLOCATE). Lucid's query events do not
 * see these statements; the pg driver (and so the bench's count) does.
 */
import { createHash } from 'node:crypto'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** Named statements one connection keeps; the least recently used goes first. */
export const PER_CONNECTION = 100
/** Texts whose name this process remembers (a name is the text's hash: only a cache). */
const MAX_NAMES = 1000

const names = new Map<string, string>()
/** Bumped when PostgreSQL refuses a kept plan (a table's columns changed under `*`). */
let generation = 0

function nameOf(sql: string): string {
  let name = names.get(sql)
  if (name === undefined) {
    const hash = createHash('sha1').update(sql).digest('base64url').slice(0, 24)
    name = `esi_${generation}_${hash}`
    if (names.size >= MAX_NAMES) names.delete(names.keys().next().value!)
    names.set(sql, name)
  }
  return name
}

/** The pg client as knex hands it over, with the driver's own record of what it parsed. */
type PgConnection = {
  query(config: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: any[] }>
  connection: { parsedStatements: Record<string, string> }
}

/** Per connection, the names it holds, in order of last use. */
const held = new WeakMap<PgConnection, Map<string, true>>()

/** Forgets a name on the server and in the driver's record (else it would skip the parse). */
async function deallocate(conn: PgConnection, name: string): Promise<void> {
  if (conn.connection.parsedStatements[name] === undefined) return
  await conn.query({ text: `DEALLOCATE "${name}"` })
  delete conn.connection.parsedStatements[name]
}

async function useName(conn: PgConnection, name: string): Promise<void> {
  let used = held.get(conn)
  if (!used) held.set(conn, (used = new Map()))
  used.delete(name)
  used.set(name, true)
  while (used.size > PER_CONNECTION) {
    const oldest = used.keys().next().value!
    used.delete(oldest)
    await deallocate(conn, oldest)
  }
}

/** Deallocates every name the client's connection holds (a test that filled it). */
export async function deallocateAll(client: QueryClientContract): Promise<void> {
  const knex = client.getWriteClient()
  const conn = (await knex.client.acquireConnection()) as PgConnection
  try {
    for (const name of held.get(conn)?.keys() ?? []) await deallocate(conn, name)
    held.delete(conn)
  } finally {
    await knex.client.releaseConnection(conn)
  }
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
  const knex = client.getWriteClient()
  // knex's own `?` → `$n` (and its value conversions), as its raw query does
  const native = knex
    .raw(sql, bindings as any[])
    .toSQL()
    .toNative()
  const conn = (await knex.client.acquireConnection()) as PgConnection
  try {
    const name = nameOf(sql)
    await useName(conn, name)
    return await conn.query({ name, text: native.sql, values: native.bindings as unknown[] })
  } catch (error) {
    // A migration ran while the app was up: new names, so every connection parses again.
    // Inside a transaction the failed statement has aborted it: nothing to retry there.
    if (!isStalePlan(error) || client.isTransaction) throw error
    generation++
    names.clear()
  } finally {
    await knex.client.releaseConnection(conn)
  }
  return preparedQuery(client, sql, bindings)
}
