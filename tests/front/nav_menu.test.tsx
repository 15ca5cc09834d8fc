import { act } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { filterMenu, MENU } from '@shared/navigation'
import type { CurrentUser } from '~/types'
import { mountRoot } from './helpers/react_root'

// Inertia's Link needs a running router: a plain anchor is enough to test the menu's behaviour
const page = vi.hoisted(() => ({
  url: '/esi/devis/create',
  props: { app: { adminUrl: null as string | null }, user: null as unknown },
}))
vi.mock('@inertiajs/react', () => ({
  Link: ({
    prefetch: _prefetch,
    onClick,
    ...rest
  }: {
    prefetch?: unknown
    onClick?: (e: unknown) => void
  }) => (
    <a
      {...rest}
      onClick={(e) => {
        e.preventDefault() // no real visit in jsdom
        onClick?.(e)
      }}
    />
  ),
  usePage: () => page,
}))

const { default: NavMenu, NavTree, activePath } = await import('~/components/layout/NavMenu')
const { layoutStore } = await import('~/lib/layout_store')

beforeEach(() => setWidth(1200))
const dom = mountRoot()

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true })
}

const submenuButton = (name: string) =>
  Array.from(
    dom.container.querySelectorAll<HTMLButtonElement>('button.nav-main-link-submenu')
  ).find((b) => b.textContent?.includes(name))!
const openNames = () =>
  Array.from(
    dom.container.querySelectorAll('.nav-main-item.open > .nav-main-link .nav-main-link-name')
  ).map((n) => n.textContent)

const ESI_MENU = filterMenu(MENU, { role: 'esi', droit: 'admin' }, 'https://admin.example.test')

