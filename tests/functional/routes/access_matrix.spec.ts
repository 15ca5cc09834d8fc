/*
 * The route × role table (DESIGN.md §4, ASVS 8.2.1), generated from the router: every route is
 * tried by every kind of visitor and the answer must follow from the area of its name. A route
 * without a name, or whose name has no known area prefix, fails — nothing escapes the table.
 */
import { test } from '@japa/runner'
import env from '#start/env'
import {
  fillPattern,
  makeNotification,
  makePersona,
  MUTATING_METHODS,
  PERSONAS,
  routeList,
  withTransaction,
  type Persona,
  type RouteRow,
} from '#tests/helpers'
import type User from '#models/user'
import { canReach, type Area } from '#shared/roles'
import { filterMenu, isExternal, menuLinks, MENU } from '#shared/navigation'
import { errorMessage, LOGIN_REQUIRED_MESSAGE } from '#services/http_errors'

type Kind = 'public' | 'guest' | 'api' | Area

const PREFIXES: Record<string, Kind> = {
  'public.': 'public',
  'guest.': 'guest',
  'app.': 'app',
  'partner.': 'partner',
  'esi.': 'esi',
  'preview.': 'esi', // template demonstration pages: staff only
  'admin.': 'admin',
  'api.': 'api',
}

const ROUTES = routeList()

/** The kind of access a route name promises; undefined = no name or unknown prefix. */
function kindOf(name: string | undefined): Kind | undefined {
  if (!name) return undefined
  const prefix = Object.keys(PREFIXES).find((p) => name.startsWith(p))
  return prefix ? PREFIXES[prefix] : undefined
}

/** `api.<area>.…` restricts an API call to an area; other API calls are for any logged-in user. */
function apiArea(name: string): Area {
  const second = name.split('.')[1] as Area
  return (['partner', 'esi', 'admin'] as string[]).includes(second) ? second : 'app'
}

/**
 * Rules a controller adds on top of the area of the route name, each with its reason. Keyed by
 * route name: the visitors the controller refuses with 403.
 */
const CONTROLLER_RULES: Record<string, { refuses: (user: User) => boolean; why: string }> = {
  // On the REAL role, not the effective one: an esi viewing as pro must be able to switch back
  'api.user.acces_role': {
    refuses: (user) => user.role !== 'esi',
    why: 'only an esi may set an acces_role',
  },
}

const SUBJECT = (user: User) => ({ role: user.role, acces_role: user.accesRole, droit: user.droit })

/** Values for the route parameters, made for the visiting user (his own data). */
async function paramsFor(
  route: RouteRow,
  user: User | null
): Promise<Record<string, string | number>> {
  const params: Record<string, string | number> = {}
  if (route.pattern.includes(':id') && route.name?.startsWith('app.notifications.')) {
    // His own notification, pointing to a local page (the redirect target proves it was opened)
    const owner = user ?? (await makePersona('other'))!
    const notification = await makeNotification(owner, { lien: '/profile' })
    params.id = notification.id
  }
  if (route.pattern.includes(':code') && route.name === 'preview.errors') params.code = 404
  return params
}

type Outcome = {
  status: number
  location?: string
  flashError?: string
  body: any
  component?: string
}

async function visit(
  client: any,
  method: string,
  url: string,
  user: User | null,
  kind: Kind
): Promise<Outcome> {
  let request = client[method.toLowerCase()](url).redirects(0)
  if (user) request = request.loginAs(user)
  if (kind === 'api') request = request.header('accept', 'application/json')
  else if (method === 'GET') request = request.withInertia()
  if (MUTATING_METHODS.includes(method)) request = request.form({}).withCsrfToken()
  const response = await request
  const body = response.header('content-type')?.includes('json') ? response.body() : response.text()
  return {
    status: response.status(),
    location: response.header('location'),
    flashError: response.flashMessage('error'),
    body,
    component: typeof body === 'object' ? body?.component : undefined,
  }
}

const isRedirect = (o: Outcome) => o.status === 302 || o.status === 303
const toLogin = (o: Outcome) =>
  isRedirect(o) && o.location === '/login' && o.flashError === LOGIN_REQUIRED_MESSAGE
const toDashboard = (o: Outcome) => isRedirect(o) && o.location === '/dashboard'
const unauthorizedJson = (o: Outcome) => o.status === 401 && o.body?.message === errorMessage(401)
const forbidden = (o: Outcome, kind: Kind) =>
  o.status === 403 &&
  (kind === 'api' ? o.body?.message === errorMessage(403) : o.component === 'Errors/Status')

