import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { CurrentUser } from '~/types'

// The component reads the page through usePage and reloads through router; toasts are recorded
const inertia = vi.hoisted(() => ({
  page: { props: { user: null } as { user?: unknown } },
  reload: () => {},
}))
vi.mock('@inertiajs/react', () => ({
  usePage: () => inertia.page,
  router: { reload: (...args: unknown[]) => inertia.reload(...(args as [])), on: () => () => {} },
}))
const toasts = vi.hoisted(() => ({ calls: [] as [string, string | undefined][] }))
vi.mock('~/lib/toast', () => ({
  toast: (type: string, message?: string) => {
    toasts.calls.push([type, message])
    return Promise.resolve()
  },
}))

const { applyToggle, detourOf, nextToggleValue, toggleSuccessMessage, TOGGLES, ACCES_LABELS } =
  await import('~/lib/role_toggle')
const { http } = await import('~/lib/http')
const { userStore, useCurrentUser, loadSocietes } = await import('~/lib/user_store')
const { default: RoleSwitches } = await import('~/components/account/RoleSwitches')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

beforeEach(() => {
  toasts.calls = []
})

/* --------------------------------------------------------------------------- pure logic */

describe('nextToggleValue (SPEC.md §4)', () => {
  it('same value → null, another → that value', () => {
    expect(nextToggleValue('admin', 'admin')).toBeNull()
    expect(nextToggleValue(null, 'admin')).toBe('admin')
    expect(nextToggleValue(undefined, 'pro')).toBe('pro')
    expect(nextToggleValue('pro', 'other')).toBe('other')
  })

  it('texts of SPEC.md §8', () => {
    expect(toggleSuccessMessage('droit', 'admin')).toBe('Rôle activé : admin')
    expect(toggleSuccessMessage('droit', null)).toBe('Rôle désactivé')
    expect(toggleSuccessMessage('acces', 'pro')).toBe('Accès activé : pro')
    expect(toggleSuccessMessage('acces', null)).toBe('Accès désactivé')
    expect(TOGGLES.droit.error).toBe('Erreur lors de la mise à jour du rôle.')
    expect(TOGGLES.acces.error).toBe("Erreur lors de la mise à jour de l'accès.")
    expect(ACCES_LABELS).toEqual({ pro: 'Voir comme pro', other: 'Voir comme utilisateur' })
  })
})

