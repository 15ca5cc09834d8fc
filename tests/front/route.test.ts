import { describe, expect, it } from 'vitest'
import { route } from '~/lib/route'

describe('route(): URLs from route names', () => {
  it('fills the parameters and encodes them', () => {
    expect(route('esi.devis.edit', { id: 42 })).toBe('/esi/devis/42/edit')
    expect(route('app.company.users.edit', { id: 'a b' } as any)).toMatch(/a%20b/)
  })
  it('adds the query string, leaving out empty values', () => {
    expect(
      route('esi.devis.index', {}, { sort: '-date_devis', q: '', 'filter[statut]': 'envoye' })
    ).toBe('/esi/devis?sort=-date_devis&filter%5Bstatut%5D=envoye')
    expect(route('esi.devis.index')).toBe('/esi/devis')
  })
  it('refuses a missing parameter instead of building a broken URL', () => {
    expect(() => (route as any)('esi.devis.edit', {})).toThrow(/id/)
  })
})