/** The expectation for one visitor, as [description, predicate]. */
function expectation(kind: Kind, name: string, method: string, user: User | null) {
  const isGet = method === 'GET'
  const allowed: [string, (o: Outcome) => boolean] = isGet
    ? [
        '200 or a redirect elsewhere than /login',
        (o) => o.status === 200 || (isRedirect(o) && !toLogin(o)),
      ]
    : [
        'not refused (no 401/403/404/419/5xx, no redirect to /login)',
        (o) => ![401, 403, 404, 419].includes(o.status) && o.status < 500 && !toLogin(o),
      ]

  if (kind === 'public')
    return isGet ? (['200', (o: Outcome) => o.status === 200] as const) : allowed
  if (kind === 'guest') {
    if (user) return ['redirect to /dashboard', toDashboard] as const
    return isGet ? (['200', (o: Outcome) => o.status === 200] as const) : allowed
  }
  if (!user) {
    return kind === 'api'
      ? (['401 JSON in French', unauthorizedJson] as const)
      : (['redirect to /login with a French message', toLogin] as const)
  }
  const area = kind === 'api' ? apiArea(name) : kind
  if (!canReach(SUBJECT(user), area)) return ['403', (o: Outcome) => forbidden(o, kind)] as const
  const rule = CONTROLLER_RULES[name]
  if (rule?.refuses(user)) return [`403 (${rule.why})`, (o: Outcome) => forbidden(o, kind)] as const
  return allowed
}

test.group('Routes / every route has an area', () => {
  test('the router has routes', ({ assert }) => {
    assert.isAbove(ROUTES.length, 10)
  })

  for (const route of ROUTES) {
    test(`${route.methods.join('|')} ${route.pattern} is named with a known area prefix`, ({
      assert,
    }) => {
      assert.exists(route.name, `route ${route.pattern} has no name: name it with an area prefix`)
      assert.exists(
        kindOf(route.name),
        `route ${route.name} has no known prefix (${Object.keys(PREFIXES).join(', ')})`
      )
    })
  }
})

test.group('Routes / access matrix (route × role)', (group) => {
  withTransaction(group)

  for (const route of ROUTES) {
    const kind = kindOf(route.name)
    if (!kind) continue // already failed above
    const method = route.methods.includes('GET') ? 'GET' : route.methods[0]

    test(`${method} ${route.pattern} (${route.name})`, async ({ client, assert }) => {
      const mismatches: string[] = []
      for (const persona of PERSONAS) {
        const user = await makePersona(persona)
        const url = fillPattern(route.pattern, await paramsFor(route, user))
        const [description, check] = expectation(kind, route.name!, method, user)
        const outcome = await visit(client, method, url, user, kind)
        if (!check(outcome)) {
          mismatches.push(
            `${persona}: expected ${description}, got ${outcome.status}` +
              (outcome.location ? ` → ${outcome.location}` : '') +
              (outcome.component ? ` (${outcome.component})` : '')
          )
        }
      }
      assert.deepEqual(mismatches, [])
    })
  }
})

test.group('Routes / sidebar links answer 200 for whoever sees them', (group) => {
  withTransaction(group)

  for (const persona of PERSONAS.filter((p): p is Exclude<Persona, 'guest'> => p !== 'guest')) {
    test(`every menu link visible to ${persona} opens`, async ({ client, assert }) => {
      const user = (await makePersona(persona))!
      const links = menuLinks(filterMenu(MENU, SUBJECT(user), env.get('ADMIN_URL') ?? null))
        .map((node) => node.to!)
        .filter((to) => to !== '#' && !isExternal(to))
      assert.isAbove(links.length, 3)
      const failures: string[] = []
      for (const to of links) {
        const response = await client.get(to).loginAs(user).withInertia().redirects(0)
        if (response.status() !== 200) failures.push(`${to} → ${response.status()}`)
      }
      assert.deepEqual(failures, [])
    })
  }

  test('a role sees no link of an area it cannot reach', ({ assert }) => {
    const proLinks = menuLinks(filterMenu(MENU, { role: 'pro' })).map((n) => n.to)
    assert.notInclude(proLinks, '/esi/devis')
    assert.include(proLinks, '/app/contacts')
    const esiAsOther = menuLinks(filterMenu(MENU, { role: 'esi', acces_role: 'other' })).map(
      (n) => n.to
    )
    assert.notInclude(esiAsOther, '/app/contacts')
  })
})
