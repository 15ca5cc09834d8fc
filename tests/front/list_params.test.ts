import { describe, expect, it } from 'vitest'
import { listQueryString, parseSort, sortDirection, toggleSort } from '@shared/list_query'
import { localCheck } from '~/components/company/CompanyForm'
import { checkLogoFile } from '~/components/company/LogoBlock'
import { EMPTY_SOCIETE } from '~/components/company/types'

describe('list state in the URL (the one list helper)', () => {
  it('parses sorts against an allow-list, reporting what it ignored', () => {
    expect(parseSort('-nom,prenom,evil,-nom', ['nom', 'prenom'], [])).toEqual({
      sort: [
        { key: 'nom', desc: true },
        { key: 'prenom', desc: false },
      ],
      ignored: ['evil', '-nom'],
    })
    expect(parseSort(42, ['nom'], [{ key: 'nom', desc: false }]).sort).toEqual([
      { key: 'nom', desc: false },
    ])
  })

  it('toggles a column: ascending first, then descending; shift adds a key', () => {
    const nom = [{ key: 'nom', desc: false }]
    expect(toggleSort(nom, 'localite')).toEqual([{ key: 'localite', desc: false }])
    expect(toggleSort([{ key: 'localite', desc: false }], 'localite')).toEqual([
      { key: 'localite', desc: true },
    ])
    expect(toggleSort(nom, 'localite', true)).toEqual([...nom, { key: 'localite', desc: false }])
    expect(sortDirection([{ key: 'nom', desc: true }], 'nom')).toBe('descending')
    expect(sortDirection(nom, 'prenom')).toBe('none')
  })

  it('leaves defaults out of the query string; keyset positions are cursors', () => {
    expect(listQueryString({ q: '', sort: '', filter: { type: '' }, per_page: 25 })).toBe('')
    expect(
      listQueryString(
        { q: 'dup', sort: '-nom,prenom', filter: { type: 'pro' }, per_page: 50 },
        { kind: 'after', cursor: 'abc' }
      )
    ).toBe('?sort=-nom,prenom&filter[type]=pro&q=dup&per_page=50&after=abc')
    expect(
      listQueryString({ q: '', sort: 'nom', filter: {}, per_page: 25 }, { kind: 'last' })
    ).toBe('?sort=nom&page=last')
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
