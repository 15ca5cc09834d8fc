/*
 * Where the analyses read (issue 15 §4): the read replica `pg_read` when DB_READ_URL configures
 * it (config/database.ts; read-only sessions), else the app's one database. Reports over months
 * of data then load the replica, not the server that takes the writes. Only reads go through it.
 */
import db from '@adonisjs/lucid/services/db'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import { cachedByVersion, type KeptUntil } from '#services/cache/versioned_cache'
import type { VersionedSum } from '#services/http/request_bundle'
import type { AnalyseParams } from '#services/analyse/params'

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

/**
 * An analyse's page kept in the process while nothing its statement reads was written
 * (decisions 817 and 819: the analyse's number of migration 0926, read with the session), one
 * value per `key` (what the URL chose: period, filter, sort). Not on a read replica: its rows
 * may lag behind the primary's number. `until`: the instant the value stops being true with
 * time alone (a figure counted against now()).
 */
export function keptAnalyse<T>(
  nom: VersionedSum,
  key: (string | null)[],
  compute: () => Promise<T>,
  until?: KeptUntil<T>
): Promise<T> {
  if (onReadReplica()) return compute()
  return cachedByVersion(nom, keptAnalyseKey(key), compute, until)
}

/** The text a page is kept under (the tests look it up). */
export const keptAnalyseKey = (key: (string | null)[]) => key.map((part) => part ?? '').join('|')

/** The key of an analyse page: its period and commercial. */
export const analyseKey = (params: AnalyseParams) => [params.du, params.au, params.commercial]
