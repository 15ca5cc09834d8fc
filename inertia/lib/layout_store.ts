/*
 * Layout settings store (SPEC.md §3 "Layout settings", §4 layout toggles). A tiny framework-agnostic
 * store (getState / subscribe / actions) so it can be unit-tested without React; `useLayout()`
 * binds it to React and `containerClasses()` turns the state into #page-container classes.
 */
import { useSyncExternalStore } from 'react'

/** SPEC.md §4/§9: above 991 px is desktop; links close the sidebar below 992 px. */
export const DESKTOP_MIN_WIDTH = 992
/** SPEC.md §9: sidebar transitions come back 500 ms after the last resize event. */
export const RESIZE_DELAY = 500

export const COLOR_THEMES = ['default', 'amethyst', 'city', 'flat', 'modern', 'smooth'] as const
export type ColorThemeName = (typeof COLOR_THEMES)[number]
export type ColorTheme = ColorThemeName | ''
export type DarkModeSetting = 'on' | 'off' | 'system'
export type MainContent = '' | 'boxed' | 'narrow'

export type OpenMode = 'open' | 'close' | 'toggle'
export type SwitchMode = 'on' | 'off' | 'toggle'
export type PositionMode = 'left' | 'right' | 'toggle'
export type StyleMode = 'dark' | 'light' | 'toggle'
export type HeaderMode = 'fixed' | 'static' | 'toggle'
export type WidthMode = 'full' | 'boxed' | 'narrow'

export const STORAGE_KEYS = { darkMode: 'esi.layout.darkMode', colorTheme: 'esi.layout.colorTheme' }
/** Prefix of the class a colour theme puts on <html>: `theme-amethyst`. */
export const THEME_CLASS_PREFIX = 'theme-'
export const DARK_MODE_CLASS = 'dark-mode'
const DARK_QUERY = '(prefers-color-scheme: dark)'

export interface LayoutState {
  header: boolean
  sidebar: boolean
  sideOverlay: boolean
  footer: boolean
  colorTheme: ColorTheme
  darkMode: DarkModeSetting
  darkModeActive: boolean
  sidebarLeft: boolean
  sidebarMini: boolean
  sidebarDark: boolean
  sidebarVisibleDesktop: boolean
  sidebarVisibleMobile: boolean
  sideOverlayVisible: boolean
  sideOverlayHoverable: boolean
  pageOverlay: boolean
  headerFixed: boolean
  headerDark: boolean
  headerSearch: boolean
  headerLoader: boolean
  pageLoader: boolean
  rtlSupport: boolean
  sideTransitions: boolean
  mainContent: MainContent
}

/** SPEC.md §3 defaults. */
export const LAYOUT_DEFAULTS: Readonly<LayoutState> = Object.freeze({
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

export function isDesktopWidth(width: number): boolean {
  return width >= DESKTOP_MIN_WIDTH
}

function viewportWidth(): number {
  return typeof window === 'undefined' ? DESKTOP_MIN_WIDTH : window.innerWidth
}

function switched(current: boolean, mode: SwitchMode): boolean {
  return mode === 'toggle' ? !current : mode === 'on'
}

function isColorTheme(value: unknown): value is ColorTheme {
  return value === '' || (COLOR_THEMES as readonly unknown[]).includes(value)
}

function isDarkModeSetting(value: unknown): value is DarkModeSetting {
  return value === 'on' || value === 'off' || value === 'system'
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null // storage disabled (private mode, sandboxed iframe)
  }
}

function writeStorage(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // preferences simply are not remembered
  }
}

export type LayoutStore = ReturnType<typeof createLayoutStore>

