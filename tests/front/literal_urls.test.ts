/*
 * Pages build their URLs from route names (`route('esi.devis.edit', { id })`, inertia/lib/route.ts),
 * never by spelling them: a renamed route then breaks the type-check instead of a link. This test
 * scans inertia/ for string literals that start with an app path (the first segment of any route
 * of routes.generated.ts: '/esi/', '/app/', '/api/', '/profile', '/login'…) and lists them.
 */
import { describe, expect, it } from 'vitest'
import { ROUTES } from '~/lib/routes.generated'

// Every source file of inertia/, as text ('/inertia/pages/…' → content), read by Vite
const SOURCES = import.meta.glob<string>('/inertia/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
})

// The route table itself and the helper that reads it
const GENERATED = new Set(['inertia/lib/routes.generated.ts', 'inertia/lib/route.ts'])

/** '/esi', '/app', '/login'…: the first segment of every named route ('/' alone excluded). */
function appPrefixes(patterns: string[]): string[] {
  const firsts = patterns.map((p) => p.split('/')[1]).filter((s): s is string => !!s)
  return [...new Set(firsts)].sort()
}

/** The literals of `source` that spell an app URL: 'line:text' for each. */
function literalUrls(source: string, prefixes: string[]): string[] {
  const alternation = prefixes.map((p) => p.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|')
  const literal = new RegExp(`(['"\`])/(?:${alternation})(?=[/?#'"\`$]|$)`)
  const found: string[] = []
  source.split('\n').forEach((line, i) => {
    const code = line.trim()
    // Comments may name a URL (« after /login… »); only code counts
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return
    if (literal.test(line)) found.push(`${i + 1}: ${code}`)
  })
  return found
}

const PREFIXES = appPrefixes(Object.values(ROUTES))
const offenders = new Map<string, string[]>()
for (const [path, source] of Object.entries(SOURCES)) {
  const file = path.slice(1)
  if (GENERATED.has(file)) continue
  const found = literalUrls(source, PREFIXES)
  if (found.length) offenders.set(file, found)
}

describe('pages build URLs from route names', () => {
  it('reads every page and component', () => {
    expect(Object.keys(SOURCES)).toContain('/inertia/pages/Welcome.tsx')
    expect(Object.keys(SOURCES)).toContain('/inertia/components/layout/UserDropdown.tsx')
  })

  it('no page or component spells an app URL (use route() from ~/lib/route)', () => {
    const report = [...offenders].map(([file, lines]) => `${file}\n  ${lines.join('\n  ')}`)
    expect(report, report.join('\n')).toEqual([])
  })

  it('finds the URLs of links, visits, forms and HTTP calls, not comments or look-alikes', () => {
    const prefixes = appPrefixes(['/', '/esi/devis/:id/edit', '/login', '/api/user'])
    expect(prefixes).toEqual(['api', 'esi', 'login'])
    const source = [
      `<Link href="/login">Connexion</Link>`,
      'router.visit(`/esi/devis/${id}/edit`)',
      `http.get('/api/user')`,
      `form.post('/esi/devis?x=1')`,
      `// after '/login' the page…`,
      `href={route('guest.login')}`,
      `const icon = '/esitext'`,
      `import x from './esi/thing'`,
    ].join('\n')
    expect(literalUrls(source, prefixes)).toEqual([
      `1: <Link href="/login">Connexion</Link>`,
      '2: router.visit(`/esi/devis/${id}/edit`)',
      `3: http.get('/api/user')`,
      `4: form.post('/esi/devis?x=1')`,
    ])
  })
})