describe('NavMenu', () => {
  it('opens the submenu of the current page and marks the link active', () => {
    dom.render(<NavTree nodes={ESI_MENU} currentUrl="/esi/devis/create" />)
    expect(openNames()).toEqual(['Devis'])
    const active = dom.container.querySelector('a.nav-main-link.active')
    expect(active?.getAttribute('href')).toBe('/esi/devis/create')
    expect(active?.getAttribute('aria-current')).toBe('page')
    expect(dom.container.querySelectorAll('a.nav-main-link.active')).toHaveLength(1)
  })

  it('opening a submenu closes its siblings; a second click closes it', () => {
    dom.render(<NavTree nodes={ESI_MENU} currentUrl="/dashboard" />)
    expect(openNames()).toEqual([])
    act(() => submenuButton('Commandes').click())
    expect(openNames()).toEqual(['Commandes'])
    expect(submenuButton('Commandes').getAttribute('aria-expanded')).toBe('true')
    act(() => submenuButton('Planning').click())
    expect(openNames()).toEqual(['Planning'])
    expect(submenuButton('Commandes').getAttribute('aria-expanded')).toBe('false')
    act(() => submenuButton('Planning').click())
    expect(openNames()).toEqual([])
  })

  it('after a visit, the submenu holding the new page opens in place of the open one', () => {
    dom.render(<NavTree nodes={ESI_MENU} currentUrl="/dashboard" />)
    act(() => submenuButton('Planning').click())
    dom.render(<NavTree nodes={ESI_MENU} currentUrl="/esi/devis/create" />)
    expect(openNames()).toEqual(['Devis'])
    // a page outside any submenu leaves the open one as it is
    dom.render(<NavTree nodes={ESI_MENU} currentUrl="/profile" />)
    expect(openNames()).toEqual(['Devis'])
  })

  it('a link click below 992 px closes the sidebar, not above', () => {
    dom.render(<NavTree nodes={ESI_MENU} currentUrl="/dashboard" />)
    setWidth(800)
    layoutStore.sidebar('open')
    expect(layoutStore.getState().sidebarVisibleMobile).toBe(true)
    act(() => dom.container.querySelector<HTMLAnchorElement>('a[href="/app/company"]')!.click())
    expect(layoutStore.getState().sidebarVisibleMobile).toBe(false)

    setWidth(1200)
    act(() => dom.container.querySelector<HTMLAnchorElement>('a[href="/app/company"]')!.click())
    expect(layoutStore.getState().sidebarVisibleDesktop).toBe(true)
  })

  it('renders external links as new-tab anchors and "#" placeholders as disabled', () => {
    // The menu has no placeholder left (issue 14): one is added to check how one would render
    const soon = { name: 'À venir', to: '#', badge: 'bientôt', 'badge-variant': 'secondary' }
    dom.render(<NavTree nodes={[...ESI_MENU, soon] as typeof ESI_MENU} currentUrl="/dashboard" />)
    const admin = dom.container.querySelector('a[href="https://admin.example.test"]')!
    expect(admin.getAttribute('target')).toBe('_blank')
    expect(admin.getAttribute('rel')).toBe('noopener noreferrer')
    const placeholders = dom.container.querySelectorAll('a[href="#"]')
    expect(placeholders.length).toBe(1)
    placeholders.forEach((a) => {
      expect(a.classList.contains('disabled')).toBe(true)
      expect(a.getAttribute('aria-disabled')).toBe('true')
    })
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    placeholders[0].dispatchEvent(click)
    expect(click.defaultPrevented).toBe(true)
    expect(dom.container.querySelector('.nav-main-link-badge.text-bg-secondary')?.textContent).toBe(
      'bientôt'
    )
  })

  it('in horizontal hover mode, submenu clicks do nothing on wide screens but work on small ones', () => {
    dom.render(<NavTree nodes={ESI_MENU} currentUrl="/dashboard" horizontal hover />)
    expect(dom.container.querySelector('ul.nav-main')?.className).toContain(
      'nav-main-horizontal nav-main-hover'
    )
    act(() => submenuButton('Devis').click())
    expect(openNames()).toEqual([])
    setWidth(800)
    act(() => submenuButton('Devis').click())
    expect(openNames()).toEqual(['Devis'])
  })

  it('the connected menu follows the user effective role', () => {
    const user: Partial<CurrentUser> = { role: 'esi', acces_role: 'pro', droit: null }
    page.props.user = user
    page.url = '/app/contacts'
    dom.render(<NavMenu />)
    const hrefs = Array.from(dom.container.querySelectorAll('a')).map((a) => a.getAttribute('href'))
    expect(hrefs).toEqual([
      '/dashboard',
      '/app/company',
      '/app/contacts',
      '/app/offres',
      '/profile',
      '/',
    ])
    expect(dom.container.querySelector('a.active')?.getAttribute('href')).toBe('/app/contacts')
  })

  it('activePath prefers the longest matching menu path', () => {
    expect(activePath(ESI_MENU, '/esi/commandes/mesurage')).toBe('/esi/commandes/mesurage')
    expect(activePath(ESI_MENU, '/esi/commandes/12')).toBe('/esi/commandes')
    expect(activePath(ESI_MENU, '/esi/customers')).toBe('/esi/customers')
    expect(activePath(ESI_MENU, '/nowhere')).toBeNull()
  })
})

describe('mega menu columns', () => {
  it('one column per heading and per submenu, links in menu order', async () => {
    const { megaColumns } = await import('~/components/layout/MegaMenu')
    const columns = megaColumns(ESI_MENU)
    expect(columns.map((c) => c.heading)).toEqual([
      'Général',
      'Application',
      'Espace ESI',
      'Devis',
      'Commandes',
      'Planning',
      'Comptabilité',
      'Analyse',
      'Référentiel',
      'Outils',
      'Compte',
    ])
    expect(columns[9].links.map((l) => l.to)).toContain('/esi/archive')
    expect(columns[8].links.map((l) => l.to)).toEqual(['/esi/produits', '/esi/textes'])
    expect(columns[3].links.map((l) => l.to)).toEqual([
      '/esi/devis',
      '/esi/devis/create',
      '/esi/devis/stats',
    ])
  })
})
