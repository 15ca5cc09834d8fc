import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  containerClasses,
  createLayoutStore,
  DESKTOP_MIN_WIDTH,
  LAYOUT_DEFAULTS,
  RESIZE_DELAY,
  STORAGE_KEYS,
  type LayoutStore,
} from '~/lib/layout_store'

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true })
}

/** A controllable `(prefers-color-scheme: dark)` media query. */
function mockColorScheme(initiallyDark: boolean) {
  const listeners = new Set<(e: { matches: boolean }) => void>()
  const mql = {
    matches: initiallyDark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, fn: (e: { matches: boolean }) => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: (e: { matches: boolean }) => void) => listeners.delete(fn),
  }
  window.matchMedia = vi.fn().mockReturnValue(mql) as unknown as typeof window.matchMedia
  return {
    change(dark: boolean) {
      mql.matches = dark
      listeners.forEach((fn) => fn({ matches: dark }))
    },
    listenerCount: () => listeners.size,
  }
}

const html = () => document.documentElement

let store: LayoutStore
let stop: (() => void) | undefined

beforeEach(() => {
  localStorage.clear()
  html().className = ''
  html().removeAttribute('data-bs-theme')
  setWidth(1200)
  mockColorScheme(false)
  store = createLayoutStore()
})

afterEach(() => {
  stop?.()
  stop = undefined
  vi.useRealTimers()
})

describe('layout store defaults (SPEC.md §3)', () => {
  it('has every setting with its default', () => {
    expect(store.getState()).toEqual({
      header: true,
      sidebar: true,
      sideOverlay: true,
      footer: true,
      colorTheme: '',
      darkMode: 'system',
      darkModeActive: false,
      sidebarLeft: true,
      sidebarMini: false,
      sidebarDark: true,
      sidebarVisibleDesktop: true,
      sidebarVisibleMobile: false,
      sideOverlayVisible: false,
      sideOverlayHoverable: false,
      pageOverlay: true,
      headerFixed: true,
      headerDark: false,
      headerSearch: false,
      headerLoader: false,
      pageLoader: false,
      rtlSupport: false,
      sideTransitions: true,
      mainContent: '',
    })
    expect(LAYOUT_DEFAULTS).toEqual(store.getState())
  })

  it('exports the breakpoint and the resize delay (SPEC.md §9)', () => {
    expect(DESKTOP_MIN_WIDTH).toBe(992)
    expect(RESIZE_DELAY).toBe(500)
  })
})

describe('sidebar per kind (SPEC.md §4)', () => {
  it('on desktop (1200 px) open/close/toggle change the desktop visibility only', () => {
    store.sidebar('close')
    expect(store.getState()).toMatchObject({
      sidebarVisibleDesktop: false,
      sidebarVisibleMobile: false,
    })
    store.sidebar('toggle')
    expect(store.getState().sidebarVisibleDesktop).toBe(true)
    store.sidebar('toggle')
    expect(store.getState().sidebarVisibleDesktop).toBe(false)
    store.sidebar('open')
    expect(store.getState()).toMatchObject({
      sidebarVisibleDesktop: true,
      sidebarVisibleMobile: false,
    })
  })

  it('on mobile (800 px) open/close/toggle change the mobile visibility only', () => {
    setWidth(800)
    store.sidebar('open')
    expect(store.getState()).toMatchObject({
      sidebarVisibleMobile: true,
      sidebarVisibleDesktop: true,
    })
    store.sidebar('toggle')
    expect(store.getState().sidebarVisibleMobile).toBe(false)
    store.sidebar('toggle')
    expect(store.getState().sidebarVisibleMobile).toBe(true)
    store.sidebar('close')
    expect(store.getState()).toMatchObject({
      sidebarVisibleMobile: false,
      sidebarVisibleDesktop: true,
    })
  })

  it('991 px is still mobile, 992 px is desktop', () => {
    setWidth(991)
    store.sidebar('toggle')
    expect(store.getState().sidebarVisibleMobile).toBe(true)
    setWidth(992)
    store.sidebar('toggle')
    expect(store.getState().sidebarVisibleDesktop).toBe(false)
  })

  it('mini mode changes on desktop and is ignored on mobile', () => {
    store.sidebarMini('on')
    expect(store.getState().sidebarMini).toBe(true)
    store.sidebarMini('toggle')
    expect(store.getState().sidebarMini).toBe(false)
    setWidth(800)
    store.sidebarMini('on')
    store.sidebarMini('toggle')
    expect(store.getState().sidebarMini).toBe(false)
    setWidth(1200)
    store.sidebarMini('toggle')
    store.sidebarMini('off')
    expect(store.getState().sidebarMini).toBe(false)
  })
})

