import { test } from '@japa/runner'
import {
  buildReport,
  checkRow,
  kindOf,
  lastVsFirst,
  percentile,
  reportMarkdown,
  searchOrderLine,
  summarise,
  targetOf,
  type Row,
} from '../../scripts/lib/bench_report.js'

const row = (label: string, over: Partial<Row> = {}): Row => ({
  label,
  rps: 1200,
  p50: 6,
  p95: 15,
  p99: 25,
  sql: 3,
  errors: 0,
  ...over,
})

const META = {
  generatedAt: '2026-11-24T13:00:00.000Z',
  cpus: 2,
  cpuModel: 'AMD EPYC',
  memoryGb: 8,
  loadStart: [0.5, 0.4, 0.3],
  loadEnd: [1.5, 1, 0.5],
  node: 'v24.21.0',
  postgres: 'PostgreSQL 15.14',
  nodeEnv: 'production',
  sessionDriver: 'database',
  database: 'DATABASE_URL',
  processes: 1,
  connections: 10,
  duration: 10,
  warmup: 2,
  sqlNote: 'une requête seule',
  volume: { clients: 100_000, devis: 200_000, factures: 150_000 },
}

test.group('Bench report: percentiles', () => {
  test('nearest rank on a sorted array', ({ assert }) => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1)
    assert.equal(percentile(sorted, 50), 50)
    assert.equal(percentile(sorted, 95), 95)
    assert.equal(percentile(sorted, 99), 99)
    assert.equal(percentile(sorted, 100), 100)
    assert.equal(percentile(sorted, 0), 1)
    assert.equal(percentile([7], 95), 7)
    assert.isNaN(percentile([], 50))
  })

  test('summarise sorts the latencies and divides by the run time', ({ assert }) => {
    const s = summarise([30, 10, 20, 40, 50, 60, 70, 80, 90, 100], 2)
    assert.deepEqual(s, { requests: 10, rps: 5, p50: 50, p95: 100, p99: 100 })
    // Numbers sort as numbers (not as text: 100 after 90)
    assert.equal(summarise([100, 9, 8], 1).p50, 9)
  })
})

