/*
 * The devis lines table (jsdom): rows by type with their live totals, the add-line buttons, the
 * delete button, a cell's error shown on the cell, and the read-only view without controls.
 */
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import LignesTable, { withKeys } from '~/components/devis/LignesTable'
import { liveTotals } from '~/components/devis/use_devis_totals'
import { emptyLigne, type LigneForm } from '@shared/devis'

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

const LIGNES: LigneForm[] = withKeys([
  { ...emptyLigne('section'), designation: 'Rez' },
  { ...emptyLigne('produit'), designation: 'Châssis', quantite: '2', prix_unitaire_ht: '1 234,56' },
  { ...emptyLigne('produit'), designation: 'Porte', quantite: '1', prix_unitaire_ht: 'douze' },
  emptyLigne('sous_total'),
])

function render(lignes: LigneForm[], onChange = vi.fn(), readOnly = false) {
  const live = liveTotals({ lignes, remise_globale_pct: '0', acompte_pct: '30' })
  act(() =>
    root.render(
      <LignesTable
        lignes={lignes}
        onChange={onChange}
        lineTotals={live.totals.lignes.map((l) => l.total_ht)}
        errors={live.errors}
        readOnly={readOnly}
      />
    )
  )
  return onChange
}

const text = (selector: string) =>
  container.querySelector(selector)?.textContent?.replace(/\s/g, ' ')

describe('LignesTable', () => {
  it('shows each row with its live total and the error on the bad cell', () => {
    render(LIGNES)
    expect(container.querySelectorAll('tr.devis-ligne')).toHaveLength(4)
    expect(text('[data-testid="ligne-total-1"]')).toBe('2 469,12 €')
    expect(text('[data-testid="ligne-total-3"]')).toBe('2 469,12 €')
    expect(container.querySelector('#lignes-2-prix_unitaire_ht')?.className).toContain('is-invalid')
    expect(text('#lignes-2-prix_unitaire_ht-error')).toMatch(/Montant invalide/)
    expect(container.querySelectorAll('button[aria-label^="Déplacer la ligne"]')).toHaveLength(4)
  })

  it('adds a line of each type and removes one', () => {
    const onChange = render(LIGNES)
    const add = (label: string) =>
      act(() =>
        [
          ...container.querySelectorAll<HTMLButtonElement>(
            '[aria-label="Ajouter une ligne"] button'
          ),
        ]
          .find((b) => b.textContent?.includes(label))!
          .click()
      )
    add('Texte')
    const added = onChange.mock.calls[0][0] as LigneForm[]
    expect(added).toHaveLength(5)
    expect(added[4].type).toBe('texte')
    expect(added[4].key).toBeTruthy()
    add('Sous-total')
    expect((onChange.mock.calls[1][0] as LigneForm[])[4].type).toBe('sous_total')

    act(() =>
      container
        .querySelector<HTMLButtonElement>('button[aria-label="Supprimer la ligne 2"]')!
        .click()
    )
    const removed = onChange.mock.calls[2][0] as LigneForm[]
    expect(removed.map((l) => l.designation)).toEqual(['Rez', 'Porte', ''])
  })

  it('read-only: no handle, no add or delete buttons', () => {
    render(LIGNES, vi.fn(), true)
    expect(container.querySelectorAll('button')).toHaveLength(0)
    expect(text('tbody')).toContain('Châssis')
  })
})
