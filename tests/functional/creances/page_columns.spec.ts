/*
 * Decision 839: a créances page reads the columns its rows show, not `cr.*` (the search text,
 * the sort name and the first due date served the filters and the sort only, and each row
 * carried them to the app to be dropped).
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { esiSociete } from '#tests/functional/bdc/helpers'
import { SHOWN_ROW_COLUMNS, factureLate } from '#tests/functional/creances/helpers'
import { statementsOf } from '#tests/functional/performance/helpers'
import { listPage } from '#services/list/list_page'
import {
  CREANCE_SORT_COLUMNS,
  creanceClientItem,
  creancePageQuery,
  creanceQuery,
  parseCreanceListParams,
} from '#services/creances/creance_list'
import { AGING_BUCKET_KEYS, type CreanceClientItem } from '#shared/creances'
import type { ListPage } from '#shared/list_query'
import { todayIso } from '#shared/dates'

const QUERIES = [
  {},
  { 'filter[retard]': '1' },
  { sort: 'client' },
  { sort: 'client', page: 'last' },
  { 'filter[tranche]': AGING_BUCKET_KEYS[1] },
]

test.group('Créances / a page reads the columns it shows (decision 839)', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('the rows hold those columns only, and the page is what `cr.*` gave', async ({ assert }) => {
    await esiSociete()
    const pro = await ClientFactory.merge({
      type: 'professionnel',
      societe: 'Châssis Lambert SRL',
      nom: 'Lambert',
      numeroTva: 'BE0477472701',
    }).create()
    const person = await ClientFactory.merge({ nom: 'Dupont', prenom: 'Élise' }).create()
    for (const late of [-3, 10, 45]) await factureLate(pro, late)
    await factureLate(person, 75)
    const today = todayIso()

    for (const qs of QUERIES) {
      const params = parseCreanceListParams(qs)
      const seen: string[][] = []
      const options = {
        columns: CREANCE_SORT_COLUMNS,
        table: 'factures',
        scoped: true,
        prepared: true,
      }
      const now = await listPage(params, {
        ...options,
        query: () => creancePageQuery(params, today),
        map: (row: Record<string, any>) => {
          seen.push(Object.keys(row))
          return creanceClientItem(row)
        },
      })
      // The oracle: every column of the derived table, as the page read before
      const former = await listPage(params, {
        ...options,
        query: () => creanceQuery(params, today).select('cr.*'),
        map: creanceClientItem,
      })
      assert.isNotEmpty(now.list.data, JSON.stringify(qs))
      assert.equal(JSON.stringify(now.list), JSON.stringify(former.list), JSON.stringify(qs))
      for (const keys of seen) assert.sameMembers(keys, SHOWN_ROW_COLUMNS, JSON.stringify(qs))
    }
  })

  test('the page the staff visit sends no `cr.*` and shows every client', async ({
    client,
    assert,
  }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const pro = await ClientFactory.merge({
      type: 'professionnel',
      societe: 'Menuiserie Gérard SA',
      nom: 'Gérard',
      prenom: 'Luc',
    }).create()
    await factureLate(pro, 20)
    for (const qs of ['', '?filter[retard]=1', '?sort=client&page=last']) {
      let rows: CreanceClientItem[] = []
      const sent = await statementsOf(async () => {
        const response = await client.get(`/esi/compta/creance${qs}`).loginAs(user).withInertia()
        response.assertStatus(200)
        rows = (response.inertiaProps.creances as ListPage<CreanceClientItem>).data
      })
      const pages = sent.filter((sql) => /__k0/.test(sql))
      assert.lengthOf(pages, 1, qs)
      assert.notMatch(pages[0], /"cr"\.\*/, qs)
      assert.notMatch(pages[0], /"cr"\."(recherche|tri_nom|premiere_echeance)"/, qs)
      const row = rows.find((r) => r.client_id === pro.idClient)
      assert.exists(row, qs)
      assert.equal(row!.client_nom, 'Menuiserie Gérard SA (Luc Gérard)', qs)
      assert.isAbove(row!.en_retard, 0, qs)
    }
  })
})
