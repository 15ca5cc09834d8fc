/*
 * The pieces of the two-process test (cluster.spec.ts): a database of its own (migrated by the
 * real `node ace migration:run --force`), a local S3 (s3rver), a Redis key prefix of its own, and
 * an HTTP visitor that opens a new connection for every request, so that node:cluster hands the
 * requests to its workers in turn; which worker answered is read from the structured log (the
 * response's X-Request-Id on the line with the worker's pid).
 */
import { spawn } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import app from '@adonisjs/core/services/app'

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port
      srv.close(() => resolve(port))
    })
  })
}

/** The test database's URL: `npm test` sets DATABASE_URL on every server (decision 850). */
function testDatabaseUrl(): URL {
  return new URL(process.env.DATABASE_URL!)
}

/** The test server's URL on database `name`. */
export function databaseUrl(name: string): string {
  const url = testDatabaseUrl()
  url.pathname = `/${name}`
  return url.toString()
}

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** Drops a database of the test server, its sessions closed. */
export const dropDatabase = (name: string) =>
  onServer(`drop database if exists "${name}" with (force)`)

/** A fresh database next to the test database, dropped by the returned function. */
export async function freshDatabase(suffix: string) {
  const testDb = testDatabaseUrl().pathname.slice(1)
  const name = `${testDb}_${suffix}`.replace(/[^a-z0-9_]/gi, '')
  await dropDatabase(name)
  await onServer(`create database "${name}"`)
  return { name, url: databaseUrl(name), drop: () => dropDatabase(name) }
}

/** Runs `node ace …` as production does; rejects with its output when it fails. */
export function ace(args: string[], env: Record<string, string | undefined>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['ace', ...args], {
      cwd: app.makePath(),
      env: env as NodeJS.ProcessEnv,
    })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`ace ${args.join(' ')}: ${code}\n${out}`))
    )
  })
}

/** s3rver on a free port with one bucket; its files in a throwaway folder. */
export async function localS3(bucket: string) {
  const { default: S3rver } = await import('s3rver')
  const directory = await mkdtemp(path.join(tmpdir(), 'esi-s3-'))
  const port = await freePort()
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  await server.run()
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    close: async () => {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** A browser's cookie jar over node:http, one new TCP connection per request. */
export class Visitor {
  cookies = new Map<string, string>()
  inertiaVersion: string | null = null
  constructor(private base: string) {}

  request(
    method: string,
    url: string,
    options: {
      form?: Record<string, string | number>
      json?: unknown
      multipart?: { body: Buffer; type: string }
      inertia?: boolean
    } = {}
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    }
    let body: Buffer | undefined
    if (options.form) {
      body = Buffer.from(
        new URLSearchParams(Object.entries(options.form).map(([k, v]) => [k, String(v)])).toString()
      )
      headers['content-type'] = 'application/x-www-form-urlencoded'
    }
    if (options.json !== undefined) {
      body = Buffer.from(JSON.stringify(options.json))
      headers['content-type'] = 'application/json'
      headers.accept = 'application/json'
    }
    if (options.multipart) {
      body = options.multipart.body
      headers['content-type'] = options.multipart.type
    }
    if (options.inertia) {
      headers['x-inertia'] = 'true'
      headers['x-requested-with'] = 'XMLHttpRequest'
      if (this.inertiaVersion) headers['x-inertia-version'] = this.inertiaVersion
    }
    const xsrf = this.cookies.get('XSRF-TOKEN')
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    return new Promise((resolve, reject) => {
      const req = http.request(this.base + url, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';')
            const at = pair.indexOf('=')
            this.cookies.set(pair.slice(0, at), pair.slice(at + 1))
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          })
        })
      })
      req.on('error', reject)
      req.end(body)
    })
  }
}

/** A multipart body with one file, as a browser's form sends it. */
export async function multipartFile(field: string, bytes: Buffer, filename: string, type: string) {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename)
  const encoded = new Response(form)
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    type: encoded.headers.get('content-type')!,
  }
}

/** The JSON log lines of the cluster (workers and primary). */
export function parsedLines(lines: string[]): Record<string, any>[] {
  return lines.flatMap((line) => {
    try {
      return [JSON.parse(line)]
    } catch {
      return []
    }
  })
}

export async function eventually<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 60_000
): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const found = await probe()
    if (found !== undefined) return found
    if (Date.now() > until) throw new Error(`pas arrivé à temps : ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