describe('toggles (SPEC.md §4)', () => {
  it('side overlay open/close/toggle', () => {
    store.sideOverlay('open')
    expect(store.getState().sideOverlayVisible).toBe(true)
    store.sideOverlay('close')
    expect(store.getState().sideOverlayVisible).toBe(false)
    store.sideOverlay('toggle')
    expect(store.getState().sideOverlayVisible).toBe(true)
  })

  it.each([
    ['sideOverlayHoverable', false],
    ['pageOverlay', true],
    ['headerSearch', false],
    ['headerLoader', false],
    ['pageLoader', false],
    ['rtlSupport', false],
  ] as const)('%s on/off/toggle', (name, initial) => {
    expect(store.getState()[name]).toBe(initial)
    store[name]('toggle')
    expect(store.getState()[name]).toBe(!initial)
    store[name]('on')
    expect(store.getState()[name]).toBe(true)
    store[name]('off')
    expect(store.getState()[name]).toBe(false)
  })

  it('sidebar position left/right/toggle', () => {
    store.sidebarPosition('right')
    expect(store.getState().sidebarLeft).toBe(false)
    store.sidebarPosition('toggle')
    expect(store.getState().sidebarLeft).toBe(true)
    store.sidebarPosition('toggle')
    store.sidebarPosition('left')
    expect(store.getState().sidebarLeft).toBe(true)
  })

  it('sidebar and header style dark/light/toggle', () => {
    store.sidebarStyle('light')
    expect(store.getState().sidebarDark).toBe(false)
    store.sidebarStyle('toggle')
    expect(store.getState().sidebarDark).toBe(true)
    store.headerStyle('dark')
    expect(store.getState().headerDark).toBe(true)
    store.headerStyle('toggle')
    expect(store.getState().headerDark).toBe(false)
    store.headerStyle('dark')
    store.headerStyle('light')
    expect(store.getState().headerDark).toBe(false)
  })

  it('header fixed/static/toggle', () => {
    store.headerMode('static')
    expect(store.getState().headerFixed).toBe(false)
    store.headerMode('toggle')
    expect(store.getState().headerFixed).toBe(true)
    store.headerMode('toggle')
    store.headerMode('fixed')
    expect(store.getState().headerFixed).toBe(true)
  })

  it('main content full/boxed/narrow', () => {
    store.mainContent('boxed')
    expect(store.getState().mainContent).toBe('boxed')
    store.mainContent('narrow')
    expect(store.getState().mainContent).toBe('narrow')
    store.mainContent('full')
    expect(store.getState().mainContent).toBe('')
  })

  it('notifies subscribers on change only, and unsubscribes', () => {
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.sideOverlay('close') // already closed: no change
    expect(listener).not.toHaveBeenCalled()
    store.sideOverlay('open')
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    store.sideOverlay('close')
    expect(listener).toHaveBeenCalledTimes(1)
  })
})

describe('dark mode (SPEC.md §4)', () => {
  it('system follows the browser colour scheme live', () => {
    const scheme = mockColorScheme(false)
    stop = store.start()
    expect(store.getState().darkModeActive).toBe(false)
    expect(html().classList.contains('dark-mode')).toBe(false)
    expect(html().getAttribute('data-bs-theme')).toBe('light')

    scheme.change(true)
    expect(store.getState().darkModeActive).toBe(true)
    expect(html().classList.contains('dark-mode')).toBe(true)
    expect(html().getAttribute('data-bs-theme')).toBe('dark')

    scheme.change(false)
    expect(html().classList.contains('dark-mode')).toBe(false)
  })

  it('on / off override the system scheme; system comes back to it', () => {
    const scheme = mockColorScheme(true)
    stop = store.start()
    expect(html().classList.contains('dark-mode')).toBe(true)
    store.darkMode('off')
    expect(store.getState()).toMatchObject({ darkMode: 'off', darkModeActive: false })
    expect(html().classList.contains('dark-mode')).toBe(false)
    scheme.change(true) // ignored while forced off
    expect(html().classList.contains('dark-mode')).toBe(false)
    store.darkMode('on')
    expect(html().classList.contains('dark-mode')).toBe(true)
    scheme.change(false) // ignored while forced on
    expect(html().classList.contains('dark-mode')).toBe(true)
    store.darkMode('system')
    expect(store.getState().darkModeActive).toBe(false)
    expect(html().classList.contains('dark-mode')).toBe(false)
  })

  it('stop() removes the colour-scheme listener', () => {
    const scheme = mockColorScheme(false)
    stop = store.start()
    expect(scheme.listenerCount()).toBe(1)
    stop()
    expect(scheme.listenerCount()).toBe(0)
  })
})

