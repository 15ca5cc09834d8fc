/*
 * The report of `npm run bench` (issue 15 §1): pure functions, no I/O, unit-tested
 * (tests/unit/bench_report.spec.ts). bench.js measures; this file sorts each row into a kind,
 * gives it the target, marks ✓/✗, pairs each last page with its first page, and writes
 * the same report as JSON (machine-readable, for comparing runs) and as markdown (for people).
 */

/**
 * Issue 15 §1 (2 cores, 10 connections, 100 000 clients / 200 000 devis / 200 000 factures).
 * A row without an issue-15 target keeps the reference §D.1 p95 it had before (decision 571).
 */
export const TARGETS = {
  list: { rps: 1000, p95: 20, sql: 4, source: 'issue 15' },
  search: { p95: 30, sql: 4, source: 'issue 15' },
  save: { p95: 40, source: 'issue 15' },
  pdf: { p95: 100, source: 'issue 15' },
  stats: { p95: 50, source: 'issue 15' },
}
/** Last page = first page: the last page's p95 at most this many times the first page's. */
export const LAST_PAGE_RATIO = 1.25
/** The volume the targets are stated at. */
export const TARGET_VOLUME = { clients: 100_000, devis: 200_000, factures: 200_000 }

const LIST_FAMILIES = /^(Clients|Devis|Factures|Créances|Commandes|Approvisionnement|Fourniture),/u

/** What a row measures, from its label (the labels are the scenarios' names in bench.js). */
export function kindOf(label) {
  if (/^Plancher/u.test(label)) return 'floor'
  if (/JSON nu/u.test(label)) return 'bare'
  if (/émission|UBL/u.test(label)) return 'other'
  if (/PDF/u.test(label)) return 'pdf'
  if (/^Devis, enregistrement/u.test(label)) return 'save'
  if (/statistiques|^Analyse — |Tableau de bord|Dashboard pro/u.test(label)) return 'stats'
  if (LIST_FAMILIES.test(label) && /recherche/iu.test(label)) return 'search'
  if (LIST_FAMILIES.test(label)) return 'list'
  return 'other'
}

/** The family a row is grouped under: its label up to the first comma or dash. */
export function familyOf(label) {
  return label.split(/,| — /u)[0].trim()
}

/** The p95 of the rows without an issue-15 target (reference §D.1, decisions 474, 508). */
export function referenceP95(label) {
  if (/Planning — semaine/u.test(label)) return 1000
  if (/Planning — carte/u.test(label)) return 500
  return 200
}

export function targetOf(label) {
  const kind = kindOf(label)
  if (kind === 'floor' || kind === 'bare') return null
  return TARGETS[kind] ?? { p95: referenceP95(label), source: 'référence §D.1' }
}

/** Nearest-rank percentile of an ascending array (p in 0–100); NaN when empty. */
export function percentile(sorted, p) {
  if (!sorted.length) return Number.NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]
}

/** req/s and p50/p95/p99 (ms) of the latencies of a run of `seconds`. */
export function summarise(latencies, seconds) {
  const sorted = Float64Array.from(latencies).sort()
  return {
    requests: sorted.length,
    rps: seconds > 0 ? sorted.length / seconds : 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  }
}

/**
 * Each check of a row against its target: true/false, or null when the target says nothing on
 * it or the SQL count is missing (« — »); a p95 missing (no response at all) fails. The row
 * passes when no check is false and it had no error.
 */
export function checkRow(row, target = targetOf(row.label)) {
  if (!target) return { target: null, checks: {}, ok: null }
  const checks = {
    rps: target.rps === undefined ? null : row.rps >= target.rps,
    // No response within the run (every request slower than it) is a miss, not a pass
    p95: target.p95 === undefined ? null : Number.isFinite(row.p95) && row.p95 <= target.p95,
    sql: target.sql === undefined || typeof row.sql !== 'number' ? null : row.sql <= target.sql,
  }
  const ok = !Object.values(checks).includes(false) && !row.errors
  return { target, checks, ok }
}

