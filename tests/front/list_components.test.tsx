import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import SortHeader from '~/components/list/SortHeader'
import Pager, { totalText } from '~/components/list/Pager'
import ChantierMap from '~/components/clients/ChantierMap'
import DataTable, { type Column } from '~/components/list/DataTable'
import EmptyState from '~/components/list/EmptyState'
import ListToolbar from '~/components/list/ListToolbar'
import type { ListState } from '~/components/list/use_list'
import { listQueryString } from '@shared/list_query'
import { mountRoot } from './helpers/react_root'

const dom = mountRoot()

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
    dom.render(
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
    const [nom, type] = dom.container.querySelectorAll('th')
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
    dom.render(<Pager page={page('c2', null)} noun="client" onNavigate={onNavigate} />)
    const state = [...dom.container.querySelectorAll('button')].map((b) => [
      b.getAttribute('aria-label'),
      b.disabled,
    ])
    expect(state).toEqual([
      ['Première page', true],
      ['Page précédente', true],
      ['Page suivante', false],
      ['Dernière page', false],
    ])
    act(() =>
      dom.container.querySelector<HTMLButtonElement>('[aria-label="Page suivante"]')!.click()
    )
    expect(onNavigate).toHaveBeenCalledWith({ kind: 'after', cursor: 'c2' })
    act(() =>
      dom.container.querySelector<HTMLButtonElement>('[aria-label="Dernière page"]')!.click()
    )
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
    dom.render(<ChantierMap lat={50.4669} lng={4.8675} label="Namur" />)
    const svg = dom.container.querySelector('svg')!
    expect(svg.getAttribute('aria-label')).toContain('chantier à Namur')
    expect(dom.container.textContent).toContain('50,4669° N, 4,8675° E')
    expect(dom.container.querySelectorAll('img, image, iframe')).toHaveLength(0)
  })

  it('says when there is nothing to draw', () => {
    dom.render(<ChantierMap lat={null} lng={null} />)
    expect(dom.container.textContent).toContain('Coordonnées du chantier non renseignées.')
    dom.render(<ChantierMap lat={48.85} lng={2.35} />)
    expect(dom.container.textContent).toContain('hors de la carte de Belgique')
  })
})

type Row = { id: number; nom: string }
const COLUMNS: Column<Row>[] = [
  { key: 'nom', label: 'Nom', sortKey: 'nom', cell: (r) => <a href={`/x/${r.id}`}>{r.nom}</a> },
  { key: 'id', label: 'N°', cell: (r) => r.id },
]

describe('DataTable', () => {
  it('sorts from its headers, opens a row on click but leaves links alone', () => {
    const onSort = vi.fn()
    const onRowClick = vi.fn()
    dom.render(
      <DataTable
        rows={[{ id: 7, nom: 'Aubry' }]}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        sort={[{ key: 'nom', desc: false }]}
        onSort={onSort}
        onRowClick={onRowClick}
        caption="Liste"
        empty={<p>vide</p>}
      />
    )
    const [nom, id] = dom.container.querySelectorAll('th')
    expect(nom.getAttribute('aria-sort')).toBe('ascending')
    expect(id.querySelector('button')).toBeNull()
    act(() => nom.querySelector('button')!.click())
    expect(onSort).toHaveBeenCalledWith('nom', false)
    act(() => dom.container.querySelectorAll('td')[1].click())
    expect(onRowClick).toHaveBeenCalledWith({ id: 7, nom: 'Aubry' })
    dom.container.querySelector('a')!.addEventListener('click', (e) => e.preventDefault())
    act(() => dom.container.querySelector('a')!.click())
    expect(onRowClick).toHaveBeenCalledTimes(1)
    expect(dom.container.querySelector('tr[data-id="7"]')).not.toBeNull()
  })

  it('shows the empty state instead of an empty table', () => {
    const onClear = vi.fn()
    const empty = (filtered: boolean) => (
      <DataTable
        rows={[]}
        columns={COLUMNS}
        rowKey={(r: Row) => r.id}
        sort={[]}
        onSort={() => {}}
        caption="Liste"
        empty={
          <EmptyState
            icon="bi-x"
            filtered={filtered}
            noMatch="Aucune société ne correspond à ces critères."
            none="Aucune société pour le moment."
            onClear={onClear}
          >
            Créez-en une.
          </EmptyState>
        }
      />
    )
    dom.render(empty(false))
    expect(dom.container.querySelector('table')).toBeNull()
    expect(dom.container.textContent).toContain('Aucune société pour le moment.')
    expect(dom.container.textContent).toContain('Créez-en une.')
    dom.render(empty(true))
    expect(dom.container.textContent).toContain('ne correspond à ces critères')
    expect(dom.container.textContent).not.toContain('Créez-en une.')
    act(() => dom.container.querySelector('button')!.click())
    expect(onClear).toHaveBeenCalled()
  })
})

describe('ListToolbar', () => {
  const state = (filtered: boolean): ListState => ({
    visit: vi.fn(),
    sort: [],
    onSort: vi.fn(),
    setFilter: vi.fn(),
    filtered,
    reset: vi.fn(),
  })
  const filters = { q: '', sort: 'nom', filter: {}, per_page: 25 }

  it('changes the rows per page through the URL and resets only when something is filtered', () => {
    const list = state(false)
    dom.render(<ListToolbar list={list} filters={filters} searchLabel="Chercher" />)
    expect(dom.container.textContent).not.toContain('Réinitialiser')
    const select = dom.container.querySelector<HTMLSelectElement>('#list-per-page')!
    act(() => {
      select.value = '50'
      select.dispatchEvent(new Event('change', { bubbles: true }))
    })
    expect(list.visit).toHaveBeenCalledWith({ per_page: 50 })

    const filtered = state(true)
    dom.render(<ListToolbar list={filtered} filters={filters} searchLabel="Chercher" />)
    const reset = [...dom.container.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Réinitialiser')
    )!
    act(() => reset.click())
    expect(filtered.reset).toHaveBeenCalled()
  })
})

describe('Pager nouns', () => {
  it('takes an irregular plural', () => {
    const noun: [string, string] = ['bon de commande', 'bons de commande']
    expect(totalText({ count: 1, exact: true }, noun)).toBe('1 bon de commande')
    expect(totalText({ count: 3, exact: true }, noun)).toBe('3 bons de commande')
    expect(totalText({ count: 1, exact: true }, 'société')).toBe('1 société')
    expect(totalText({ count: 2, exact: true }, 'société')).toBe('2 sociétés')
  })
})
