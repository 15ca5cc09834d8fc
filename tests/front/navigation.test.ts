import { describe, expect, it } from 'vitest'
import {
  ADMIN_LINK_NAME,
  filterMenu,
  isExternal,
  MENU,
  menuLinks,
  type MenuNode,
} from '@shared/navigation'
import { ROUTES } from '~/lib/routes.generated'

const names = (nodes: ReturnType<typeof filterMenu>) => menuLinks(nodes).map((n) => n.to)
const headings = (nodes: MenuNode[]) => nodes.filter((n) => n.heading).map((n) => n.heading)
const ADMIN_URL = 'https://admin.example.test'

describe('menu filter (SPEC.md §6)', () => {
  it('an ordinary user sees Dashboard, Sociétés, Profile and Landing only', () => {
    expect(names(filterMenu(MENU, { role: 'other' }))).toEqual([
      '/dashboard',
      '/app/company',
      '/profile',
      '/',
    ])
  })

  it('an unknown role is treated as an ordinary user', () => {
    expect(names(filterMenu(MENU, { role: 'visitor' }))).toEqual([
      '/dashboard',
      '/app/company',
      '/profile',
      '/',
    ])
  })

  it('a pro sees Contacts and Offres plus the account items, without the ESI heading', () => {
    const menu = filterMenu(MENU, { role: 'pro' }, ADMIN_URL)
    expect(names(menu)).toEqual([
      '/dashboard',
      '/app/company',
      '/app/contacts',
      '/app/offres',
      '/profile',
      '/',
    ])
    expect(headings(menu)).toEqual(['Application', 'Compte'])
  })

  it('an esi sees everything but the admin link without droit admin', () => {
    const links = names(filterMenu(MENU, { role: 'esi' }, ADMIN_URL))
    const all = menuLinks(MENU)
      .filter((n) => n.to !== 'ADMIN_URL')
      .map((n) => n.to)
    expect(links).toEqual(all)
    expect(links).toContain('/esi/customers?sort=-id_client')
    expect(links).toContain('/recherhce')
    expect(links).toContain('/test-access')
    expect(links).not.toContain(ADMIN_URL)
    expect(headings(filterMenu(MENU, { role: 'esi' }))).toEqual([
      'Application',
      'Espace ESI',
      'Référentiel',
      'Outils',
      'Compte',
    ])
  })

  it('the admin link shows only with droit admin AND an admin URL, opening in a new tab', () => {
    expect(names(filterMenu(MENU, { role: 'esi', droit: 'admin' }))).not.toContain('ADMIN_URL')
    expect(names(filterMenu(MENU, { role: 'esi', droit: 'admin' }, null))).not.toContain(
      'ADMIN_URL'
    )
    const admin = menuLinks(filterMenu(MENU, { role: 'esi', droit: 'admin' }, ADMIN_URL)).find(
      (n) => n.name === ADMIN_LINK_NAME
    )
    expect(admin).toMatchObject({ to: ADMIN_URL, target: '_blank' })
    expect(isExternal(admin?.to)).toBe(true)
    // droit admin means nothing for a pro
    expect(names(filterMenu(MENU, { role: 'pro', droit: 'admin' }, ADMIN_URL))).not.toContain(
      ADMIN_URL
    )
  })

  it('an esi whose acces_role is pro (or other) sees that menu', () => {
    const asPro = filterMenu(MENU, { role: 'esi', acces_role: 'pro', droit: 'admin' }, ADMIN_URL)
    expect(asPro).toEqual(filterMenu(MENU, { role: 'pro' }, ADMIN_URL))
    const asOther = filterMenu(MENU, { role: 'esi', acces_role: 'other' }, ADMIN_URL)
    expect(names(asOther)).toEqual(['/dashboard', '/app/company', '/profile', '/'])
  })

  it('acces_role is ignored for a non-esi user', () => {
    expect(filterMenu(MENU, { role: 'other', acces_role: 'pro' })).toEqual(
      filterMenu(MENU, { role: 'other' })
    )
  })

  it('headings without visible children disappear, submenus without children too', () => {
    const nodes: MenuNode[] = [
      { heading: 'Vide', area: 'app' },
      { heading: 'Staff' },
      { name: 'Secret', to: '/esi/x', area: 'esi' },
      { name: 'Groupe', sub: [{ name: 'Caché', to: '/esi/y', area: 'esi' }] },
      { heading: 'Public' },
      { name: 'Accueil', to: '/' },
      { heading: 'Fin' },
    ]
    expect(filterMenu(nodes, { role: 'other' })).toEqual([
      { heading: 'Public' },
      { name: 'Accueil', to: '/' },
    ])
    const forEsi = filterMenu(nodes, { role: 'esi' })
    expect(headings(forEsi)).toEqual(['Staff', 'Public'])
    expect(forEsi.find((n) => n.name === 'Groupe')?.sub).toHaveLength(1)
  })

  it('links the four Analyse pages (issue 14 §3), staff only', () => {
    const analyse = filterMenu(MENU, { role: 'esi' }).find((n) => n.name === 'Analyse')
    expect(analyse?.sub?.map((n) => n.to)).toEqual([
      '/esi/analyse/chiffre-affaires',
      '/esi/analyse/rentabilite',
      '/esi/analyse/acceptation',
      '/esi/analyse/techniciens',
    ])
    expect(filterMenu(MENU, { role: 'pro' }).find((n) => n.name === 'Analyse')).toBeUndefined()
  })

  it('isExternal matches http and https only', () => {
    expect(isExternal('https://x.test')).toBe(true)
    expect(isExternal('http://x.test')).toBe(true)
    expect(isExternal('/dashboard')).toBe(false)
    expect(isExternal('#')).toBe(false)
    expect(isExternal(undefined)).toBe(false)
  })

  // SPEC.md spells the menu's URLs, so they stay literal here; each must still be a named route
  it('every menu link is the URL of a named route (routes.generated.ts)', () => {
    const patterns = new Set<string>(Object.values(ROUTES))
    const links = menuLinks(MENU)
      .map((n) => n.to!)
      .filter((to) => to !== '#' && to !== 'ADMIN_URL')
    expect(links.length).toBeGreaterThan(20)
    expect(links.filter((to) => !patterns.has(to.split('?')[0]))).toEqual([])
  })
})
