import { test } from '@japa/runner'
import Facture from '#models/facture'
import { withTransaction } from '#tests/helpers'
import { acompteDraft, issued, libreDraft } from '#tests/functional/factures/helpers'
import { listPage } from '#services/list/keyset'
import {
  FACTURE_SORT_COLUMNS,
  factureListItem,
  factureListItemOfModel,
  factureListQuery,
  parseFactureListParams,
} from '#services/factures/facture_list'
import { FACTURE_LIST_FIELDS } from '#transformers/sales/facture_transformer'

test.group('The factures list from plain rows (decision 749)', (group) => {
  withTransaction(group)

  test('every row is what the model and its transformer gave, to the byte', async ({ assert }) => {
    const draft = await libreDraft()
    const emise = await issued()
    await acompteDraft()
    assert.isNotNull(draft.id)

    for (const qs of [{}, { sort: 'numero' }, { 'filter[statut]': 'brouillon' }, { q: 'a' }]) {
      const params = parseFactureListParams(qs)
      const { list } = await listPage(params, {
        query: () => factureListQuery(params),
        columns: FACTURE_SORT_COLUMNS,
        table: 'factures',
        map: factureListItem,
      })
      // The oracle: the same rows as models, through the former mapping
      const models = await Facture.query()
        .select(FACTURE_LIST_FIELDS.map((c) => `factures.${c}`))
        .whereIn(
          'id',
          list.data.map((row) => row.id)
        )
      const byId = new Map(models.map((m) => [m.id, factureListItemOfModel(m)]))
      for (const row of list.data) {
        assert.equal(JSON.stringify(row), JSON.stringify(byId.get(row.id)))
      }
      if (!('filter[statut]' in qs) && !('q' in qs)) assert.isAtLeast(list.data.length, 3)
    }
    const all = await listPage(parseFactureListParams({}), {
      query: () => factureListQuery(parseFactureListParams({})),
      columns: FACTURE_SORT_COLUMNS,
      table: 'factures',
      map: factureListItem,
    })
    const issuedRow = all.list.data.find((row) => row.id === emise.id)!
    assert.isString(issuedRow.numero)
    assert.match(issuedRow.date_facture!, /^\d{4}-\d{2}-\d{2}$/)
    // Rows, not models: the query hydrates nothing
    const rows = await factureListQuery(parseFactureListParams({})).limit(3)
    assert.lengthOf(rows, 3)
    for (const row of rows) assert.notInstanceOf(row, Facture)
    assert.notProperty(all.list.data[0], '$attributes')
  })
})