describe('applyToggle', () => {
  function deps(put: (url: string, body: unknown) => Promise<unknown>) {
    const toast = vi.fn()
    const logError = vi.fn()
    return { put: vi.fn(put), toast, logError }
  }

  it('droit on: PUT /api/user/role {droit: value}, success toast, new value', async () => {
    const d = deps(async () => ({}))
    await expect(applyToggle('droit', null, 'admin', d)).resolves.toEqual({
      ok: true,
      value: 'admin',
    })
    expect(d.put).toHaveBeenCalledExactlyOnceWith('/api/user/role', { droit: 'admin' })
    expect(d.toast).toHaveBeenCalledExactlyOnceWith('success', 'Rôle activé : admin')
  })

  it('droit off: the held value sends null', async () => {
    const d = deps(async () => ({}))
    await expect(applyToggle('droit', 'admin', 'admin', d)).resolves.toEqual({
      ok: true,
      value: null,
    })
    expect(d.put).toHaveBeenCalledWith('/api/user/role', { droit: null })
    expect(d.toast).toHaveBeenCalledWith('success', 'Rôle désactivé')
  })

  it('access role: PUT /api/user/acces-role {role}', async () => {
    const d = deps(async () => ({}))
    await expect(applyToggle('acces', null, 'pro', d)).resolves.toEqual({ ok: true, value: 'pro' })
    expect(d.put).toHaveBeenCalledWith('/api/user/acces-role', { role: 'pro' })
    expect(d.toast).toHaveBeenCalledWith('success', 'Accès activé : pro')

    await expect(applyToggle('acces', 'pro', 'pro', d)).resolves.toEqual({ ok: true, value: null })
    expect(d.put).toHaveBeenLastCalledWith('/api/user/acces-role', { role: null })
    expect(d.toast).toHaveBeenLastCalledWith('success', 'Accès désactivé')
  })

  it('failure: error toast, error logged, value unchanged', async () => {
    const failure = new Error('403')
    const d = deps(async () => {
      throw failure
    })
    await expect(applyToggle('droit', null, 'admin', d)).resolves.toEqual({
      ok: false,
      value: null,
      error: failure,
    })
    expect(d.toast).toHaveBeenCalledExactlyOnceWith(
      'error',
      'Erreur lors de la mise à jour du rôle.'
    )
    expect(d.logError).toHaveBeenCalledExactlyOnceWith(
      'Erreur lors de la mise à jour du rôle.',
      failure
    )

    const a = deps(async () => {
      throw failure
    })
    await expect(applyToggle('acces', 'pro', 'other', a)).resolves.toMatchObject({
      ok: false,
      value: 'pro',
    })
    expect(a.toast).toHaveBeenCalledExactlyOnceWith(
      'error',
      "Erreur lors de la mise à jour de l'accès."
    )
  })

  it('a step-up asked by the server: info toast with its message, then its page', async () => {
    const error = Object.assign(new Error('403'), {
      status: 403,
      body: { message: 'Vérification requise.', step_up_url: '/user/step-up' },
    })
    const d = { ...deps(async () => Promise.reject(error)), visit: vi.fn() }
    await expect(applyToggle('droit', null, 'admin', d)).resolves.toMatchObject({
      ok: false,
      value: null,
    })
    expect(d.toast).toHaveBeenCalledExactlyOnceWith('info', 'Vérification requise.')
    expect(d.visit).toHaveBeenCalledExactlyOnceWith('/user/step-up')
    expect(d.logError).not.toHaveBeenCalled()
  })

  it('a password confirmation asked by the server (423 confirm_url) is followed too', async () => {
    const error = { status: 423, body: { message: 'Confirmez.', confirm_url: '/confirm-password' } }
    const d = { ...deps(async () => Promise.reject(error)), visit: vi.fn() }
    await applyToggle('droit', 'admin', 'admin', d)
    expect(d.visit).toHaveBeenCalledWith('/confirm-password')
  })

  it('detourOf: local paths only', () => {
    expect(detourOf({ body: { step_up_url: 'https://evil.example/x' } })).toBeNull()
    expect(detourOf({ body: { step_up_url: '//evil.example/x' } })).toBeNull()
    expect(detourOf({ body: { confirm_url: '/\\evil.example' } })).toBeNull()
    expect(detourOf({ body: { message: 'x' } })).toBeNull()
    expect(detourOf(null)).toBeNull()
    expect(detourOf({ body: { two_factor_url: '/profile' } })).toEqual({
      url: '/profile',
      message: null,
    })
  })

  it('logs with console.error by default', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    await applyToggle('acces', null, 'pro', {
      put: () => Promise.reject(new Error('x')),
      toast: () => {},
    })
    expect(spy).toHaveBeenCalledTimes(1)
  })
})

/* ------------------------------------------------------------------------- component */

