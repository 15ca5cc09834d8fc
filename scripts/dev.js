/*
 * `npm run dev`: the embedded database (unless DATABASE_URL / DB_* is set), migrations, the demo
 * seed, then `node ace serve --hmr` (Vite dev server, hot reload).
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { ROOT, ensureDotEnv, hasRealDatabase, runOrExit } from './lib/env.js'
import { startEmbeddedPg } from './lib/embedded_pg.js'

// APP_DEBUG: the developer error page with its stack trace, for `npm run dev` only
const env = { ...ensureDotEnv(), ...process.env, NODE_ENV: 'development', APP_DEBUG: 'true' }
let embedded = null
if (!hasRealDatabase(env)) {
  embedded = await startEmbeddedPg({ dataDir: path.join(ROOT, 'storage/postgres') }).catch(
    (error) => {
      console.error(`✗ ${error.message}`)
      process.exit(1)
    }
  )
  Object.assign(env, embedded.env)
}
const stopDb = async () => embedded?.stop()
await runOrExit('node', ['ace', 'migration:run'], { env }, stopDb)
await runOrExit('node', ['ace', 'demo:seed'], { env }, stopDb)

const child = spawn('node', ['ace', 'serve', '--hmr'], { cwd: ROOT, env, stdio: 'inherit' })
process.on('SIGINT', () => child.kill('SIGKILL'))
process.on('SIGTERM', () => child.kill('SIGKILL'))
child.on('exit', async (code) => {
  await stopDb()
  process.exit(code ?? 0)
})
