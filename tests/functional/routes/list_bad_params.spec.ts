/*
 * Every list page reads its URL with the one list helper (issue 9): whatever the query string
 * holds, the page answers 200 with the page shape of the keyset lists, and what it ignored is
 * said in French in `warnings` (a bookmarked or hand-edited URL never breaks).
 */
import { test } from '@japa/runner'
import { makePersona, withTransaction } from '#tests/helpers'

const LISTS: [path: string, component: string, prop: string][] = [
  ['/app/company', 'Company/Index', 'societes'],
  ['/app/contacts', 'Contacts/Index', 'contacts'],
  ['/app/offres', 'offres/Index', 'offres'],
  ['/esi/bdc', 'esi/bdc/Index', 'bdcs'],
  ['/esi/commandes', 'esi/commande/Index', 'commandes'],
  ['/esi/customers', 'esi/customer/Index', 'clients'],
  ['/esi/produits', 'esi/produits/Index', 'produits'],
  ['/esi/devis', 'esi/devis/Index', 'devis'],
  ['/esi/compta/facture', 'esi/compta/facture/Index', 'factures'],
  ['/esi/compta/creance', 'esi/compta/creance/Index', 'creances'],
]

const BAD_QUERIES = [
  'sort=evil;drop,-also_evil&filter[nope]=1&per_page=7&page=3',
  'after=not-a-cursor!!',
  'before=eyJhIjoxfQ',
  'filter=plain&q[]=a&q[]=b',
  'sort[]=x&per_page=1e9&filter[statut][]=a',
  `q=${encodeURIComponent("' OR 1=1 --")}&after=${'A'.repeat(5000)}`,
]

test.group('Lists / bad parameters are ignored with a French warning', (group) => {
  withTransaction(group)

  for (const [path, component, prop] of LISTS) {
    test(`${path}`, async ({ client, assert }) => {
      const user = (await makePersona('esi'))!
      for (const query of BAD_QUERIES) {
        const response = await client.get(`${path}?${query}`).withInertia().loginAs(user)
        assert.equal(response.status(), 200, query)
        const page = response.body()
        assert.equal(page.component, component, query)
        const list = page.props[prop]
        assert.isArray(list.data, query)
        assert.includeMembers(Object.keys(list), ['next', 'prev', 'total', 'per_page'])
        assert.equal(list.per_page, 25, query)
        assert.isAbove(page.props.warnings.length, 0, query)
        for (const warning of page.props.warnings) assert.match(warning, /[ée]|ignor/i)
        assert.notInclude(page.props.filters.sort, 'evil')
      }
    })
  }
})
