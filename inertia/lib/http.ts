/*
 * The one HTTP helper for non-Inertia JSON calls (SPEC.md §7, §8, §9).
 * Every call is marked as XHR, sends the anti-forgery token back, has no timeout, and a dead
 * session (401/419) sends the user to /login while the rejection still reaches the caller.
 */
import NProgress from 'nprogress'
import { router } from '@inertiajs/react'
import { route } from './route.js'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export const LOGIN_URL = route('guest.login')
export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'X-XSRF-TOKEN'
export const SESSION_EXPIRED_WARNING = 'Session expired or invalid: redirecting to /login.'
/** No answer at all (the server restarting, the network down): the action may not be saved. */
export const NETWORK_ERROR_MESSAGE =
  'Le serveur ne répond pas : votre action n’a peut-être pas été enregistrée. Vérifiez puis réessayez dans quelques instants.'
/** SPEC.md §9: page progress bar. */
export const PROGRESS_COLOR = '#3b82f6'
export const PROGRESS_DELAY_MS = 250

/** A non-2xx answer: the status and the parsed body (JSON when it parses, else text). */
export class HttpError extends Error {
  readonly status: number
  readonly body: unknown
  readonly url: string
  readonly method: HttpMethod

  constructor(method: HttpMethod, url: string, status: number, body: unknown) {
    const serverMessage =
      body &&
      typeof body === 'object' &&
      typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : null
    super(serverMessage ?? `${method} ${url} failed with HTTP ${status}`)
    this.name = 'HttpError'
    this.status = status
    this.body = body
    this.url = url
    this.method = method
  }
}

export interface RequestOptions {
  headers?: Record<string, string>
  /** Only when the caller wants to cancel; the helper itself never times out (SPEC.md §9). */
  signal?: AbortSignal
  /** Show the top progress bar (default true). */
  progress?: boolean
}

/** 401 (not logged in) and 419 (CSRF token missing or stale) mean the session is gone. */
export function isSessionError(status: number): boolean {
  return status === 401 || status === 419
}

/** The XSRF-TOKEN cookie set by AdonisJS shield, URI-decoded, or null. */
export function readXsrfToken(cookie: string = document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === XSRF_COOKIE) {
      const raw = rest.join('=')
      try {
        return decodeURIComponent(raw)
      } catch {
        return raw
      }
    }
  }
  return null
}

/**
 * Where a dead session sends the user. A full page load (not an Inertia visit) so the login
 * page comes with a fresh session and CSRF cookie. An object so tests can replace `go`.
 */
export const sessionRedirect = {
  go(url: string): void {
    window.location.assign(url)
  },
}

function handleSessionError(status: number): void {
  console.warn(`${SESSION_EXPIRED_WARNING} (HTTP ${status})`)
  sessionRedirect.go(LOGIN_URL)
}

// Progress bar for helper calls: shown only if some call lasts over 250 ms, hidden when the
// last in-flight call settles. Styles are inline so the bar needs no stylesheet of its own.
const BAR_STYLE = `pointer-events:none;position:fixed;z-index:1031;top:0;left:0;width:100%;height:2px;background:${PROGRESS_COLOR}`
const PEG_STYLE = `display:block;position:absolute;right:0;width:100px;height:100%;box-shadow:0 0 10px ${PROGRESS_COLOR},0 0 5px ${PROGRESS_COLOR};transform:rotate(3deg) translate(0px,-4px)`
let inFlight = 0
let showTimer: ReturnType<typeof setTimeout> | null = null
let configured = false

function progressStart(): void {
  if (!configured) {
    NProgress.configure({
      showSpinner: false,
      // nprogress's own template says role="bar", which is no ARIA role (axe: critical); the bar
      // is decoration, hidden from assistive technology as Inertia's own is
      barSelector: '.bar',
      template: `<div class="bar" aria-hidden="true" style="${BAR_STYLE}"><div class="peg" style="${PEG_STYLE}"></div></div>`,
    })
    configured = true
  }
  inFlight++
  if (inFlight === 1 && showTimer === null) {
    showTimer = setTimeout(() => {
      showTimer = null
      // Inertia's visit bar is also #nprogress: when it is already on screen, leave it alone
      if (inFlight > 0 && !document.getElementById('nprogress')) NProgress.start()
    }, PROGRESS_DELAY_MS)
  }
}

function progressDone(): void {
  inFlight = Math.max(0, inFlight - 1)
  if (inFlight > 0) return
  if (showTimer !== null) {
    clearTimeout(showTimer)
    showTimer = null
  }
  if (NProgress.isStarted()) NProgress.done()
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null
  const text = await response.text()
  if (text === '') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** One call: JSON in, JSON out. Rejects with HttpError on any non-2xx answer. */
export async function request<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {}
): Promise<T> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
  }
  const token = readXsrfToken()
  if (token) headers[XSRF_HEADER] = token

  let payload: BodyInit | undefined
  if (body instanceof FormData) {
    payload = body // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(body)
  }

  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { ...headers, ...options.headers },
    body: payload,
  }
  if (options.signal) init.signal = options.signal

  const showProgress = options.progress !== false
  if (showProgress) progressStart()
  try {
    const response = await fetch(url, init).catch((error: unknown) => {
      if ((error as { name?: string }).name === 'AbortError') throw error
      // The connection failed or was cut: a French error like the server's, status 0
      throw new HttpError(method, url, 0, { message: NETWORK_ERROR_MESSAGE })
    })
    const data = await parseBody(response)
    if (!response.ok) {
      if (isSessionError(response.status)) handleSessionError(response.status)
      throw new HttpError(method, url, response.status, data)
    }
    return data as T
  } finally {
    if (showProgress) progressDone()
  }
}

export const http = {
  get: <T = unknown>(url: string, options?: RequestOptions) =>
    request<T>('GET', url, undefined, options),
  post: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', url, body, options),
  put: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', url, body, options),
  patch: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', url, body, options),
  delete: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', url, body, options),
}

let removeInertiaListener: (() => void) | null = null

/** How a visit without an answer is told (replaced in tests). */
export const networkNotice = {
  show(message: string): void {
    void import('./toast.js').then(({ toast }) => toast('error', message))
  },
}

/**
 * Inertia visits answered 401/419 with a non-page response: warn, go to /login, and prevent
 * Inertia's error overlay. Other statuses keep Inertia's default (SPEC.md §8). Idempotent.
 */
export function installHttpHandlers(): () => void {
  if (removeInertiaListener) return removeInertiaListener
  const remove = router.on('httpException', (event) => {
    const { status } = event.detail.response
    if (!isSessionError(status)) return
    event.preventDefault()
    handleSessionError(status)
  })
  // A visit that got no answer (the server killed or restarting): say it in French rather
  // than leave the page as if nothing was asked
  const removeNetwork = router.on('networkError', () => {
    networkNotice.show(NETWORK_ERROR_MESSAGE)
  })
  removeInertiaListener = () => {
    remove()
    removeNetwork()
    removeInertiaListener = null
  }
  return removeInertiaListener
}
