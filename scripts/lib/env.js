/*
 * Shared helpers of the npm scripts: the .env file, child processes and the database choice.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Creates .env from .env.example with a fresh APP_KEY on first run, then parses it. */
export function ensureDotEnv() {
  const file = path.join(ROOT, '.env')
  if (!existsSync(file)) {
    const example = readFileSync(path.join(ROOT, '.env.example'), 'utf8')
    writeFileSync(
      file,
      example.replace(/^APP_KEY=.*$/m, `APP_KEY=${randomBytes(32).toString('base64url')}`)
    )
    console.log('› .env créé à partir de .env.example (nouvelle APP_KEY)')
  }
  return parseDotEnv(readFileSync(file, 'utf8'))
}

export function parseDotEnv(text) {
  const out = {}
  for (const line of text.split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/)
    if (m) out[m[1]] = m[2].replace(/^["']|["']$/g, '')
  }
  return out
}

/** True when the environment names a real PostgreSQL server. */
export function hasRealDatabase(env) {
  return Boolean(env.DATABASE_URL || env.DB_HOST)
}

/** Runs a command, inheriting stdio; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts })
    child.on('error', reject)
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

export async function runOrExit(cmd, args, opts, onFail) {
  const code = await run(cmd, args, opts)
  if (code !== 0) {
    console.error(`✗ ${cmd} ${args.join(' ')} a échoué (code ${code})`)
    await onFail?.()
    process.exit(code)
  }
}
