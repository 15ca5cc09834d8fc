/*
 * The partner block of a devis made from a pro's offre (decision 187): the origin, that the client
 * pays catalogue prices, and the commission on the total HT the editor shows live.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import PartnerCommission from '~/components/devis/PartnerCommission'
import type { DevisPartenaire } from '@shared/devis_editor'

const nbsp = (text: string) => text.replace(/&nbsp;|\u00a0|\u202f/g, ' ')

const partenaire: DevisPartenaire = {
  societe: 'Menuiserie Dupont',
  commission_pct: '10.00',
  commission_ht: 12_345,
  offre: { id: 7, numero: 'OFF-2026-00012', total_ht: 111_105 },
}

describe('PartnerCommission', () => {
  it('says where the devis comes from and computes the commission on the live total', () => {
    const html = nbsp(
      renderToStaticMarkup(<PartnerCommission partenaire={partenaire} totalHt={200_000} />)
    )
    expect(html).toContain('Devis issu de l’offre')
    expect(html).toContain('OFF-2026-00012')
    expect(html).toContain('de Menuiserie Dupont : prix catalogue appliqués au client')
    expect(html).toContain('l’offre du partenaire totalisait 1 111,05 € HT')
    // The live total (2 000,00 €), not the saved one the server computed
    expect(html).toContain('Commission partenaire (Menuiserie Dupont, 10 %) : 200,00 € HT')
    expect(html).toContain('Information interne')
  })

  it('without a frozen rate, says so instead of inventing one', () => {
    const html = nbsp(
      renderToStaticMarkup(
        <PartnerCommission
          partenaire={{ ...partenaire, commission_pct: null, commission_ht: null, offre: null }}
          totalHt={200_000}
        />
      )
    )
    expect(html).not.toContain('Commission partenaire')
    expect(html).toContain('taux de commission non enregistré')
  })
})
