import { describe, expect, it } from 'vitest'
import { listQuery, pageWindow, parseSort, sortDirection, toggleSort } from '@shared/list_params'
import { localCheck } from '~/components/company/CompanyForm'
import { checkLogoFile } from '~/components/company/LogoBlock'
import { EMPTY_SOCIETE } from '~/components/company/types'

describe('list state in the URL', () => {
  it('parses sorts against an allow-list', () => {
    expect(parseSort('-nom,prenom,evil,-nom', ['nom', 'prenom'])).toEqual([
      { key: 'nom', desc: true },
      { key: 'prenom', desc: false },
    ])
    expect(parseSort(42, ['nom'])).toEqual([])
  })

  it('toggles a column: ascending first, then descending', () => {
    expect(toggleSort('nom', 'localite')).toBe('localite')
    expect(toggleSort('localite', 'localite')).toBe('-localite')
    expect(toggleSort('-localite', 'localite')).toBe('localite')
    expect(sortDirection('-nom,prenom', 'nom')).toBe('desc')
    expect(sortDirection('-nom,prenom', 'prenom')).toBeNull()
  })

  it('leaves defaults out of the query string', () => {
    expect(
      listQuery(
        { q: '', sort: 'nom', filter: { type: '' }, page: 1, per_page: 25 },
        { sort: 'nom' }
      )
    ).toEqual({})
    expect(
      listQuery(
        { q: 'dup', sort: '-nom', filter: { type: 'pro' }, page: 2, per_page: 50 },
        { sort: 'nom' }
      )
    ).toEqual({
      q: 'dup',
      sort: '-nom',
      'filter[type]': 'pro',
      page: '2',
      per_page: '50',
    })
  })

  it('shows pages around the current one with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(5, 20)).toEqual([1, null, 3, 4, 5, 6, 7, null, 20])
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4])
  })
})

describe('société form checks (same rules as the server)', () => {
  const values = { ...EMPTY_SOCIETE }
  it('VAT number, IBAN and BIC', () => {
    expect(localCheck('numero_tva', { ...values, numero_tva: 'BE0811.223.371' })).toBeNull()
    expect(localCheck('numero_tva', { ...values, numero_tva: 'BE0811223372' })).toMatch(
      /TVA belge invalide/
    )
    expect(
      localCheck('numero_tva', { ...values, pays: 'FR', numero_tva: 'FR40303265045' })
    ).toBeNull()
    expect(localCheck('iban', { ...values, iban: 'BE68 5390 0754 7034' })).toBeNull()
    expect(localCheck('iban', { ...values, iban: 'BE68 5390 0754 7035' })).toMatch(/IBAN invalide/)
    expect(localCheck('bic', { ...values, bic: 'gkccbebb' })).toBeNull()
    expect(localCheck('code_postal', { ...values, code_postal: '123' })).toMatch(/Code postal/)
    expect(localCheck('nom', values)).toBeNull()
  })

  it('logo files: type and size before upload', () => {
    expect(checkLogoFile(new File(['x'], 'logo.svg'))).toMatch(/pas de SVG/)
    expect(checkLogoFile(new File([new Uint8Array(1024 * 1024 + 1)], 'logo.png'))).toMatch(/1 Mo/)
    expect(checkLogoFile(new File(['x'], 'Logo.PNG'))).toBeNull()
  })
})