export function createLayoutStore(initial: Partial<LayoutState> = {}) {
  let state: LayoutState = { ...LAYOUT_DEFAULTS, ...initial }
  const listeners = new Set<() => void>()
  let media: MediaQueryList | null = null
  let resizeTimer: ReturnType<typeof setTimeout> | undefined
  let stopFns: Array<() => void> = []

  function set(patch: Partial<LayoutState>) {
    const changed = (Object.keys(patch) as (keyof LayoutState)[]).some((k) => state[k] !== patch[k])
    if (!changed) return
    state = { ...state, ...patch }
    listeners.forEach((listener) => listener())
  }

  function root(): HTMLElement | null {
    return typeof document === 'undefined' ? null : document.documentElement
  }

  function applyDarkMode() {
    const active = state.darkMode === 'on' || (state.darkMode === 'system' && !!media?.matches)
    const el = root()
    if (el) {
      el.classList.toggle(DARK_MODE_CLASS, active)
      // Bootstrap 5.3 colour modes follow this attribute
      el.setAttribute('data-bs-theme', active ? 'dark' : 'light')
    }
    set({ darkModeActive: active })
  }

  function applyColorTheme() {
    const el = root()
    if (!el) return
    for (const cls of Array.from(el.classList)) {
      if (cls.startsWith(THEME_CLASS_PREFIX)) el.classList.remove(cls)
    }
    if (state.colorTheme && state.colorTheme !== 'default') {
      el.classList.add(THEME_CLASS_PREFIX + state.colorTheme)
    }
  }

  function watchSystemScheme() {
    if (media || typeof window === 'undefined' || typeof window.matchMedia !== 'function') return
    media = window.matchMedia(DARK_QUERY)
    const onChange = () => {
      if (state.darkMode === 'system') applyDarkMode()
    }
    media.addEventListener('change', onChange)
    const m = media
    stopFns.push(() => m.removeEventListener('change', onChange))
  }

  const actions = {
    /** Open / close / toggle the sidebar of the current kind (desktop or mobile). */
    sidebar(mode: OpenMode) {
      const key = isDesktopWidth(viewportWidth()) ? 'sidebarVisibleDesktop' : 'sidebarVisibleMobile'
      const patch: Partial<LayoutState> = {}
      patch[key] = mode === 'toggle' ? !state[key] : mode === 'open'
      set(patch)
    },
    sideOverlay(mode: OpenMode) {
      set({ sideOverlayVisible: mode === 'toggle' ? !state.sideOverlayVisible : mode === 'open' })
    },
    /** Mini mode only exists on desktop: ignored below 992 px. */
    sidebarMini(mode: SwitchMode) {
      if (!isDesktopWidth(viewportWidth())) return
      set({ sidebarMini: switched(state.sidebarMini, mode) })
    },
    sideOverlayHoverable(mode: SwitchMode) {
      set({ sideOverlayHoverable: switched(state.sideOverlayHoverable, mode) })
    },
    pageOverlay(mode: SwitchMode) {
      set({ pageOverlay: switched(state.pageOverlay, mode) })
    },
    headerSearch(mode: SwitchMode) {
      set({ headerSearch: switched(state.headerSearch, mode) })
    },
    headerLoader(mode: SwitchMode) {
      set({ headerLoader: switched(state.headerLoader, mode) })
    },
    pageLoader(mode: SwitchMode) {
      set({ pageLoader: switched(state.pageLoader, mode) })
    },
    rtlSupport(mode: SwitchMode) {
      set({ rtlSupport: switched(state.rtlSupport, mode) })
    },
    sidebarPosition(mode: PositionMode) {
      set({ sidebarLeft: mode === 'toggle' ? !state.sidebarLeft : mode === 'left' })
    },
    sidebarStyle(mode: StyleMode) {
      set({ sidebarDark: mode === 'toggle' ? !state.sidebarDark : mode === 'dark' })
    },
    headerStyle(mode: StyleMode) {
      set({ headerDark: mode === 'toggle' ? !state.headerDark : mode === 'dark' })
    },
    headerMode(mode: HeaderMode) {
      set({ headerFixed: mode === 'toggle' ? !state.headerFixed : mode === 'fixed' })
    },
    mainContent(mode: WidthMode) {
      set({ mainContent: mode === 'full' ? '' : mode })
    },
    /** on / off / system; `system` follows the browser colour scheme live. Saved. */
    darkMode(mode: DarkModeSetting) {
      if (!isDarkModeSetting(mode)) return
      set({ darkMode: mode })
      writeStorage(STORAGE_KEYS.darkMode, mode)
      if (mode === 'system') watchSystemScheme()
      applyDarkMode()
    },
    /** Replaces the theme class on <html>; '' and 'default' mean none. Saved. */
    colorTheme(theme: ColorTheme) {
      if (!isColorTheme(theme)) return
      set({ colorTheme: theme })
      writeStorage(STORAGE_KEYS.colorTheme, theme)
      applyColorTheme()
    },
  }

  function onResize() {
    // No sliding sidebar while the viewport changes size (it would animate at each step)
    set({ sideTransitions: false })
    clearTimeout(resizeTimer)
    resizeTimer = setTimeout(() => set({ sideTransitions: true }), RESIZE_DELAY)
  }

  let started = false

  function stop() {
    stopFns.forEach((fn) => fn())
    stopFns = []
    clearTimeout(resizeTimer)
    media = null
    started = false
  }

  return {
    ...actions,
    getState: (): LayoutState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Programmatic patch (layout variants); not saved. */
    set,
    /**
     * Restores the saved preferences, applies them to <html> and installs the colour-scheme and
     * resize listeners. Idempotent; returns a stop function (tests).
     */
    start(): () => void {
      if (!started && typeof window !== 'undefined') {
        started = true
        const savedMode = readStorage(STORAGE_KEYS.darkMode)
        const savedTheme = readStorage(STORAGE_KEYS.colorTheme)
        if (isDarkModeSetting(savedMode)) set({ darkMode: savedMode })
        if (isColorTheme(savedTheme)) set({ colorTheme: savedTheme })
        watchSystemScheme()
        applyDarkMode()
        applyColorTheme()
        window.addEventListener('resize', onResize)
        stopFns.push(() => window.removeEventListener('resize', onResize))
      }
      return stop
    },
  }
}

