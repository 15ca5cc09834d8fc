/*
 * The lines table draws again only the rows whose content changed (decision 855): the editor's
 * other state (the save's « processing », a header field typed) left all 50 rows of a devis to
 * be drawn again on each change, 272 ms of Chromium's INP for the click on « Enregistrer ». The
 * designation cell's autocomplete is replaced by a counter of its renders, one per row.
 */
import { act, useState } from 'react'
import { beforeEach, expect, it, vi } from 'vitest'
import LignesTable, { withKeys } from '~/components/lignes/LignesTable'
import { devisCatalogue } from '~/components/lignes/catalogue'
import { liveTotals } from '~/components/lignes/use_document_totals'
import { emptyLigne, type LigneForm } from '@shared/devis'
import { mountRoot, typeInto } from './helpers/react_root'

const renders = new Map<string, number>()
vi.mock('~/components/lignes/ProduitAutocomplete', () => ({
  default: ({ id, value }: { id: string; value: string }) => {
    renders.set(id, (renders.get(id) ?? 0) + 1)
    return <input id={id} defaultValue={value} />
  },
}))

beforeEach(() => renders.clear())
const dom = mountRoot()

const LIGNES: LigneForm[] = withKeys([
  { ...emptyLigne('produit'), designation: 'Châssis', quantite: '2', prix_unitaire_ht: '100' },
  { ...emptyLigne('produit'), designation: 'Porte', quantite: '1', prix_unitaire_ht: '200' },
  emptyLigne('sous_total'),
])

let current: LigneForm[] = []

/** An editor: its lines, and a flag of its own (as « processing » during a save). */
function Editor() {
  const [lignes, setLignes] = useState(LIGNES)
  const [busy, setBusy] = useState(false)
  current = lignes
  const live = liveTotals({ lignes, remise_globale_pct: '0' })
  return (
    <>
      <button type="button" id="busy" onClick={() => setBusy(!busy)}>
        {busy ? 'En cours' : 'Enregistrer'}
      </button>
      <LignesTable
        lignes={lignes}
        onChange={setLignes}
        lineTotals={live.totals.lignes.map((l) => l.total_ht)}
        errors={{ ...live.errors, titre: busy ? 'Requis' : undefined }}
        catalogue={devisCatalogue}
      />
    </>
  )
}

const counts = () => [renders.get('lignes-0-designation'), renders.get('lignes-1-designation')]

it('a change elsewhere in the editor draws no row again', () => {
  dom.render(<Editor />)
  expect(counts()).toEqual([1, 1])
  act(() => dom.container.querySelector<HTMLButtonElement>('#busy')!.click())
  act(() => dom.container.querySelector<HTMLButtonElement>('#busy')!.click())
  expect(dom.container.querySelector('#busy')!.textContent).toBe('Enregistrer')
  expect(counts()).toEqual([1, 1])
})

it('a line typed draws its row only, and every change is kept', () => {
  dom.render(<Editor />)
  typeInto(dom.field('#lignes-0-quantite'), '3')
  expect(counts()).toEqual([2, 1])
  typeInto(dom.field('#lignes-1-prix_unitaire_ht'), '250')
  expect(counts()).toEqual([2, 2])
  expect(current.map((l) => [l.quantite, l.prix_unitaire_ht])).toEqual([
    ['3', '100'],
    ['1', '250'],
    [LIGNES[2].quantite, LIGNES[2].prix_unitaire_ht],
  ])
  expect(dom.container.querySelector('[data-testid="ligne-total-2"]')!.textContent).toContain('550')
})

it('a line removed moves the rows after it, with their new numbers', () => {
  dom.render(<Editor />)
  act(() =>
    dom.container.querySelector<HTMLButtonElement>('[aria-label="Supprimer la ligne 1"]')!.click()
  )
  expect(current.map((l) => l.designation)).toEqual(['Porte', ''])
  expect(dom.container.querySelector('[aria-label="Supprimer la ligne 1"]')).not.toBeNull()
  expect(dom.container.querySelector('[aria-label="Supprimer la ligne 3"]')).toBeNull()
  typeInto(dom.field('#lignes-0-quantite'), '4')
  expect(current[0]).toMatchObject({ designation: 'Porte', quantite: '4' })
})