/**
 * The first page a last-page row is compared with: `firsts` maps a last page's label to its
 * first page's label (bench.js); the ratio is of the p95s (last / first).
 */
export function lastVsFirst(rows, firsts) {
  const byLabel = new Map(rows.map((r) => [r.label, r]))
  const out = []
  for (const [lastLabel, firstLabel] of Object.entries(firsts)) {
    const last = byLabel.get(lastLabel)
    const first = byLabel.get(firstLabel)
    if (!last || !first) continue
    const ratio = last.p95 / first.p95
    out.push({
      last: lastLabel,
      first: firstLabel,
      p95Last: last.p95,
      p95First: first.p95,
      ratio,
      rpsRatio: last.rps / first.rps,
      ok: Number.isFinite(ratio) ? ratio <= LAST_PAGE_RATIO : null,
    })
  }
  return out
}

/**
 * The whole report. `rows`: measured rows ({ label, path?, rps, p50, p95, p99, sql, errors });
 * `meta`: the run's context; `firsts`: last page → first page; `browser`, `budgets`: optional
 * sections (Chromium measures, bundle sizes).
 */
export function buildReport({ meta, rows, firsts = {}, browser = null, budgets = null }) {
  const floor = rows.find((r) => kindOf(r.label) === 'floor') ?? null
  const bare = rows.find((r) => kindOf(r.label) === 'bare') ?? null
  const scenarios = rows
    .filter((r) => r !== floor && r !== bare)
    .map((r) => ({
      ...r,
      kind: kindOf(r.label),
      family: familyOf(r.label),
      ofFloor: floor?.rps ? r.rps / floor.rps : null,
      ...checkRow(r),
    }))
  const pages = lastVsFirst(rows, firsts)
  const checked = [...scenarios.map((r) => r.ok), ...pages.map((p) => p.ok)].filter(
    (ok) => ok !== null
  )
  const volume = meta.volume ?? {}
  const volumeShort = Object.entries(TARGET_VOLUME)
    .filter(([k, n]) => Number(volume[k] ?? 0) < n)
    .map(([k]) => k)
  return {
    version: 1,
    generatedAt: meta.generatedAt ?? new Date().toISOString(),
    meta: { ...meta, volumeShort },
    targets: { ...TARGETS, lastPageRatio: LAST_PAGE_RATIO, volume: TARGET_VOLUME },
    comparators: { floor, bare },
    scenarios,
    lastPage: pages,
    summary: {
      checked: checked.length,
      passed: checked.filter(Boolean).length,
      failed: checked.filter((ok) => !ok).length,
    },
    browser,
    budgets,
  }
}

