/* Sociétés, memberships and contacts made for the tests of issue 4. */
import db from '@adonisjs/lucid/services/db'
import type Societe from '#models/societe'
import type User from '#models/user'
import { SocieteFactory } from '#database/factories/societe_factory'
import { ContactFactory } from '#database/factories/contact_factory'
import { storeLogoBytes, TINY_PNG } from '#services/logo_storage'
import type { MemberRole, SocieteType } from '#shared/societes'

export async function makeSociete(
  type: SocieteType = 'pro',
  overrides: Partial<Pick<Societe, 'nom' | 'localite' | 'numeroTva' | 'email' | 'logoPath'>> = {}
) {
  return SocieteFactory.merge({ type, ...overrides }).create()
}

/** Adds the user to the société; returns the membership id. */
export async function addMember(societe: Societe, user: User, role: MemberRole = 'membre') {
  const [row] = await db
    .table('societe_user')
    .insert({ societe_id: societe.id, user_id: user.id, role, created_at: new Date() })
    .returning('id')
  return Number(row.id ?? row)
}

/** A société of that type administered (or joined) by the user. */
export async function societeOf(user: User, type: SocieteType = 'pro', role: MemberRole = 'admin') {
  const societe = await makeSociete(type)
  await addMember(societe, user, role)
  return societe
}

export async function withLogo(societe: Societe) {
  societe.logoPath = await storeLogoBytes(TINY_PNG)
  await societe.save()
  return societe
}

export async function makeContact(societe: Societe, overrides: Record<string, unknown> = {}) {
  return ContactFactory.merge({ societeId: societe.id, ...overrides }).create()
}

/** An Inertia visit: the status, and the page component and props when it answered 200. */
export async function inertiaVisit(client: any, user: User, url: string) {
  const response = await client.get(url).loginAs(user).withInertia().redirects(0)
  const body = response.status() === 200 ? response.body() : null
  return {
    status: response.status() as number,
    component: body?.component as string | undefined,
    props: (body?.props ?? {}) as Record<string, any>,
    response,
  }
}

/** A form sent from `referer` (the page validation errors go back to), CSRF token included. */
export function send(
  client: any,
  method: 'post' | 'put' | 'delete',
  url: string,
  user: User | null,
  body: Record<string, unknown> = {},
  referer = '/app/company'
) {
  let request = client[method](url)
    .header('referer', referer)
    .form(body)
    .withCsrfToken()
    .redirects(0)
  if (user) request = request.loginAs(user)
  return request
}

/** The field errors flashed by a refused form (VineJS or fieldError). */
export function fieldErrors(response: any): Record<string, string[]> {
  return (response.flashMessage('inputErrorsBag') as Record<string, string[]>) ?? {}
}

/** The status of an Inertia visit. */
export async function statusOf(client: any, user: User, url: string): Promise<number> {
  const visit = await inertiaVisit(client, user, url)
  return visit.status
}

/** Awaits a request and asserts its status. */
export async function expectStatus(request: PromiseLike<any>, status: number) {
  const response = await request
  response.assertStatus(status)
  return response
}
