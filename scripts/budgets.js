/*
 * `npm run budgets` (issue 15 §1, CI): the front-end budgets of the production build. Builds the
 * assets first when public/build has no manifest (a clean clone) or a source is newer, then
 * prints the JS the login page loads (gzip) against its 150 kB budget and every page's own
 * chunk; exits 1 when the login is over budget or loads a heavy library of another page
 * (scripts/lib/budgets.js).
 */
import path from 'node:path'
import { ROOT, runOrExit } from './lib/env.js'
import { assetsNeedBuild, measureBudgets } from './lib/budgets.js'
import { budgetsMarkdown } from './lib/bench_report.js'

const BUILD = path.join(ROOT, 'public/build')

const stale = assetsNeedBuild(ROOT)
if (stale) {
  console.log(`› Construction des assets (vite build : ${stale})…`)
  await runOrExit('node', [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
    env: { ...process.env, NODE_ENV: 'production' },
  })
}
const budgets = measureBudgets(BUILD)
console.log(budgetsMarkdown(budgets).join('\n'))
console.log('\nFichiers JS de la page de connexion :')
for (const f of budgets.login.files) {
  console.log(`  ${f.file.padEnd(40)} ${(f.gzip / 1024).toFixed(1).padStart(7)} kB gz`)
}
if (budgets.login.heavy.length) {
  console.error(`✗ La page de connexion charge ${budgets.login.heavy.join(', ')}`)
}
if (!budgets.ok) {
  console.error(
    `✗ Budget dépassé : ${(budgets.login.gzip / 1024).toFixed(1)} kB gz pour la connexion ` +
      `(budget ${(budgets.login.budget / 1024).toFixed(0)} kB)`
  )
  process.exit(1)
}
console.log('✓ Budgets tenus')
