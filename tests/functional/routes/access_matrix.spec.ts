/*
 * The route × role table (DESIGN.md §4, ASVS 8.2.1), generated from the router: every route is
 * tried by every kind of visitor and the answer must follow from the area of its name. A route
 * without a name, or whose name has no known area prefix, fails — nothing escapes the table.
 */
import { DOMAIN_PARAMS } from '#tests/functional/routes/params/index'
import { test } from '@japa/runner'
import env from '#start/env'
import {
  fillPattern,
  makeNotification,
  makePersona,
  MUTATING_METHODS,
  pageFromHtml,
  PERSONAS,
  routeList,
  withTransaction,
  type Persona,
  type RouteRow,
} from '#tests/helpers'
import type User from '#models/user'
import { canReach, type Area } from '#shared/roles'
import { filterMenu, isExternal, menuLinks, MENU } from '#shared/navigation'
import { errorMessage, LOGIN_REQUIRED_MESSAGE } from '#services/http/http_errors'
import { EmailNotVerifiedException, TwoFactorRequiredException } from '#exceptions/http_exceptions'
import { CHALLENGE_EXPIRED_MESSAGE } from '#controllers/auth/two_factor_challenge_controller'
import { verificationUrl } from '#actions/auth/send_email_verification'
import { KeptMailTransport, keptMailsDirectory } from '#services/mail/kept_mail_transport'

type Kind = 'public' | 'guest' | 'challenge' | 'signed' | 'dev' | 'api' | Area

const PREFIXES: Record<string, Kind> = {
  'public.': 'public',
  'health.': 'public', // liveness and readiness probes (issue 15 §4)
  'guest.': 'guest',
  'twofactor.': 'challenge', // a guest between the password and the code
  'signed.': 'signed', // links of emails, guarded by their signature
  'dev.': 'dev', // development tools, absent in production
  'app.': 'app',
  'partner.': 'partner',
  'esi.': 'esi',
  'preview.': 'esi', // template demonstration pages: staff only
  'admin.': 'admin',
  'api.': 'api',
}

/**
 * Routes an account with an unverified address still reaches (no `verified` middleware): its
 * profile, the verification page, logout and the account-security steps. Everything else sends
 * it to /email/verify (pages) or answers 403 JSON (API).
 */
const OPEN_TO_UNVERIFIED = new Set([
  'app.logout',
  'app.profile',
  'app.profile.update',
  'app.profile.password',
  'app.profile.destroy',
  'app.verification.notice',
  'app.verification.send',
  'app.password.confirm',
  'app.password.confirm.store',
  'app.step_up',
  'app.step_up.store',
  'app.two_factor.required',
  'app.two_factor.enable',
  'app.two_factor.disable',
  'app.two_factor.confirm',
  'app.two_factor.recovery_codes',
  'api.user',
])

/**
 * Signed links that open a page for anyone holding them, logged in or not (no account involved:
 * the customer's payment page, a facture's PDF). Their provider gives the whole signed URL.
 */
const SIGNED_PAGES = new Set([
  'signed.paiement.show',
  'signed.facture.show',
  'signed.facture.pdf',
  // Issue 14 §1: the customer's devis, its PDF and his two answers (an empty form: field errors)
  'signed.devis.show',
  'signed.devis.pdf',
  'signed.devis.accepter',
  'signed.devis.refuser',
])

/** API calls behind the staff two-factor gate, besides every partner/esi/admin page. */
const STAFF_TWO_FACTOR_API = new Set(['api.user.acces_role'])

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
  // The planning's settings (issue 13): seen by all staff, changed with the admin droit
  ...Object.fromEntries(
    [
      'esi.planning.equipes.store',
      'esi.planning.equipes.update',
      'esi.planning.equipes.destroy',
      'esi.planning.trajet',
    ].map((name) => [
      name,
      {
        // Without two-factor the staff gate answers first
        refuses: (user: User) => user.hasTwoFactor && !canReach(SUBJECT(user), 'admin'),
        why: 'the planning settings need the admin droit',
      },
    ])
  ),
}

const SUBJECT = (user: User) => ({ role: user.role, acces_role: user.accesRole, droit: user.droit })