test.group('Bench report: targets', () => {
  test('each label gets its kind and the issue-15 target', ({ assert }) => {
    assert.equal(kindOf('Plancher : GET /health'), 'floor')
    assert.equal(kindOf('JSON nu : GET /api/user'), 'bare')
    assert.equal(kindOf('Clients, Inertia, ?sort=-id_client'), 'list')
    assert.equal(kindOf('Créances, tri client, dernière page'), 'list')
    assert.equal(kindOf('Approvisionnement, liste'), 'list')
    assert.equal(kindOf('Clients, recherche ?q=dupont'), 'search')
    assert.equal(kindOf('Devis, filtre statut + recherche'), 'search')
    assert.equal(kindOf('Devis, enregistrement 50 lignes (PUT JSON)'), 'save')
    assert.equal(kindOf('Devis, PDF 50 lignes'), 'pdf')
    assert.equal(kindOf('Devis, statistiques (12 derniers mois)'), 'stats')
    assert.equal(kindOf('Analyse — rentabilité, 12 mois'), 'stats')
    assert.equal(kindOf('Tableau de bord — staff, Inertia (/dashboard)'), 'stats')
    assert.equal(kindOf('Factures, émission de 1000 (10 en parallèle)'), 'other')
    assert.equal(kindOf('Planning — semaine de 50 techniciens (5 000 visites)'), 'other')

    assert.deepEqual(targetOf('Clients, Inertia, liste'), {
      rps: 1000,
      p95: 20,
      sql: 4,
      source: 'issue 15',
    })
    assert.equal(targetOf('Clients, recherche ?q=dupont')!.p95, 30)
    assert.equal(targetOf('Devis, enregistrement 50 lignes (PUT JSON)')!.p95, 40)
    assert.equal(targetOf('Devis, PDF 50 lignes')!.p95, 100)
    assert.equal(targetOf('Dashboard pro — 200 partenaires, 12 derniers mois')!.p95, 50)
    assert.isNull(targetOf('JSON nu : GET /api/user'))
    // No issue-15 target: the reference §D.1 one
    assert.deepEqual(targetOf('Planning — semaine de 50 techniciens'), {
      p95: 1000,
      source: 'référence §D.1',
    })
    assert.equal(targetOf('Mesurage, enregistrement 30 lignes (POST JSON)')!.p95, 200)
  })

  test('a list row passes only with the rate, the p95 and the SQL count all met', ({ assert }) => {
    const label = 'Devis, Inertia, ?sort=-date_devis'
    assert.isTrue(checkRow(row(label)).ok)
    const slow = checkRow(row(label, { rps: 999 }))
    assert.deepEqual(slow.checks, { rps: false, p95: true, sql: true })
    assert.isFalse(slow.ok)
    assert.isFalse(checkRow(row(label, { p95: 20.1 })).ok)
    assert.isTrue(checkRow(row(label, { p95: 20 })).ok)
    assert.isFalse(checkRow(row(label, { sql: 5 })).ok)
    // An error fails the row even when the figures are met
    assert.isFalse(checkRow(row(label, { errors: 1 })).ok)
    // An SQL count not measured (« — ») is not a failure, and not a pass of that check
    const unknown = checkRow(row(label, { sql: '—' }))
    assert.isNull(unknown.checks.sql)
    assert.isTrue(unknown.ok)
    // A PDF has no rate or SQL target
    assert.deepEqual(checkRow(row('Devis, PDF 50 lignes', { rps: 10, p95: 101, sql: 9 })).checks, {
      rps: null,
      p95: false,
      sql: null,
    })
    // No response during the run (every request slower than the run): no p95, a miss
    const none = checkRow(
      row('Devis, PDF 50 lignes', { rps: 0, p50: Number.NaN, p95: Number.NaN, p99: Number.NaN })
    )
    assert.isFalse(none.checks.p95)
    assert.isFalse(none.ok)
    // A comparator is not checked
    assert.isNull(checkRow(row('JSON nu : GET /api/user')).ok)
  })

  test('last page against first page: the p95 ratio, within 1.25', ({ assert }) => {
    const rows = [
      row('Clients, tri nom, première page', { p95: 10, rps: 1000 }),
      row('Clients, tri nom, dernière page', { p95: 12, rps: 900 }),
      row('Devis, tri client, première page', { p95: 10 }),
      row('Devis, tri client, dernière page', { p95: 13 }),
    ]
    const pages = lastVsFirst(rows, {
      'Clients, tri nom, dernière page': 'Clients, tri nom, première page',
      'Devis, tri client, dernière page': 'Devis, tri client, première page',
      'Factures, tri client, dernière page': 'Factures, tri client, première page',
    })
    assert.lengthOf(pages, 2)
    assert.equal(pages[0].ratio, 1.2)
    assert.equal(pages[0].rpsRatio, 0.9)
    assert.isTrue(pages[0].ok)
    assert.equal(pages[1].ratio, 1.3)
    assert.isFalse(pages[1].ok)
  })
})