const fr = (n, digits = 0) =>
  typeof n === 'number' && Number.isFinite(n)
    ? n.toLocaleString('fr-BE', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '—'
const ms = (n) => fr(n, 1)
/** The loaded processes' CPU per request: two decimals (the floor's is a few hundredths). */
const cpuMs = (n) => (typeof n === 'number' ? fr(n, 2) : '—')
/** A row's SQL count: its second visit's, the first's beside it when the process was cold. */
const sqlText = (r) =>
  r.sql === null || r.sql === undefined
    ? '—'
    : typeof r.sqlFirst === 'number' && r.sqlFirst !== r.sql
      ? `${r.sql} (1re : ${r.sqlFirst})`
      : String(r.sql)
const mark = (ok) => (ok === null || ok === undefined ? '' : ok ? ' ✓' : ' ✗')

function targetText(r) {
  if (!r.target) return '—'
  const parts = []
  if (r.target.rps !== undefined) parts.push(`≥ ${fr(r.target.rps)} req/s${mark(r.checks.rps)}`)
  if (r.target.p95 !== undefined) parts.push(`p95 ≤ ${r.target.p95}${mark(r.checks.p95)}`)
  if (r.target.sql !== undefined) parts.push(`≤ ${r.target.sql} SQL${mark(r.checks.sql)}`)
  return parts.join(', ') + (r.target.source === 'issue 15' ? '' : ' (réf. §D.1)')
}

function table(head, align, body) {
  return [
    `| ${head.join(' | ')} |`,
    `| ${align.map((a) => (a === 'r' ? '---:' : '---')).join(' | ')} |`,
    ...body.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n')
}

/** Whether the créances search's rows were in the order of the names (decision 861). */
export function searchOrderLine({ correlation, ordered }) {
  const figure = correlation === null ? 'pas de statistiques' : `corrélation ${fr(correlation, 2)}`
  return (
    `- Recherche des créances : lignes ${ordered ? 'dans l’ordre des noms' : 'hors de l’ordre des noms'} (${figure})` +
    (ordered
      ? ''
      : ' — **la passe de nuit ne les a pas remises en ordre : la recherche y coûte plus**')
  )
}

/** The report as markdown (French, like the rest of what the bench prints). */
export function reportMarkdown(report) {
  const m = report.meta
  const load = (l) => (l ? l.map((x) => x.toFixed(2)).join(' / ') : '—')
  const volume = Object.entries(m.volume ?? {})
    .map(([k, n]) => `${fr(Number(n))} ${k}`)
    .join(', ')
  const out = [
    `# Bench — ${report.generatedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `- Machine : ${m.cpus} × ${m.cpuModel}, ${fr(m.memoryGb, 1)} Go de mémoire`,
    `- Charge moyenne (1 / 5 / 15 min) : début ${load(m.loadStart)}, fin ${load(m.loadEnd)}`,
    `- Node ${m.node}, ${m.postgres}, NODE_ENV=${m.nodeEnv}, sessions ${m.sessionDriver}`,
    `- Base : ${m.database}; processus de l’app : ${m.processes}` +
      (m.run ? `; charge envoyée ${m.run}` : ''),
    `- Charge : ${m.connections} connexions × ${m.duration} s par scénario (après ${m.warmup} s de chauffe)` +
      (m.only ? `, BENCH_ONLY=${m.only}` : ''),
    `- Volume présent : ${volume || '—'}` +
      (m.volumeShort?.length
        ? ` — **en dessous du volume des cibles** (${m.volumeShort.join(', ')})`
        : ''),
    ...(m.searchOrder ? [searchOrderLine(m.searchOrder)] : []),
    `- SQL / requête : ${m.sqlNote}`,
    '- CPU / requête : temps CPU (utilisateur + système) des processus chargés pendant la ligne, ' +
      'divisé par ses requêtes (/proc) ; moins sensible qu’un débit à une machine occupée',
    '- CPU PostgreSQL / requête : le même temps pour les processus de PostgreSQL quand il tourne ' +
      'sur cette machine (sinon —) : ses backends prennent leur part des mêmes cœurs',
    ...(m.notes ?? []).map((note) => `- ${note}`),
    '',
    `**${report.summary.passed} / ${report.summary.checked} cibles tenues**` +
      (report.summary.failed ? ` (${report.summary.failed} ✗)` : ''),
    '',
    '## Comparateurs',
    '',
    table(
      [
        'comparateur',
        'req/s',
        'p50 (ms)',
        'p95 (ms)',
        'p99 (ms)',
        'SQL / requête',
        'CPU / requête (ms)',
        'CPU PostgreSQL / requête (ms)',
        'erreurs',
      ],
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
      [report.comparators.floor, report.comparators.bare].map((r, i) =>
        r
          ? [
              r.label,
              fr(r.rps),
              ms(r.p50),
              ms(r.p95),
              ms(r.p99),
              sqlText(r),
              cpuMs(r.cpu),
              cpuMs(r.dbCpu),
              r.errors,
            ]
          : [
              i ? 'JSON nu (non mesuré)' : 'Plancher (non mesuré : GET /health absent)',
              '—',
              '—',
              '—',
              '—',
              '—',
              '—',
              '—',
              '—',
            ]
      )
    ),
    '',
    '## Scénarios',
    '',
    table(
      [
        'scénario',
        'req/s',
        'p50 (ms)',
        'p95 (ms)',
        'p99 (ms)',
        'SQL / requête',
        'CPU / requête (ms)',
        'CPU PostgreSQL / requête (ms)',
        '% du plancher',
        'cible',
        'erreurs',
      ],
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'r'],
      report.scenarios.map((r) => [
        r.label,
        fr(r.rps),
        ms(r.p50),
        ms(r.p95),
        ms(r.p99),
        sqlText(r),
        cpuMs(r.cpu),
        cpuMs(r.dbCpu),
        r.ofFloor === null ? '—' : `${fr(r.ofFloor * 100, 1)} %`,
        targetText(r) + (r.errors ? ' ✗' : ''),
        r.errors,
      ])
    ),
  ]
  if (report.lastPage.length) {
    out.push(
      '',
      `## Dernière page = première page (p95 dernière / première ≤ ${fr(LAST_PAGE_RATIO, 2)})`,
      '',
      table(
        [
          'dernière page',
          'première page',
          'p95 dernière',
          'p95 première',
          'rapport p95',
          'rapport req/s',
        ],
        ['l', 'l', 'r', 'r', 'r', 'r'],
        report.lastPage.map((p) => [
          p.last,
          p.first,
          ms(p.p95Last),
          ms(p.p95First),
          fr(p.ratio, 2) + mark(p.ok),
          fr(p.rpsRatio, 2),
        ])
      )
    )
  }
  const profiled = [report.comparators.bare, ...report.scenarios].filter((r) => r?.profile)
  if (profiled.length) out.push('', ...profilesMarkdown(profiled))
  if (report.browser) out.push('', ...browserMarkdown(report.browser))
  if (report.budgets) out.push('', ...budgetsMarkdown(report.budgets))
  return out.join('\n') + '\n'
}

/** BENCH_PROFILE=1: where each scenario's CPU went (self time, % of the samples). */
function profilesMarkdown(rows) {
  const out = ['## Profils CPU sous charge (BENCH_PROFILE=1, temps propre, % des échantillons)', '']
  for (const r of rows) {
    const p = r.profile
    out.push(
      `### ${r.label}`,
      '',
      `${fr(p.samples)} échantillons — ${p.file}`,
      '',
      table(
        ['paquet', '%'],
        ['l', 'r'],
        p.owners.slice(0, 8).map((o) => [o.owner, fr(o.pct, 1)])
      ),
      '',
      table(
        ['fonction', 'paquet', '%'],
        ['l', 'l', 'r'],
        p.functions.slice(0, 12).map((f) => [`\`${f.fn}\``, f.owner, fr(f.pct, 1)])
      ),
      ''
    )
  }
  return out
}

function browserMarkdown(browser) {
  const out = ['## Navigateur (Chromium headless, une mesure, jamais assertée)', '']
  if (browser.skipped) return [...out, `Non mesuré : ${browser.skipped}`]
  out.push(
    table(
      ['mesure', 'valeur (ms)', 'détail'],
      ['l', 'r', 'l'],
      browser.measures.map((b) => [b.label, ms(b.value), b.detail ?? ''])
    )
  )
  if (browser.note) out.push('', browser.note)
  return out
}

export function budgetsMarkdown(budgets) {
  const kb = (n) => fr(n / 1024, 1)
  return [
    `## Budgets front-end (build de production, gzip)`,
    '',
    `JS chargé par la page de connexion : **${kb(budgets.login.gzip)} kB** ` +
      `(budget ${kb(budgets.login.budget)} kB)${mark(budgets.login.ok)} — ` +
      `${budgets.login.files.length} fichiers`,
    '',
    table(
      ['page', 'son chunk (kB gz)', 'avec ses imports propres (kB gz)'],
      ['l', 'r', 'r'],
      budgets.pages.map((p) => [p.page, kb(p.gzip), kb(p.ownGraphGzip)])
    ),
  ]
}
