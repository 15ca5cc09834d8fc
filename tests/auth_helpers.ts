/*
 * Helpers of the account-security tests: the emails kept by the development transport, a
 * cookie-keeping HTTP visitor (a real browser session across requests, which the Japa session
 * client does not keep), and TOTP codes computed from a user's stored secret.
 */
import { rm } from 'node:fs/promises'
import env from '#start/env'
import type User from '#models/user'
import {
  listKeptMails,
  readKeptMail,
  keptMailsDirectory,
  type KeptMail,
} from '#services/mail/kept_mail_transport'
import { currentCode, decryptTotpSecret, TOTP_PERIOD } from '#services/two_factor'
import { pageFromHtml } from '#tests/helpers'

/** Empties the test mailbox (storage/mails/test). */
export async function clearKeptMails() {
  await rm(keptMailsDirectory(), { recursive: true, force: true })
}

/** The last email kept for that address, or null. */
export async function lastMailTo(address: string): Promise<KeptMail | null> {
  const mails = await listKeptMails()
  const summary = mails.find((m) => m.to.includes(address.toLowerCase()))
  return summary ? readKeptMail(summary.id) : null
}

export async function mailsTo(address: string): Promise<number> {
  const mails = await listKeptMails()
  return mails.filter((m) => m.to.includes(address.toLowerCase())).length
}

/** The first link of the mail's text version, as a local path (+ query). */
export function linkIn(mail: KeptMail): string {
  const match = (mail.text ?? '').match(/https?:\/\/\S+/)
  if (!match) throw new Error(`No link in the mail "${mail.subject}"`)
  const url = new URL(match[0])
  return url.pathname + url.search
}

/** The TOTP code of the user's secret for a moment (default now). */
export function totpOf(user: User, at = Date.now()): string {
  const secret = decryptTotpSecret(user.twoFactorSecret)
  if (!secret) throw new Error('The user has no two-factor secret')
  return currentCode(secret, at)
}

/** A code of the next time step (valid now thanks to the ±1 window, never used yet). */
export function nextTotpOf(user: User): string {
  return totpOf(user, Date.now() + TOTP_PERIOD * 1000)
}

export const SESSION_COOKIE = 'esi-session'

export interface VisitedPage {
  status: number
  location: string | null
  component?: string
  props?: Record<string, any>
}

/** A cookie jar's answer to Set-Cookie: kept, replaced, or removed when expired or emptied. */
export function keepCookies(cookies: Map<string, string>, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';')
    const index = pair.indexOf('=')
    const name = pair.slice(0, index).trim()
    const value = pair.slice(index + 1).trim()
    const expired = attributes.some(
      (a) => /max-age=0\b/i.test(a) || /expires=thu, 01 jan 1970/i.test(a)
    )
    if (expired || value === '') cookies.delete(name)
    else cookies.set(name, value)
  }
}

/**
 * A browser: keeps its cookies between requests, sends the XSRF token back as the Inertia
 * client does, follows no redirect by itself.
 */
export class Visitor {
  cookies = new Map<string, string>()
  readonly base = `http://${env.get('HOST')}:${env.get('PORT')}`

  cookie(name: string): string | undefined {
    return this.cookies.get(name)
  }

  private keep(response: Response) {
    keepCookies(this.cookies, response)
  }

  async request(
    method: string,
    path: string,
    body?: Record<string, unknown>,
    headers: Record<string, string> = {}
  ) {
    const all: Record<string, string> = { accept: 'text/html', ...headers }
    if (this.cookies.size) {
      all.cookie = [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ')
    }
    const xsrf = this.cookies.get('XSRF-TOKEN')
    if (xsrf && method !== 'GET') all['x-xsrf-token'] = decodeURIComponent(xsrf)
    if (body) all['content-type'] = 'application/json'
    const response = await fetch(this.base + path, {
      method,
      headers: all,
      body: body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
    })
    this.keep(response)
    return response
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers)
  }

  post(path: string, body: Record<string, unknown> = {}, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers)
  }

  /** A page visit: its Inertia page object (component and props), or its redirect target. */
  async page(path: string): Promise<VisitedPage> {
    const response = await this.get(path)
    const location = response.headers.get('location')
    if (response.status !== 200) return { status: response.status, location }
    const page = pageFromHtml(await response.text())
    return { status: 200, location, component: page.component, props: page.props }
  }

  async statusOf(path: string): Promise<number> {
    const visited = await this.page(path)
    return visited.status
  }

  /** Where a page visit is redirected (null when it is not). */
  async redirectOf(path: string): Promise<string | null> {
    const visited = await this.page(path)
    return visited.location
  }

  /** Opens the login page (session + XSRF cookies), then posts the credentials. */
  async login(email: string, password: string, remember = false) {
    await this.get('/login')
    return this.post('/login', { email, password, remember })
  }
}

/** A 6-digit code that is none of the codes accepted now (previous, current, next step). */
export function wrongTotpOf(user: User): string {
  const step = TOTP_PERIOD * 1000
  const valid = [-1, 0, 1].map((d) => totpOf(user, Date.now() + d * step))
  for (const candidate of ['000000', '111111', '222222', '333333']) {
    if (!valid.includes(candidate)) return candidate
  }
  return '444444'
}
