/*
 * Liveness and readiness (issue 15 §4), for a reverse proxy, a load balancer or an orchestrator.
 *
 * - live: the process answers; touches nothing (no database, no session), so a slow database
 *   never gets a healthy process killed.
 * - ready: this process can serve: PostgreSQL answers `select 1`, Redis answers when a driver
 *   uses it (sessions, limiter, queue), the file disk accepts a write and a delete, and every
 *   migration the code ships has run. Each check has a short deadline; a failed check says
 *   only its name and a short reason, never a message of the driver (hosts, credentials).
 */
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import env from '#start/env'
import { readdir } from 'node:fs/promises'

export type CheckResult = 'ok' | 'failed' | 'timeout' | 'pending'
export type Readiness = { ready: boolean; checks: Record<string, CheckResult> }

const CHECK_TIMEOUT_MS = 2000

/** Whether Redis holds something of this process: the sessions, the limiter or the queue. */
export function usesRedis() {
  const all = Boolean(env.get('REDIS_URL'))
  const session = env.get('SESSION_DRIVER') ?? (all ? 'redis' : 'database')
  const limiter = env.get('LIMITER_STORE') ?? (session === 'redis' || all ? 'redis' : 'database')
  const queue = env.get('QUEUE_DRIVER') ?? (all ? 'redis' : 'database')
  return session === 'redis' || limiter === 'redis' || queue === 'redis'
}

class CheckTimeout extends Error {}

async function within<T>(work: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), ms)
  })
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}

async function run(check: () => Promise<CheckResult>): Promise<CheckResult> {
  try {
    return await within(check())
  } catch (error) {
    return error instanceof CheckTimeout ? 'timeout' : 'failed'
  }
}

async function database(): Promise<CheckResult> {
  await db.rawQuery('select 1')
  return 'ok'
}

async function redis(): Promise<CheckResult> {
  const { default: redisService } = await import('@adonisjs/redis/services/main')
  const answer = await redisService.ping()
  return answer === 'PONG' ? 'ok' : 'failed'
}

async function files(): Promise<CheckResult> {
  // One key per process: two processes probing at once never delete each other's probe
  const key = `health/probe-${process.pid}.txt`
  const disk = drive.use()
  await disk.put(key, 'ok')
  await disk.delete(key)
  return 'ok'
}

/** Every migration file the code ships has its row in adonis_schema (a name list and one query). */
async function migrations(): Promise<CheckResult> {
  const folder = app.migrationsPath()
  const entries = await readdir(folder)
  const shipped = entries
    .filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => file.replace(/\.(ts|js)$/, ''))
  const rows: { name: string }[] = await db.from('adonis_schema').select('name')
  const ran = new Set(rows.map((row) => row.name.split('/').pop()))
  return shipped.every((name) => ran.has(name)) ? 'ok' : 'pending'
}

export async function readiness(): Promise<Readiness> {
  const names = ['database', 'migrations', 'files', ...(usesRedis() ? ['redis'] : [])]
  const checks: Record<string, () => Promise<CheckResult>> = {
    database,
    migrations,
    files,
    redis,
  }
  const results = await Promise.all(names.map((name) => run(checks[name])))
  const byName = Object.fromEntries(names.map((name, i) => [name, results[i]]))
  return { ready: results.every((result) => result === 'ok'), checks: byName }
}