test.group('Bench report: the whole report', () => {
  test('JSON shape, comparators apart, summary and volume below target', ({ assert }) => {
    const report = buildReport({
      meta: META,
      rows: [
        row('Plancher : GET /health', { rps: 4000, sql: 0 }),
        row('JSON nu : GET /api/user', { rps: 2000 }),
        row('Clients, Inertia, ?sort=-id_client', { rps: 1000 }),
        row('Clients, recherche ?q=dupont', { p95: 31 }),
        row('Planning — carte: 2 000 éléments en attente', { p95: 100 }),
      ],
    })
    assert.equal(report.version, 1)
    assert.equal(report.generatedAt, META.generatedAt)
    assert.equal(report.comparators.floor!.rps, 4000)
    assert.equal(report.comparators.bare!.rps, 2000)
    assert.deepEqual(
      report.scenarios.map((s) => [s.label, s.kind, s.family, s.ofFloor, s.ok]),
      [
        ['Clients, Inertia, ?sort=-id_client', 'list', 'Clients', 0.25, true],
        ['Clients, recherche ?q=dupont', 'search', 'Clients', 0.3, false],
        ['Planning — carte: 2 000 éléments en attente', 'other', 'Planning', 0.3, true],
      ]
    )
    assert.deepEqual(report.summary, { checked: 3, passed: 2, failed: 1 })
    assert.deepEqual(report.meta.volumeShort, ['factures'])
    assert.deepEqual(report.targets.volume, { clients: 100_000, devis: 200_000, factures: 200_000 })
    // It goes through JSON unchanged (what report.json holds)
    assert.deepEqual(JSON.parse(JSON.stringify(report)), report)
  })

  test('the markdown states the context, the marks and the sections', ({ assert }) => {
    const report = buildReport({
      meta: { ...META, processes: 2 },
      rows: [
        row('Plancher : GET /health', { rps: 4000, sql: 0 }),
        row('JSON nu : GET /api/user'),
        row('Devis, Inertia, ?sort=-date_devis', { rps: 800, cpu: 1.2371, dbCpu: 0.6849 }),
        row('Devis, tri client, première page'),
        row('Devis, tri client, dernière page'),
      ],
      firsts: { 'Devis, tri client, dernière page': 'Devis, tri client, première page' },
      browser: { measures: [{ label: 'LCP — tableau de bord', value: 321.5 }] },
    })
    const md = reportMarkdown(report)
    assert.include(md, '# Bench — 2026-11-24 13:00 UTC')
    assert.include(md, 'début 0.50 / 0.40 / 0.30, fin 1.50 / 1.00 / 0.50')
    assert.include(md, 'Node v24.21.0, PostgreSQL 15.14, NODE_ENV=production, sessions database')
    assert.include(md, 'processus de l’app : 2')
    assert.include(md, '**en dessous du volume des cibles** (factures)')
    assert.match(
      md,
      /\| Devis, Inertia, \?sort=-date_devis \| 800 \|.*≥ 1[\s ]000 req\/s ✗, p95 ≤ 20 ✓, ≤ 4 SQL ✓/
    )
    // The loaded processes' CPU per request, when measured
    assert.include(md, '| CPU / requête (ms) |')
    assert.include(md, '| 1,24 |')
    // PostgreSQL's CPU per request beside it, — when not measured
    assert.include(md, '| CPU PostgreSQL / requête (ms) |')
    assert.match(md, /\| 1,24 \| 0,68 \|/)
    assert.match(md, /\| Devis, tri client, première page \|.*\| — \| — \|/)
    // The rate beside the floor's: 800 of 4 000 req/s
    assert.include(md, '| 20,0 % |')
    assert.include(md, '## Dernière page = première page')
    assert.include(md, '| 1,00 ✓ |')
    assert.include(md, '| LCP — tableau de bord | 321,5 |')
    assert.include(md, '**3 / 4 cibles tenues** (1 ✗)')
  })

  test('a read is judged on its second visit, the first shown beside it when it differs', ({
    assert,
  }) => {
    const label = 'Clients, Inertia, ?sort=-id_client'
    const report = buildReport({
      meta: META,
      rows: [
        row('Plancher : GET /health', { rps: 4000, sql: 0 }),
        row('JSON nu : GET /api/user', { sql: 1, sqlFirst: 3 }),
        row(label, { rps: 1000, sql: 4, sqlFirst: 5 }),
        row('Clients, tri nom, première page', { rps: 1000, sql: 2, sqlFirst: null }),
        row('Clients, filtre type', { rps: 1000, sql: 5, sqlFirst: 5 }),
      ],
    })
    assert.deepEqual(
      report.scenarios.map((s) => [s.label, s.checks.sql]),
      [
        [label, true],
        ['Clients, tri nom, première page', true],
        ['Clients, filtre type', false],
      ]
    )
    const md = reportMarkdown(report)
    assert.match(md, /\| JSON nu : GET \/api\/user \|.*\| 1 \(1re : 3\) \|/)
    assert.match(md, /\| Clients, Inertia, \?sort=-id_client \|.*\| 4 \(1re : 5\) \|/)
    assert.match(md, /\| Clients, tri nom, première page \|.*\| 2 \|/)
    assert.match(md, /\| Clients, filtre type \|.*\| 5 \|/)
  })

  test('the report says whether the créances search read its rows in order (decision 861)', ({
    assert,
  }) => {
    assert.equal(
      searchOrderLine({ correlation: 0.998, ordered: true }),
      '- Recherche des créances : lignes dans l’ordre des noms (corrélation 1,00)'
    )
    const unordered = searchOrderLine({ correlation: 0.0068, ordered: false })
    assert.include(unordered, 'hors de l’ordre des noms (corrélation 0,01)')
    assert.include(unordered, 'la passe de nuit ne les a pas remises en ordre')
    assert.include(searchOrderLine({ correlation: null, ordered: false }), 'pas de statistiques')
    const md = reportMarkdown(
      buildReport({
        meta: { ...META, searchOrder: { correlation: 0.2, ordered: false } },
        rows: [],
      })
    )
    assert.include(md, 'hors de l’ordre des noms (corrélation 0,20)')
    assert.notInclude(
      reportMarkdown(buildReport({ meta: META, rows: [] })),
      'Recherche des créances'
    )
  })
})
