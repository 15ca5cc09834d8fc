/*
 * Bad input is never a 500 (issue 10): every route of the router gets a corpus of hostile values
 * (tests/fixtures/hostile/corpus.ts: NUL, a lone surrogate, 10 000 characters, numbers beyond
 * int4 and float, path traversal, markup, SQL, a bogus cursor, formulas, placeholders) in its query string and, for write routes, in its body, as staff
 * (and as a pro on partner routes, as a guest on public ones), and must answer below 500 without a stack trace.
 * Walks the router, so a new route is covered without being listed here.
 */
import { test } from '@japa/runner'
import type User from '#models/user'
import { LONG, SWEEP_VALUES } from '#tests/fixtures/hostile/corpus'
import {
  changedTables,
  tableSnapshot,
  writeCounters,
  writtenTables,
  type TableSnapshot,
} from '#tests/fixtures/hostile/snapshot'
import { DOMAIN_PARAMS } from '#tests/functional/routes/params/index'
import {
  fillPattern,
  makePersona,
  MUTATING_METHODS,
  recentProofs,
  routeList,
  STACK_TRACE,
  withTransaction,
  type Persona,
  type RouteRow,
} from '#tests/helpers'

// The shared corpus (issue 15 §3): markup, javascript: URLs, placeholders, SQL, formulas, unicode
const HOSTILE = SWEEP_VALUES

/** Query fields read by the lists, pickers and searches. */
const QUERY_FIELDS = [
  'q',
  'search',
  'sort',
  'after',
  'before',
  'page',
  'per_page',
  'filter[statut]',
  'filter[societe]',
  'filter[type]',
  'filter[periode]',
  'filter[apporteur]',
  'from',
  'to',
  'id',
  'societe_id',
]

/** Body fields of the write routes: the validators' names across the app, and generic ones. */
const BODY_FIELDS = [
  'q',
  'nom',
  'prenom',
  'email',
  'password',
  'password_confirmation',
  'current_password',
  'code',
  'recovery_code',
  'telephone',
  'adresse',
  'code_postal',
  'localite',
  'notes',
  'texte',
  'titre',
  'contenu',
  'objet',
  'intro',
  'conditions',
  'adresse_chantier',
  'numero_tva',
  'iban',
  'reference',
  'libelle',
  'description',
  'prix_vente_ht',
  'prix_achat',
  'montant',
  'acompte',
  'motif',
  'role',
  'droit',
  'acces_role',
  'type',
  'statut',
  'date_devis',
  'date_offre',
  'valable_jusqu_au',
  'remise_globale_pct',
  'acompte_pct',
  'lock_version',
  'societe_id',
  'client_id',
  'contact_id',
  'commercial_id',
  'fournisseur_id',
  'produit_id',
  'user_id',
  'id',
]

/** A lone surrogate cannot be percent-encoded: its UTF-8-like bytes, as a raw client sends. */
function encode(value: string): string {
  return value.isWellFormed()
    ? encodeURIComponent(value)
    : value
        .split(/([\ud800-\udfff])/)
        .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
        .join('')
}

/**
 * The value of field `i` in round `round`: rounds 0 and 1 put NUL and a lone surrogate in every
 * field (nothing else can fail first), the later rounds rotate the whole corpus over the fields
 * so every value lands in several fields in 4 requests per route and visitor (the sweep runs in
 * `npm test`: it stays under a minute on 2 cores).
 */
const ROUNDS = 4
function valueOf(i: number, round: number): unknown {
  if (round === 0) return 'a\u0000b'
  if (round === 1) return '\ud800'
  return HOSTILE[(i + round * 3) % HOSTILE.length]
}

function queryOf(round: number): string {
  return QUERY_FIELDS.map((field, i) => {
    const v =
      i === (round * 5 + 3) % QUERY_FIELDS.length ? LONG.slice(0, 2000) : String(valueOf(i, round))
    return `${field}=${encode(v)}`
  }).join('&')
}

function bodyOf(round: number): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  BODY_FIELDS.forEach((field, i) => {
    body[field] = i === (round * 7) % BODY_FIELDS.length ? LONG : valueOf(i, round)
  })
  // Numbers as JSON numbers too
  if (round >= 2) {
    for (const field of ['societe_id', 'client_id', 'contact_id', 'lock_version', 'produit_id'])
      body[field] = round === 2 ? 2147483648 : 1e308
  }
  // Lines as the editors post them
  const v = (i: number) => valueOf(i, round)
  const ligne = {
    type: 'produit',
    produit_id: round >= 2 ? 2147483648 : v(0),
    designation: v(1),
    quantite: round === 3 ? '1e308' : v(2),
    unite: v(3),
    prix_unitaire_ht: round === 2 ? '99999999999999999999' : v(4),
    remise_pct: v(5),
    taux_tva: round === 3 ? 1e308 : v(6),
  }
  body.lignes = [ligne, { ...ligne, type: v(7) }]
  return body
}

