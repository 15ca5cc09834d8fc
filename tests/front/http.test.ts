import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import NProgress from 'nprogress'
import {
  http,
  HttpError,
  installHttpHandlers,
  NETWORK_ERROR_MESSAGE,
  networkNotice,
  readXsrfToken,
  sessionRedirect,
  SESSION_EXPIRED_WARNING,
} from '~/lib/http'

type FetchArgs = [string, RequestInit]

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

function mockFetch(status = 200, body: unknown = { ok: true }) {
  const fetchMock = vi.fn(async (..._args: FetchArgs) => jsonResponse(status, body))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function headersOf(fetchMock: ReturnType<typeof mockFetch>): Record<string, string> {
  return fetchMock.mock.calls[0][1].headers as Record<string, string>
}

let go: ReturnType<typeof vi.fn>

beforeEach(() => {
  go = vi.spyOn(sessionRedirect, 'go').mockImplementation(() => {}) as unknown as ReturnType<
    typeof vi.fn
  >
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  // A bar still fading out when a fake-timer test ended would stay in the DOM
  NProgress.remove()
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('http helper: requests', () => {
  it('sends X-Requested-With, Accept, the decoded XSRF cookie, same-origin credentials', async () => {
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('eyJpdiI6/abc+def==')}; path=/`
    const fetchMock = mockFetch(200, { id: 1 })

    await expect(http.get('/api/user')).resolves.toEqual({ id: 1 })

    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe('/api/user')
    expect(init.method).toBe('GET')
    expect(init.credentials).toBe('same-origin')
    expect(init.body).toBeUndefined()
    expect(headersOf(fetchMock)).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'X-XSRF-TOKEN': 'eyJpdiI6/abc+def==',
    })
  })

  it('sends a JSON body with its content type on PUT, POST and DELETE', async () => {
    const fetchMock = mockFetch(200, { droit: null })
    await http.put('/api/user/role', { droit: null })
    await http.post('/x', { a: 1 })
    await http.delete('/x/1')

    expect(fetchMock.mock.calls.map(([, init]) => init.method)).toEqual(['PUT', 'POST', 'DELETE'])
    expect(fetchMock.mock.calls[0][1].body).toBe('{"droit":null}')
    expect(headersOf(fetchMock)['Content-Type']).toBe('application/json')
    expect(fetchMock.mock.calls[1][1].body).toBe('{"a":1}')
    // No body, no content type
    expect(fetchMock.mock.calls[2][1].body).toBeUndefined()
    expect(
      (fetchMock.mock.calls[2][1].headers as Record<string, string>)['Content-Type']
    ).toBeUndefined()
  })

  it('omits the XSRF header when there is no cookie', async () => {
    const fetchMock = mockFetch()
    await http.get('/api/user')
    expect(headersOf(fetchMock)).not.toHaveProperty('X-XSRF-TOKEN')
  })

  it('reads and URI-decodes the token among other cookies', () => {
    expect(readXsrfToken('a=1; XSRF-TOKEN=x%2By%3D%3D; b=2')).toBe('x+y==')
    expect(readXsrfToken('a=1')).toBeNull()
  })

  it('has no timeout: no abort signal, and a 10-minute answer still resolves', async () => {
    vi.useFakeTimers()
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout')
    const fetchMock = vi.fn(
      (..._args: FetchArgs) =>
        new Promise<Response>((resolve) =>
          setTimeout(() => resolve(jsonResponse(200, { late: true })), 600_000)
        )
    )
    vi.stubGlobal('fetch', fetchMock)

    const pending = http.get('/slow')
    await vi.advanceTimersByTimeAsync(600_000)
    await expect(pending).resolves.toEqual({ late: true })
    expect(fetchMock.mock.calls[0][1].signal).toBeUndefined()
    expect(timeoutSpy).not.toHaveBeenCalled()
  })

  it('answers null for 204 and an empty body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 }))
    )
    await expect(http.put('/api/user/acces-role', { role: 'pro' })).resolves.toBeNull()
  })
})

describe('http helper: errors (SPEC.md §8)', () => {
  it.each([401, 419])('%i: warns, redirects to /login and still rejects', async (status) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    mockFetch(status, { message: 'Session expirée' })

    const error = await http.get('/api/user').catch((e: unknown) => e)

    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({
      status,
      body: { message: 'Session expirée' },
      message: 'Session expirée',
    })
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0][0]).toBe(`${SESSION_EXPIRED_WARNING} (HTTP ${status})`)
    expect(SESSION_EXPIRED_WARNING).toBe('Session expired or invalid: redirecting to /login.')
    expect(go).toHaveBeenCalledExactlyOnceWith('/login')
  })

  it.each([403, 422, 500])(
    '%i: rejects with status and body, no redirect, no warning',
    async (status) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      mockFetch(status, { errors: [{ message: 'x' }] })

      const error = await http.put('/api/user/role', { droit: 'admin' }).catch((e: unknown) => e)

      expect(error).toBeInstanceOf(HttpError)
      expect(error).toMatchObject({ status, body: { errors: [{ message: 'x' }] } })
      expect((error as HttpError).message).toBe(`PUT /api/user/role failed with HTTP ${status}`)
      expect(warn).not.toHaveBeenCalled()
      expect(go).not.toHaveBeenCalled()
    }
  )

  it('keeps a non-JSON error body as text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<h1>Oops</h1>', { status: 500 }))
    )
    await expect(http.get('/x')).rejects.toMatchObject({ status: 500, body: '<h1>Oops</h1>' })
  })
})

describe('Inertia httpException handler', () => {
  function fire(status: number): CustomEvent {
    const event = new CustomEvent('inertia:httpException', {
      cancelable: true,
      detail: { response: { status, data: {}, headers: {} } },
    })
    document.dispatchEvent(event)
    return event
  }

  it.each([401, 419])('%i: warns, redirects to /login and prevents the overlay', (status) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const remove = installHttpHandlers()
    const event = fire(status)
    remove()

    expect(event.defaultPrevented).toBe(true)
    expect(warn.mock.calls[0][0]).toBe(`${SESSION_EXPIRED_WARNING} (HTTP ${status})`)
    expect(go).toHaveBeenCalledExactlyOnceWith('/login')
  })

  it('leaves other statuses to Inertia', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const remove = installHttpHandlers()
    const event = fire(500)
    remove()

    expect(event.defaultPrevented).toBe(false)
    expect(warn).not.toHaveBeenCalled()
    expect(go).not.toHaveBeenCalled()
  })

  it('registers once however often it is called', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const remove = installHttpHandlers()
    expect(installHttpHandlers()).toBe(remove)
    fire(401)
    remove()
    expect(go).toHaveBeenCalledTimes(1)
  })
})

describe('no answer from the server (issue 15 §2)', () => {
  it('a helper call whose connection fails rejects with the French message, status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed')
      })
    )
    await expect(http.post('/esi/devis', { a: 1 })).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    })
  })

  it('an Inertia visit without an answer shows the French message', () => {
    const show = vi.spyOn(networkNotice, 'show').mockImplementation(() => {})
    const remove = installHttpHandlers()
    document.dispatchEvent(
      new CustomEvent('inertia:networkError', {
        cancelable: true,
        detail: { error: new TypeError('Network Error') },
      })
    )
    remove()
    expect(show).toHaveBeenCalledExactlyOnceWith(NETWORK_ERROR_MESSAGE)
  })
})

describe('progress bar around helper calls', () => {
  it('leaves a bar already on screen (Inertia visit) alone', async () => {
    vi.useFakeTimers()
    const inertiaBar = document.createElement('div')
    inertiaBar.id = 'nprogress'
    document.body.appendChild(inertiaBar)
    let release: (r: Response) => void = () => {}
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve)))
    )

    const pending = http.get('/slow')
    await vi.advanceTimersByTimeAsync(300)
    expect(NProgress.isStarted()).toBe(false)
    release(jsonResponse(200, {}))
    await pending
    expect(document.getElementById('nprogress')).toBe(inertiaBar)
    inertiaBar.remove()
  })

  it('shows #3b82f6 bar only after 250 ms and hides it when the call settles', async () => {
    vi.useFakeTimers()
    let release: (r: Response) => void = () => {}
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve)))
    )

    const pending = http.get('/slow')
    await vi.advanceTimersByTimeAsync(249)
    expect(NProgress.isStarted()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(NProgress.isStarted()).toBe(true)
    const bar = document.querySelector<HTMLElement>('#nprogress .bar')
    expect(bar?.style.background).toContain('rgb(59, 130, 246)')
    expect(document.querySelector('#nprogress .spinner')).toBeNull()
    // No invalid ARIA role (axe flagged nprogress's role="bar" as critical)
    expect(document.querySelector('#nprogress [role]')).toBeNull()
    expect(bar?.getAttribute('aria-hidden')).toBe('true')

    release(jsonResponse(200, {}))
    await pending
    expect(NProgress.isStarted()).toBe(false)
    await vi.advanceTimersByTimeAsync(1000)
    expect(document.getElementById('nprogress')).toBeNull()
  })

  it('never shows for a call answered within 250 ms', async () => {
    vi.useFakeTimers()
    mockFetch()
    await http.get('/fast')
    await vi.advanceTimersByTimeAsync(500)
    expect(NProgress.isStarted()).toBe(false)
    expect(document.getElementById('nprogress')).toBeNull()
  })
})
