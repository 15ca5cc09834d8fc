/*
 * The sociétés list on the server (DESIGN.md §5): sorted by allow-listed columns, filtered by
 * type, searched without accents or case, paginated, the whole state in the URL and echoed back
 * as `filters`. Bad values are ignored (never a 500) and SQL typed in `q` or `sort` is inert.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { inertiaVisit, makeSociete } from '#tests/functional/societes/helpers'

async function staffWithSocietes() {
  const esi = await makeUser('esi')
  // Names with accents and cases that a byte-wise sort would misplace
  await makeSociete('pro', { nom: 'Éclat Vitrages', localite: 'Liège', numeroTva: 'BE0811223371' })
  await makeSociete('fournisseur', { nom: 'aluminium Mosan', localite: 'Namur' })
  await makeSociete('client', { nom: 'Zénith Immobilier', localite: 'Wavre' })
  await makeSociete('pro', {
    nom: 'Bâtir Ensemble',
    localite: 'Écaussinnes',
    email: 'info@batir.be',
  })
  return esi
}

const names = (page: any) => page.props.societes.data.map((r: any) => r.nom)

test.group('Sociétés / list: sort, filter, search, pages', (group) => {
  withTransaction(group)

  test('sorted by name without regard to accents or case, both ways', async ({
    client,
    assert,
  }) => {
    const esi = await staffWithSocietes()
    const asc = names(await inertiaVisit(client, esi, '/app/company?per_page=100'))
    const ours = ['aluminium Mosan', 'Bâtir Ensemble', 'Éclat Vitrages', 'Zénith Immobilier']
    assert.deepEqual(
      asc.filter((n: string) => ours.includes(n)),
      ours
    )
    const desc = names(await inertiaVisit(client, esi, '/app/company?per_page=100&sort=-nom'))
    assert.deepEqual(
      desc.filter((n: string) => ours.includes(n)),
      [...ours].reverse()
    )
  })

  test('filter by type, and the state is echoed back', async ({ client, assert }) => {
    const esi = await staffWithSocietes()
    const page = await inertiaVisit(
      client,
      esi,
      '/app/company?filter[type]=fournisseur&sort=-localite&q=mosan'
    )
    assert.deepEqual(names(page), ['aluminium Mosan'])
    assert.deepEqual(page.props.filters, {
      q: 'mosan',
      sort: '-localite',
      filter: { type: 'fournisseur' },
      per_page: 25,
    })
  })

  test('search ignores accents and case, on several words in any order', async ({
    client,
    assert,
  }) => {
    const esi = await staffWithSocietes()
    assert.deepEqual(names(await inertiaVisit(client, esi, '/app/company?q=ECLAT')), [
      'Éclat Vitrages',
    ])
    assert.deepEqual(names(await inertiaVisit(client, esi, '/app/company?q=liege')), [
      'Éclat Vitrages',
    ])
    assert.deepEqual(names(await inertiaVisit(client, esi, '/app/company?q=ensemble%20batir')), [
      'Bâtir Ensemble',
    ])
    assert.deepEqual(names(await inertiaVisit(client, esi, '/app/company?q=ecaussinnes')), [
      'Bâtir Ensemble',
    ])
    // A VAT number typed with dots
    assert.deepEqual(names(await inertiaVisit(client, esi, '/app/company?q=0811.223.371')), [
      'Éclat Vitrages',
    ])
    // LIKE wildcards typed by the user match themselves (a search needs 2 characters)
    assert.deepEqual(names(await inertiaVisit(client, esi, '/app/company?q=%25%25')), [])
    assert.deepEqual(names(await inertiaVisit(client, esi, '/app/company?q=__')), [])
  })

  test('keyset pages: per_page, next, previous, last, a stale cursor', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('other')
    for (let i = 1; i <= 12; i++) {
      const societe = await makeSociete('client', {
        nom: `Résidence ${String(i).padStart(2, '0')}`,
      })
      await societe.related('users').attach({ [user.id]: { role: 'membre' } })
    }
    const first = await inertiaVisit(client, user, '/app/company?per_page=10')
    assert.lengthOf(first.props.societes.data, 10)
    assert.deepEqual(first.props.societes.total, { count: 12, exact: true })
    assert.equal(first.props.societes.per_page, 10)
    assert.isNull(first.props.societes.prev)
    const next = first.props.societes.next
    const second = await inertiaVisit(client, user, `/app/company?per_page=10&after=${next}`)
    assert.deepEqual(names(second), ['Résidence 11', 'Résidence 12'])
    assert.isNull(second.props.societes.next)
    const back = await inertiaVisit(
      client,
      user,
      `/app/company?per_page=10&before=${second.props.societes.prev}`
    )
    assert.deepEqual(names(back), names(first))
    const last = await inertiaVisit(client, user, '/app/company?per_page=10&page=last')
    assert.deepEqual(names(last).slice(-2), ['Résidence 11', 'Résidence 12'])
    // A cursor of another sort: first page and a French warning, never a 500
    const stale = await inertiaVisit(
      client,
      user,
      `/app/company?per_page=10&sort=-nom&after=${next}`
    )
    assert.equal(stale.props.societes.data[0].nom, 'Résidence 12')
    assert.include(stale.props.warnings.join(' '), 'Position dans la liste invalide')
  })

  test('bad sort, filter, page and per_page values are ignored, never a 500', async ({
    client,
    assert,
  }) => {
    const esi = await staffWithSocietes()
    const urls = [
      '/app/company?sort=password',
      '/app/company?sort=-',
      '/app/company?sort=,,,',
      '/app/company?sort[]=nom',
      '/app/company?sort=nom,nom,-nom',
      '/app/company?filter[type]=inconnu',
      '/app/company?filter=pro',
      '/app/company?filter[type][]=pro',
      '/app/company?page=-3&per_page=7',
      '/app/company?page=abc&per_page=1e9',
      '/app/company?q[]=a',
    ]
    for (const url of urls) {
      const page = await inertiaVisit(client, esi, url)
      assert.equal(page.status, 200, url)
      assert.equal(page.component, 'Company/Index', url)
    }
    const ignored = await inertiaVisit(
      client,
      esi,
      '/app/company?sort=password,-type&filter[type]=inconnu&per_page=7'
    )
    assert.equal(ignored.props.filters.sort, '-type')
    assert.deepEqual(ignored.props.filters.filter, {})
    assert.equal(ignored.props.filters.per_page, 25)
  })

  test('SQL typed in q or sort is inert: no 500, no extra rows', async ({ client, assert }) => {
    const user = await makeUser('other')
    const mine = await makeSociete('client', { nom: 'Ma copropriété' })
    await mine.related('users').attach({ [user.id]: { role: 'admin' } })
    await makeSociete('client', { nom: 'Pas la mienne' })
    const payloads = [
      "' OR 1=1 --",
      "'; DROP TABLE societes; --",
      ') OR 1=1 --',
      "%' OR '1'='1",
      'nom; select pg_sleep(1)',
      '\\',
    ]
    for (const payload of payloads) {
      const q = encodeURIComponent(payload)
      const searched = await inertiaVisit(client, user, `/app/company?q=${q}`)
      assert.equal(searched.status, 200, payload)
      // Under 2 characters a search is ignored (the user's own list, nothing more)
      assert.deepEqual(names(searched), payload.length < 2 ? ['Ma copropriété'] : [], payload)
      const sorted = await inertiaVisit(client, user, `/app/company?sort=${q}`)
      assert.equal(sorted.status, 200, payload)
      assert.deepEqual(names(sorted), ['Ma copropriété'], payload)
      assert.equal(sorted.props.filters.sort, 'nom')
    }
  })
})
