/*
 * The document lines table shared by the devis and offre editors (jsdom): rows by type with
 * their live totals, the add-line buttons, the delete button, a cell's error shown on the cell,
 * the read-only view without controls, the catalogue each editor searches (esi prices or a
 * société's partner prices) and the totals panel with or without the acompte line.
 */
import { act, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import LignesTable, { withKeys } from '~/components/lignes/LignesTable'
import TotalsPanel from '~/components/lignes/TotalsPanel'
import { devisCatalogue, offreCatalogue, type Catalogue } from '~/components/lignes/catalogue'
import { liveTotals } from '~/components/lignes/use_document_totals'
import { http } from '~/lib/http'
import { emptyLigne, type LigneForm } from '@shared/devis'
import { mountRoot, typeInto } from './helpers/react_root'

// Registered before mountRoot(), so it runs after the root's teardown (vitest's stack order)
afterEach(() => vi.restoreAllMocks())
const dom = mountRoot()

const LIGNES: LigneForm[] = withKeys([
  { ...emptyLigne('section'), designation: 'Rez' },
  { ...emptyLigne('produit'), designation: 'Châssis', quantite: '2', prix_unitaire_ht: '1 234,56' },
  { ...emptyLigne('produit'), designation: 'Porte', quantite: '1', prix_unitaire_ht: 'douze' },
  emptyLigne('sous_total'),
])

function render(lignes: LigneForm[], onChange = vi.fn(), readOnly = false) {
  const live = liveTotals({ lignes, remise_globale_pct: '0', acompte_pct: '30' })
  dom.render(
    <LignesTable
      lignes={lignes}
      onChange={onChange}
      lineTotals={live.totals.lignes.map((l) => l.total_ht)}
      errors={live.errors}
      catalogue={devisCatalogue}
      readOnly={readOnly}
    />
  )
  return onChange
}

/** The table as an editor holds it: its lines in state, handed back on every change. */
function Editor({ catalogue, initial }: { catalogue: Catalogue; initial: LigneForm[] }) {
  const [lignes, setLignes] = useState(initial)
  const live = liveTotals({ lignes, remise_globale_pct: '0' })
  return (
    <LignesTable
      lignes={lignes}
      onChange={setLignes}
      lineTotals={live.totals.lignes.map((l) => l.total_ht)}
      errors={live.errors}
      catalogue={catalogue}
    />
  )
}

const text = (selector: string) =>
  dom.container.querySelector(selector)?.textContent?.replace(/\s/g, ' ')

describe('LignesTable', () => {
  it('shows each row with its live total and the error on the bad cell', () => {
    render(LIGNES)
    expect(dom.container.querySelectorAll('tr[data-ligne-type]')).toHaveLength(4)
    expect(dom.container.querySelectorAll('tr[data-ligne-type="produit"]')).toHaveLength(2)
    expect(text('[data-testid="ligne-total-1"]')).toBe('2 469,12 €')
    expect(text('[data-testid="ligne-total-3"]')).toBe('2 469,12 €')
    expect(dom.container.querySelector('#lignes-2-prix_unitaire_ht')?.className).toContain(
      'is-invalid'
    )
    expect(text('#lignes-2-prix_unitaire_ht-error')).toMatch(/Montant invalide/)
    expect(dom.container.querySelectorAll('button[aria-label^="Déplacer la ligne"]')).toHaveLength(
      4
    )
    // Every cell has its label
    for (const f of ['designation', 'quantite', 'unite', 'prix_unitaire_ht', 'remise_pct']) {
      expect(dom.container.querySelector(`label[for="lignes-1-${f}"]`)).not.toBeNull()
    }
  })

  it('adds a line of each type and removes one', () => {
    const onChange = render(LIGNES)
    const add = (label: string) =>
      act(() =>
        [
          ...dom.container.querySelectorAll<HTMLButtonElement>(
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
      dom.container
        .querySelector<HTMLButtonElement>('button[aria-label="Supprimer la ligne 2"]')!
        .click()
    )
    const removed = onChange.mock.calls[2][0] as LigneForm[]
    expect(removed.map((l) => l.designation)).toEqual(['Rez', 'Porte', ''])
  })

  it('read-only: no handle, no add or delete buttons', () => {
    render(LIGNES, vi.fn(), true)
    expect(dom.container.querySelectorAll('button')).toHaveLength(0)
    expect(text('tbody')).toContain('Châssis')
  })

  it('an offre searches its société’s partner prices and a pick fills the line', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({
      produits: [
        {
          id: 7,
          reference: 'CH-1',
          libelle: 'Châssis',
          description: 'PVC blanc',
          unite: 'm2',
          taux_tva: 6,
          prix_catalogue_ht: 10_000,
          prix_partenaire_ht: 8_750,
        },
      ],
    })
    dom.render(
      <Editor
        catalogue={offreCatalogue(12)}
        initial={withKeys([{ ...emptyLigne('produit'), quantite: '2' }])}
      />
    )
    typeInto(dom.field('#lignes-0-designation'), 'chas')
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
    expect(get).toHaveBeenCalledOnce()
    expect(get.mock.calls[0][0]).toBe('/app/offres/produits?q=chas&societe_id=12')
    const option = dom.container.querySelector<HTMLElement>('[role="option"][data-produit-id="7"]')!
    // The partner price, the catalogue one struck through
    expect(text('[data-produit-id="7"]')).toContain('CH-1 · m² · TVA 6 %')
    expect(text('[data-produit-id="7"]')).toContain('87,50 €')
    expect(text('[data-produit-id="7"] .text-decoration-line-through')).toBe('100,00 €')
    act(() => {
      option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }))
    })
    expect(dom.container.querySelector('[role="listbox"]')).toBeNull()
    const value = (f: string) =>
      dom.container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#lignes-0-${f}`)!.value
    expect(value('designation')).toBe('Châssis\nPVC blanc')
    expect(value('prix_unitaire_ht')).toBe('87,50')
    expect(value('unite')).toBe('m2')
    expect(value('taux_tva')).toBe('6')
    expect(value('quantite')).toBe('2')
    expect(text('[data-testid="ligne-total-0"]')).toBe('175,00 €')
  })

  it('a devis searches the esi catalogue at its sale prices', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({
      produits: [
        {
          id: 3,
          reference: 'P-1',
          libelle: 'Porte',
          unite: 'piece',
          prix_vente_ht: 250_000,
          taux_tva: 21,
        },
      ],
    })
    dom.render(<Editor catalogue={devisCatalogue} initial={withKeys([emptyLigne('produit')])} />)
    typeInto(dom.field('#lignes-0-designation'), 'porte d’entrée')
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
    expect(get.mock.calls[0][0]).toBe('/esi/devis/produits?q=porte+d%E2%80%99entr%C3%A9e')
    const option = dom.container.querySelector<HTMLElement>('[role="option"]')!
    expect(option.querySelector('.text-decoration-line-through')).toBeNull()
    act(() => {
      option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }))
    })
    expect(dom.container.querySelector<HTMLTextAreaElement>('#lignes-0-designation')!.value).toBe(
      'Porte'
    )
    expect(text('[data-testid="ligne-total-0"]')).toBe('2 500,00 €')
  })
})

describe('TotalsPanel', () => {
  const { totals } = liveTotals({ lignes: LIGNES, remise_globale_pct: '10', acompte_pct: '30' })

  it('a devis: HT, TVA per rate, TTC and the acompte', () => {
    dom.render(<TotalsPanel totals={totals} label="Totaux du devis" acomptePct="30" />)
    expect(dom.container.querySelector('table')?.getAttribute('aria-label')).toBe('Totaux du devis')
    expect(text('[data-testid="total-ht"]')).toBe('2 222,21 €')
    expect(text('[data-testid="tva-21"]')).toBe('466,66 €')
    expect(text('[data-testid="total-ttc"]')).toBe('2 688,87 €')
    expect(text('[data-testid="acompte"]')).toBe('806,66 €')
    expect(dom.container.textContent).toContain('Remise globale')
  })

  it('an offre: no acompte line', () => {
    dom.render(<TotalsPanel totals={totals} label="Totaux de l’offre" />)
    expect(text('[data-testid="total-ttc"]')).toBe('2 688,87 €')
    expect(dom.container.querySelector('[data-testid="acompte"]')).toBeNull()
  })
})