/** #page-container classes for a state (OneUI naming). */
export function containerClasses(state: LayoutState): string[] {
  const classes: string[] = []
  if (state.sidebar) {
    if (state.sidebarVisibleDesktop) classes.push('sidebar-o')
    if (state.sidebarVisibleMobile) classes.push('sidebar-o-xs')
    if (state.sidebarMini) classes.push('sidebar-mini')
    if (state.sidebarDark) classes.push('sidebar-dark')
    if (!state.sidebarLeft) classes.push('sidebar-r')
  }
  if (state.sideOverlay) {
    if (state.sideOverlayVisible) classes.push('side-overlay-o')
    if (state.sideOverlayHoverable) classes.push('side-overlay-hover')
  }
  if (state.pageOverlay) classes.push('enable-page-overlay')
  if (state.header) {
    if (state.headerFixed) classes.push('page-header-fixed')
    if (state.headerDark) classes.push('page-header-dark')
  }
  if (state.mainContent === 'boxed') classes.push('main-content-boxed')
  if (state.mainContent === 'narrow') classes.push('main-content-narrow')
  if (state.sideTransitions) classes.push('side-trans-enabled')
  if (state.rtlSupport) classes.push('rtl-support')
  return classes
}

/** The application's store. */
export const layoutStore = createLayoutStore()

/** The layout state (or a slice of it) as React state. */
export function useLayout(): LayoutState
export function useLayout<T>(selector: (state: LayoutState) => T): T
export function useLayout<T>(selector?: (state: LayoutState) => T): T | LayoutState {
  const state = useSyncExternalStore(
    layoutStore.subscribe,
    layoutStore.getState,
    layoutStore.getState
  )
  return selector ? selector(state) : state
}