/** Who visits a route: staff everywhere, a pro too on the partner routes, guests on theirs. */
function personasOf(route: RouteRow): (Persona | 'guest')[] {
  const name = route.name ?? ''
  if (/^(public|guest|signed|twofactor)\./.test(name)) return ['guest']
  if (name.startsWith('partner.')) return ['esi_admin', 'pro']
  return ['esi_admin']
}

/** Parameters made for the visitor (his own records), so the request reaches the controller. */
async function urlOf(route: RouteRow, user: User | null): Promise<string> {
  const whole = DOMAIN_PARAMS.find((provider) => provider.url && provider.matches(route))
  if (whole) {
    // A signed link keeps its path; the hostile query replaces its signature
    const url = await whole.url!(route, user)
    return url.split('?')[0]
  }
  const params: Record<string, string | number> = {}
  for (const provider of DOMAIN_PARAMS) {
    if (provider.matches(route)) Object.assign(params, await provider.params(route, user))
  }
  for (const [, name] of route.pattern.matchAll(/:([a-zA-Z_]+)/g)) {
    if (params[name] === undefined) params[name] = name === 'code' ? 404 : '1'
  }
  return fillPattern(route.pattern, params)
}

const ROUTES = routeList()

/**
 * Tables a refused request of that route writes on purpose, with the reason (issue 15 §3: the
 * exceptions are listed, everything else must stay as it was).
 */
const WRITTEN_ON_REFUSAL: Record<string, { tables: string[]; why: string }> = {
  'app.password.confirm.store': {
    tables: ['audit_logs'],
    why: 'a wrong password is a security event: auth.password_confirm_failed',
  },
  'app.step_up.store': { tables: ['audit_logs'], why: 'a wrong code: auth.step_up_failed' },
  'app.profile.destroy': {
    tables: ['audit_logs'],
    why: 'deleting the account checks the current password: a wrong one is logged',
  },
}

test.group('Routes / hostile input is never a 5xx', (group) => {
  withTransaction(group)

  test('the router has routes to sweep', ({ assert }) => {
    assert.isAbove(ROUTES.length, 100)
  })

  for (const route of ROUTES) {
    const method = route.methods.includes('GET') ? 'GET' : route.methods[0]
    if (method === 'HEAD') continue
    test(`${method} ${route.pattern} (${route.name})`, async ({ client, assert }) => {
      const failures: string[] = []
      for (const persona of personasOf(route)) {
        const user = persona === 'guest' ? null : await makePersona(persona)
        const path = await urlOf(route, user)
        // No unexpected write (issue 15 §3): a write route that refused every round left every table as it was
        const writes = MUTATING_METHODS.includes(method)
        const snapshot: TableSnapshot | null = writes ? await tableSnapshot() : null
        const counters = writes ? await writeCounters() : {}
        let refusedAll = true
        for (let round = 0; round < ROUNDS; round++) {
          let request = (client as any)
            [method.toLowerCase()](`${path}?${queryOf(round)}`)
            .redirects(0)
          if (user) request = request.loginAs(user).withSession(recentProofs())
          if (MUTATING_METHODS.includes(method)) {
            request = request.json(bodyOf(round)).withCsrfToken()
            if (round % 2) request = request.header('accept', 'application/json')
          } else if (route.name?.startsWith('api.')) {
            request = request.header('accept', 'application/json')
          } else {
            request = request.withInertia()
          }
          const response = await request
          const text = response.text()
          if (response.status() >= 500 || STACK_TRACE.test(text)) {
            failures.push(`${persona} round ${round}: ${response.status()}`)
          }
          const refused =
            response.status() >= 400 ||
            response.flashMessage('inputErrorsBag') !== undefined ||
            response.flashMessage('error') !== undefined
          refusedAll &&= refused
        }
        if (snapshot && refusedAll && writtenTables(counters, await writeCounters()).length) {
          const allowed = WRITTEN_ON_REFUSAL[route.name ?? '']?.tables ?? []
          const changed = changedTables(snapshot, await tableSnapshot())
          for (const table of changed.filter((t) => !allowed.includes(t))) {
            failures.push(`${persona}: refused, yet ${table} was written`)
          }
        }
      }
      assert.deepEqual(failures, [])
    }).timeout(20_000)
  }
})