describe('<RoleSwitches />', () => {
  let root: Root
  let host: HTMLDivElement
  const user = (patch: Partial<CurrentUser> = {}): CurrentUser => ({
    id: 7,
    name: 'Anne Staff',
    email: 'anne@esi.be',
    initials: 'AS',
    gravatar: '',
    role: 'esi',
    droit: null,
    droits_accordes: ['admin'],
    acces_role: null,
    effective_role: 'esi',
    two_factor_enabled: true,
    email_verified: true,
    ...patch,
  })
  const button = (label: string) =>
    [...host.querySelectorAll('button')].find((b) => b.textContent === label) as
      HTMLButtonElement | undefined
  const render = async (u: CurrentUser | null) => {
    inertia.page = { props: { user: u } }
    await act(async () => root.render(createElement(RoleSwitches)))
  }
  const click = (label: string) => act(async () => button(label)!.click())

  beforeEach(() => {
    userStore.reset()
    host = document.createElement('div')
    root = createRoot(host)
  })
  afterEach(() => {
    act(() => root.unmount())
  })

  it('shows Droit buttons for granted rights and Accès for a real esi', async () => {
    await render(user())
    expect(host.textContent).toContain('Droit')
    expect(host.textContent).toContain('Accès')
    expect(button('admin')).toBeDefined()
    expect(button('Voir comme pro')).toBeDefined()
    expect(button('Voir comme utilisateur')).toBeDefined()
  })

  it('a pro without granted rights sees nothing; a pro with one sees Droit only', async () => {
    await render(user({ role: 'pro', effective_role: 'pro', droits_accordes: [] }))
    expect(host.innerHTML).toBe('')
    await render(user({ id: 8, role: 'pro', effective_role: 'pro', droits_accordes: ['admin'] }))
    expect(host.textContent).toContain('Droit')
    expect(host.textContent).not.toContain('Accès')
  })

  it('success: the value changes after the call, toast, page reload', async () => {
    const put = vi.spyOn(http, 'put').mockResolvedValue({})
    const reload = vi.spyOn(inertia, 'reload')
    await render(user())
    expect(button('admin')!.getAttribute('aria-pressed')).toBe('false')

    await click('admin')

    expect(put).toHaveBeenCalledWith('/api/user/role', { droit: 'admin' })
    expect(toasts.calls).toEqual([['success', 'Rôle activé : admin']])
    expect(host.querySelector('button[aria-pressed="true"]')?.textContent).toBe('admin')
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('failure: value unchanged, error toast, error logged, no reload', async () => {
    vi.spyOn(http, 'put').mockRejectedValue(new Error('HTTP 500'))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const reload = vi.spyOn(inertia, 'reload')
    await render(user({ acces_role: 'pro', effective_role: 'pro' }))

    await click('Voir comme utilisateur')

    expect(toasts.calls).toEqual([['error', "Erreur lors de la mise à jour de l'accès."]])
    expect(logged).toHaveBeenCalledTimes(1)
    expect(button('Voir comme pro')!.getAttribute('aria-pressed')).toBe('true')
    expect(button('Voir comme utilisateur')!.getAttribute('aria-pressed')).toBe('false')
    expect(reload).not.toHaveBeenCalled()
    expect(button('Voir comme pro')!.disabled).toBe(false)
  })

  it('clicking the held access role switches it off with null', async () => {
    const put = vi.spyOn(http, 'put').mockResolvedValue(null)
    await render(user({ acces_role: 'pro', effective_role: 'pro' }))
    await click('Voir comme pro')
    expect(put).toHaveBeenCalledWith('/api/user/acces-role', { role: null })
    expect(toasts.calls).toEqual([['success', 'Accès désactivé']])
    expect(host.querySelector('button[aria-pressed="true"]')).toBeNull()
  })
})

/* ------------------------------------------------------- the store behind the switches */

describe('useCurrentUser (SPEC.md §4: fetched on first mount if not loaded)', () => {
  let root: Root
  let seen: (CurrentUser | null)[]
  function Probe() {
    seen.push(useCurrentUser())
    return null
  }
  const mount = async (props: { user?: unknown }) => {
    inertia.page = { props }
    await act(async () => root.render(createElement(Probe)))
  }
  const anne = { id: 7, name: 'Anne', droit: null } as CurrentUser

  beforeEach(() => {
    userStore.reset()
    seen = []
    root = createRoot(document.createElement('div'))
  })
  afterEach(() => {
    act(() => root.unmount())
  })

  it('page without the user prop: GET /api/user once, then kept', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue(anne)
    await mount({})
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(anne))
    expect(get).toHaveBeenCalledExactlyOnceWith('/api/user')
    expect(userStore.getState().user).toEqual(anne)
  })

  it('shared user: used at once, no fetch; a guest (null) is not fetched either', async () => {
    const get = vi.spyOn(http, 'get')
    await mount({ user: anne })
    expect(seen[0]).toBe(anne)
    await mount({ user: null })
    expect(seen.at(-1)).toBeNull()
    expect(get).not.toHaveBeenCalled()
  })

  it('a fetch failure is logged, the user stays null', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new Error('HTTP 500'))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await mount({})
    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(1))
    expect(seen.at(-1)).toBeNull()
  })

  it('loadSocietes keeps GET /api/user/societes as societes', async () => {
    const societes = [{ id: 1, nom: 'ESI', type: 'esi', role: 'admin' }]
    const get = vi.spyOn(http, 'get').mockResolvedValue(societes)
    await expect(loadSocietes()).resolves.toEqual(societes)
    expect(get).toHaveBeenCalledWith('/api/user/societes')
    expect(userStore.getState().societes).toEqual(societes)
  })
})
