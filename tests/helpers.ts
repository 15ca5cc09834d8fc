import testUtils from '@adonisjs/core/services/test_utils'
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import type { Group } from '@japa/runner/core'
import { DateTime } from 'luxon'
import { UserFactory } from '#database/factories/user_factory'
import type Notification from '#models/notification'
import { NotificationFactory } from '#database/factories/notification_factory'
import type User from '#models/user'
import type { Role } from '#shared/roles'
import { forgetVersionedValues } from '#services/cache/versioned_cache'

/**
 * Every test of the group runs inside a transaction rolled back afterwards. The options kept by
 * their table's version are forgotten with it: the rollback puts the version number back, and
 * the next test would be served the rolled-back rows under the same number (in production a
 * number is never seen before its commit, so it never comes back).
 */
export function withTransaction(group: Group) {
  group.each.setup(async () => {
    const rollback = await testUtils.db().withGlobalTransaction()
    return async () => {
      await rollback()
      forgetVersionedValues()
    }
  })
}

type ExtraState = 'without2fa' | 'with2fa' | 'unverified'

/** A user of that role (esi: with two-factor on), then the extra states in order. */
export async function makeUser(
  role: Role,
  overrides: Record<string, unknown> = {},
  ...states: ExtraState[]
) {
  let builder = UserFactory.apply(role)
  for (const state of states) builder = builder.apply(state)
  return builder.merge(overrides).create()
}

/*
 * The kinds of visitor every guard is checked against (DESIGN.md §4): a guest, the three roles,
 * an esi seeing the app as a pro (acces_role), an esi with the droit admin switched on, an
 * account whose address is not verified yet, and an esi without two-factor.
 */
export const PERSONAS = [
  'guest',
  'other',
  'pro',
  'esi',
  'esi_as_pro',
  'esi_admin',
  'unverified',
  'esi_no_2fa',
] as const
export type Persona = (typeof PERSONAS)[number]

export async function makePersona(persona: Persona): Promise<User | null> {
  switch (persona) {
    case 'guest':
      return null
    case 'esi_as_pro':
      return makeUser('esi', { accesRole: 'pro' })
    case 'esi_admin':
      return makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    case 'unverified':
      return makeUser('other', {}, 'unverified')
    case 'esi_no_2fa':
      return makeUser('esi', {}, 'without2fa')
    default:
      return makeUser(persona)
  }
}

type NotificationFields = Partial<
  Pick<Notification, 'titre' | 'lien' | 'icon' | 'luLe' | 'createdAt'>
>

/** A notification of `user` (unread, link /profile unless overridden). */
export async function makeNotification(user: User, overrides: NotificationFields = {}) {
  return NotificationFactory.merge({
    titre: 'Nouvelle commande',
    ...overrides,
    userId: user.id,
  }).create()
}

/** The routes as the router knows them (committed), one row per route. */
export interface RouteRow {
  pattern: string
  methods: string[]
  name?: string
}

export function routeList(): RouteRow[] {
  router.commit()
  return Object.values(router.toJSON())
    .flat()
    .map((route) => ({ pattern: route.pattern, methods: route.methods, name: route.name }))
}

export const MUTATING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE']

/** Fills `:param` placeholders; an unknown parameter is an error so a new route gets a value. */
export function fillPattern(pattern: string, values: Record<string, string | number>): string {
  return pattern.replace(/:([a-zA-Z_]+)\??/g, (_, name: string) => {
    if (values[name] === undefined) {
      throw new Error(`No test value for parameter ":${name}" of ${pattern}: add one to the test`)
    }
    return encodeURIComponent(String(values[name]))
  })
}

/** The page object a plain (non-Inertia) visit embeds in its HTML (Inertia 3 format). */
export function pageFromHtml(html: string): {
  component: string
  props: Record<string, any>
  url: string
  version: string
} {
  const match = html.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/)
  if (!match) throw new Error('No Inertia page object in the HTML')
  return JSON.parse(match[1])
}

/** What a request may have changed: every row of the business tables, as JSON. */
export async function dbSnapshot(): Promise<string> {
  const tables = ['users', 'societes', 'societe_user', 'audit_logs', 'notifications']
  const out: Record<string, unknown[]> = {}
  for (const table of tables) {
    out[table] = await db.from(table).select('*').orderBy('id')
  }
  return JSON.stringify(out)
}

/** A timestamp `minutes` ago, for rows whose order matters. */
export function minutesAgo(minutes: number) {
  return DateTime.now().minus({ minutes })
}

/** Matches a stack trace line or a source path, which no error answer may contain. */
export const STACK_TRACE =
  /\bat .+\(?(?:file:\/\/|\/)[^\s)]+:\d+:\d+\)?|node_modules|\/work\/|\.ts:\d+/

/**
 * Session values of a user who just confirmed his password (3 h rule) and gave a second factor
 * (15 min step-up rule), for tests about what comes after those checks.
 */
export function recentProofs() {
  return { password_confirmed_at: Date.now(), two_factor_step_up_at: Date.now() }
}