describe('persistence (SPEC.md §4)', () => {
  it('saves darkMode and colorTheme in localStorage', () => {
    stop = store.start()
    store.darkMode('on')
    store.colorTheme('city')
    expect(localStorage.getItem(STORAGE_KEYS.darkMode)).toBe('on')
    expect(localStorage.getItem(STORAGE_KEYS.colorTheme)).toBe('city')
  })

  it('restores them at start and applies them to the root', () => {
    localStorage.setItem(STORAGE_KEYS.darkMode, 'on')
    localStorage.setItem(STORAGE_KEYS.colorTheme, 'amethyst')
    stop = store.start()
    expect(store.getState()).toMatchObject({
      darkMode: 'on',
      darkModeActive: true,
      colorTheme: 'amethyst',
    })
    expect(html().classList.contains('dark-mode')).toBe(true)
    expect(html().classList.contains('theme-amethyst')).toBe(true)
  })

  it('ignores unknown saved values', () => {
    localStorage.setItem(STORAGE_KEYS.darkMode, 'sometimes')
    localStorage.setItem(STORAGE_KEYS.colorTheme, 'neon')
    stop = store.start()
    expect(store.getState()).toMatchObject({ darkMode: 'system', colorTheme: '' })
  })
})

describe('colour themes (SPEC.md §4)', () => {
  it('replaces any previous theme class on the root', () => {
    html().classList.add('keep-me', 'theme-legacy')
    store.colorTheme('flat')
    expect(html().className.split(' ').sort()).toEqual(['keep-me', 'theme-flat'])
    store.colorTheme('smooth')
    expect(html().classList.contains('theme-flat')).toBe(false)
    expect(html().classList.contains('theme-smooth')).toBe(true)
    store.colorTheme('modern')
    expect(html().className.split(' ').sort()).toEqual(['keep-me', 'theme-modern'])
  })

  it('default and empty mean no theme class', () => {
    store.colorTheme('city')
    store.colorTheme('default')
    expect(Array.from(html().classList).some((c) => c.startsWith('theme-'))).toBe(false)
    store.colorTheme('city')
    store.colorTheme('')
    expect(Array.from(html().classList).some((c) => c.startsWith('theme-'))).toBe(false)
  })
})

describe('resize pause (SPEC.md §4, §9)', () => {
  it('disables sidebar transitions while resizing, re-enables 500 ms after the last event', () => {
    vi.useFakeTimers()
    stop = store.start()
    window.dispatchEvent(new Event('resize'))
    expect(store.getState().sideTransitions).toBe(false)
    vi.advanceTimersByTime(400)
    window.dispatchEvent(new Event('resize'))
    vi.advanceTimersByTime(499)
    expect(store.getState().sideTransitions).toBe(false)
    vi.advanceTimersByTime(1)
    expect(store.getState().sideTransitions).toBe(true)
  })
})

describe('container classes', () => {
  it('maps the defaults', () => {
    expect(containerClasses(store.getState())).toEqual([
      'sidebar-o',
      'sidebar-dark',
      'enable-page-overlay',
      'page-header-fixed',
      'side-trans-enabled',
    ])
  })

  it('maps every state class', () => {
    const classes = containerClasses({
      ...LAYOUT_DEFAULTS,
      sidebarVisibleMobile: true,
      sidebarMini: true,
      sidebarLeft: false,
      sideOverlayVisible: true,
      sideOverlayHoverable: true,
      headerDark: true,
      mainContent: 'boxed',
      rtlSupport: true,
    })
    expect(classes).toEqual([
      'sidebar-o',
      'sidebar-o-xs',
      'sidebar-mini',
      'sidebar-dark',
      'sidebar-r',
      'side-overlay-o',
      'side-overlay-hover',
      'enable-page-overlay',
      'page-header-fixed',
      'page-header-dark',
      'main-content-boxed',
      'side-trans-enabled',
      'rtl-support',
    ])
    expect(containerClasses({ ...LAYOUT_DEFAULTS, mainContent: 'narrow' })).toContain(
      'main-content-narrow'
    )
  })

  it('drops sidebar and header classes when they are not rendered', () => {
    const classes = containerClasses({
      ...LAYOUT_DEFAULTS,
      sidebar: false,
      header: false,
      pageOverlay: false,
      sideTransitions: false,
      sidebarDark: false,
    })
    expect(classes).toEqual([])
  })
})