/** The URL to visit, with parameters made for the visiting user (his own data). */
async function urlFor(route: RouteRow, user: User | null): Promise<string> {
  if (route.name === 'signed.email.verify') {
    // A valid signed link of the visitor's own address (a guest: of an unverified account)
    const owner = user ?? (await makePersona('unverified'))!
    const url = new URL(verificationUrl(owner))
    return url.pathname + url.search
  }
  const whole = DOMAIN_PARAMS.find((provider) => provider.url && provider.matches(route))
  if (whole) return whole.url!(route, user)
  const params: Record<string, string | number> = {}
  if (route.pattern.includes(':id') && route.name?.startsWith('app.notifications.')) {
    // His own notification, pointing to a local page (the redirect target proves it was opened)
    const owner = user ?? (await makePersona('other'))!
    const notification = await makeNotification(owner, { lien: '/profile' })
    params.id = notification.id
  }
  if (route.pattern.includes(':id') && route.name === 'dev.mails.show') {
    const sent = await new KeptMailTransport(keptMailsDirectory()).send({
      to: ['matrix@example.com'],
      subject: 'Matrice',
      text: 'test',
    })
    params.id = sent.messageId.slice(1).split('@')[0]
  }
  for (const provider of DOMAIN_PARAMS) {
    if (provider.matches(route)) Object.assign(params, await provider.params(route, user))
  }
  if (route.pattern.includes(':code') && route.name === 'preview.errors') params.code = 404
  if (route.name === 'preview.specials') params.page = 'checkout'
  // Any token: the page answers 200 and says when the link is not valid
  if (route.pattern.includes(':token') && route.name === 'guest.password.reset') params.token = 'x'
  return fillPattern(route.pattern, params)
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
    // A form post (no Inertia header) gets the error page as HTML: its component is in there
    component: typeof body === 'object' ? body?.component : componentInHtml(body),
  }
}

function componentInHtml(html: unknown): string | undefined {
  try {
    return typeof html === 'string' ? pageFromHtml(html).component : undefined
  } catch {
    return undefined
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
const redirectTo = (path: string) => (o: Outcome) => isRedirect(o) && o.location === path
const apiRefusal = (message: string) => (o: Outcome) =>
  o.status === 403 && o.body?.message === message

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
  // The kept mails hold reset links: staff with two-factor on only, a 404 for anybody else
  if (kind === 'dev') {
    return user && canReach(SUBJECT(user), 'esi') && user.hasTwoFactor
      ? (['200 (staff)', (o: Outcome) => o.status === 200] as const)
      : (['404 (not staff)', (o: Outcome) => o.status === 404] as const)
  }
  if (kind === 'guest') {
    if (user) return ['redirect to /dashboard', toDashboard] as const
    return isGet ? (['200', (o: Outcome) => o.status === 200] as const) : allowed
  }
  if (kind === 'challenge') {
    if (user) return ['redirect to /dashboard', toDashboard] as const
    // No password step in this session: back to the login form, with a French message
    return [
      'redirect to /login (no pending login)',
      (o: Outcome) => redirectTo('/login')(o) && o.flashError === CHALLENGE_EXPIRED_MESSAGE,
    ] as const
  }
  if (kind === 'signed' && SIGNED_PAGES.has(name)) {
    if (!isGet) return allowed
    return [
      '200 for everyone (the page behind a valid signed link)',
      (o: Outcome) => o.status === 200,
    ] as const
  }
  if (kind === 'signed') {
    // A valid link verifies the address and never logs in: dashboard if logged in, else login
    return user
      ? (['redirect to /dashboard', toDashboard] as const)
      : ([
          'redirect to /login, no error',
          (o: Outcome) => redirectTo('/login')(o) && !o.flashError,
        ] as const)
  }
  if (!user) {
    return kind === 'api'
      ? (['401 JSON in French', unauthorizedJson] as const)
      : (['redirect to /login with a French message', toLogin] as const)
  }
  if (!user.emailVerifiedAt && !OPEN_TO_UNVERIFIED.has(name)) {
    return kind === 'api'
      ? ([
          '403 JSON: verify the address first',
          apiRefusal(EmailNotVerifiedException.message),
        ] as const)
      : (['redirect to /email/verify', redirectTo('/email/verify')] as const)
  }
  const area = kind === 'api' ? apiArea(name) : kind
  if (!canReach(SUBJECT(user), area)) return ['403', (o: Outcome) => forbidden(o, kind)] as const
  const rule = CONTROLLER_RULES[name]
  if (rule?.refuses(user)) return [`403 (${rule.why})`, (o: Outcome) => forbidden(o, kind)] as const
  const staffGate = kind === 'api' ? STAFF_TWO_FACTOR_API.has(name) : area !== 'app'
  if (staffGate && user.role === 'esi' && !user.twoFactorConfirmedAt) {
    return kind === 'api'
      ? (['403 JSON: two-factor required', apiRefusal(TwoFactorRequiredException.message)] as const)
      : (['redirect to /two-factor-required', redirectTo('/two-factor-required')] as const)
  }
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
        const url = await urlFor(route, user)
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

  // Personas with full use of their role: the unverified one and the esi without two-factor
  // are sent to the verification / two-factor page first (checked by the matrix above)
  const FULL = PERSONAS.filter(
    (p): p is Exclude<Persona, 'guest' | 'unverified' | 'esi_no_2fa'> =>
      !['guest', 'unverified', 'esi_no_2fa'].includes(p)
  )
  for (const persona of FULL) {
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
