/*
 * Where the analyses read (issue 15 §4): the read replica `pg_read` when DB_READ_URL configures
 * it (config/database.ts; read-only sessions), else the app's one database. Reports over months
 * of data then load the replica, not the server that takes the writes. Only reads go through it.
 */
import db from '@adonisjs/lucid/services/db'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'

export const READ_CONNECTION = 'pg_read'

/** True when the analyses read a replica (which may lag behind the primary). */
export function onReadReplica(): boolean {
  return db.manager.has(READ_CONNECTION)
}

export function analyseConnection() {
  return db.connection(onReadReplica() ? READ_CONNECTION : undefined)
}

/** One report query, on the replica when there is one. */
export function analyseQuery(sql: string, bindings: unknown[] = []) {
  return analyseConnection().rawQuery(sql, bindings as RawQueryBindings)
}
