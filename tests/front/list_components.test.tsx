import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import SortHeader from '~/components/list/SortHeader'
import Pager, { totalText } from '~/components/list/Pager'
import ChantierMap from '~/components/clients/ChantierMap'
import { listQueryString } from '@shared/list_query'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let container: HTMLDivElement
let root: Root

beforeEach(() => {
  container = document.createElement('div')
  document.body.appendChild(container)
  root = createRoot(container)
})

afterEach(() => {
  act(() => root.unmount())
  container.remove()
})

const page = (next: string | null, prev: string | null) => ({
  data: [1, 2],
  next,
  prev,
  total: { count: 2, exact: true },
  per_page: 25,
})

describe('SortHeader', () => {
  it('says the current order to screen readers and asks for a secondary key on shift', () => {
    const onSort = vi.fn()
    act(() =>
      root.render(
        <table>
          <thead>
            <tr>
              <SortHeader
                label="Nom"
                sortKey="nom"
                sort={[{ key: 'nom', desc: true }]}
                onSort={onSort}
              />
              <SortHeader
                label="Type"
                sortKey="type"
                sort={[{ key: 'nom', desc: true }]}
                onSort={onSort}
              />
            </tr>
          </thead>
        </table>
      )
    )
    const [nom, type] = container.querySelectorAll('th')
    expect(nom.getAttribute('aria-sort')).toBe('descending')
    expect(type.getAttribute('aria-sort')).toBe('none')
    act(() =>
      type
        .querySelector('button')!
        .dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }))
    )
    expect(onSort).toHaveBeenCalledWith('type', true)
  })
})

describe('Pager', () => {
  it('offers only the moves that exist', () => {
    const onNavigate = vi.fn()
    act(() => root.render(<Pager page={page('c2', null)} noun="client" onNavigate={onNavigate} />))
    const state = [...container.querySelectorAll('button')].map((b) => [
      b.getAttribute('aria-label'),
      b.disabled,
    ])
    expect(state).toEqual([
      ['Première page', true],
      ['Page précédente', true],
      ['Page suivante', false],
      ['Dernière page', false],
    ])
    act(() => container.querySelector<HTMLButtonElement>('[aria-label="Page suivante"]')!.click())
    expect(onNavigate).toHaveBeenCalledWith({ kind: 'after', cursor: 'c2' })
    act(() => container.querySelector<HTMLButtonElement>('[aria-label="Dernière page"]')!.click())
    expect(onNavigate).toHaveBeenLastCalledWith({ kind: 'last' })
  })

  it('counts exactly or says « environ »', () => {
    expect(totalText({ count: 1, exact: true }, 'client')).toBe('1 client')
    expect(totalText({ count: 12, exact: true }, 'client')).toBe('12 clients')
    expect(totalText({ count: 100000, exact: false }, 'client')).toMatch(
      /^environ 100\s000 clients$/
    )
  })
})

describe('List URLs', () => {
  it('hold the whole state', () => {
    expect(
      listQueryString(
        { sort: 'nom,-id_client', q: 'Géraldine', filter: { type: 'particulier' }, per_page: 50 },
        { kind: 'after', cursor: 'abc' }
      )
    ).toBe('?sort=nom,-id_client&filter[type]=particulier&q=G%C3%A9raldine&per_page=50&after=abc')
  })
})

describe('ChantierMap', () => {
  it('draws the marker from the coordinates, with no image or tile to fetch', () => {
    act(() => root.render(<ChantierMap lat={50.4669} lng={4.8675} label="Namur" />))
    const svg = container.querySelector('svg')!
    expect(svg.getAttribute('aria-label')).toContain('chantier à Namur')
    expect(container.textContent).toContain('50,4669° N, 4,8675° E')
    expect(container.querySelectorAll('img, image, iframe')).toHaveLength(0)
  })

  it('says when there is nothing to draw', () => {
    act(() => root.render(<ChantierMap lat={null} lng={null} />))
    expect(container.textContent).toContain('Coordonnées du chantier non renseignées.')
    act(() => root.render(<ChantierMap lat={48.85} lng={2.35} />))
    expect(container.textContent).toContain('hors de la carte de Belgique')
  })
})
