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
import Commande from '#models/commande'
import { makeUser } from '#tests/helpers'
import { commandeAMesurer } from '#tests/functional/mesurage/helpers'
import {
  COMMANDE_LIST_FIELDS,
  COMMANDE_SORT_COLUMNS,
  commandeListItem,
  commandeListItemOfModel,
  commandeListQuery,
  parseCommandeListParams,
} from '#services/commandes/commande_service'

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

test.group('The commandes list from plain rows (decision 770)', (group) => {
  withTransaction(group)

  test('every row is what the model gave, to the byte, in every order', async ({ assert }) => {
    const commercial = await makeUser('esi')
    const chef = await makeUser('esi')
    const a = await commandeAMesurer({ user: commercial, clientNom: 'Arnould' })
    const b = await commandeAMesurer({ clientNom: 'Bertrand' })
    await commandeAMesurer({ clientNom: 'Céline' })
    // A chef de projet, a deadline, no withdrawal end: each column's null and non-null forms
    await Commande.query()
      .where('id', a.commande.id)
      .update({ chef_projet_id: chef.id, prochaine_echeance: '2030-01-02' })
    await Commande.query().where('id', b.commande.id).update({ fin_retractation: null })

    const urls = [
      {},
      { sort: '-date' },
      { sort: 'fin_retractation' },
      { sort: '-total' },
      { page: 'last' },
      { 'filter[statut]': 'en_attente' },
      { 'filter[commercial]': String(commercial.id) },
      { q: 'arnould' },
    ]
    let seen = 0
    for (const qs of urls) {
      const params = parseCommandeListParams(qs)
      const { list } = await listPage(params, {
        query: () => commandeListQuery(params),
        columns: COMMANDE_SORT_COLUMNS,
        table: 'commandes',
        map: commandeListItem,
      })
      // The oracle: the same rows as models, through the former query and mapping
      const models = await Commande.query()
        .select(
          ...COMMANDE_LIST_FIELDS.map((c) => `commandes.${c}`),
          'bdcs.numero as bdc_numero',
          'chef.name as chef_projet_nom',
          'commercial.name as commercial_nom'
        )
        .join('bdcs', 'bdcs.id', 'commandes.bdc_id')
        .leftJoin('users as chef', 'chef.id', 'commandes.chef_projet_id')
        .leftJoin('users as commercial', 'commercial.id', 'bdcs.commercial_id')
        .whereIn(
          'commandes.id',
          list.data.map((row) => row.id)
        )
      const byId = new Map(models.map((m) => [m.id, commandeListItemOfModel(m)]))
      for (const row of list.data) {
        assert.equal(JSON.stringify(row), JSON.stringify(byId.get(row.id)), JSON.stringify(qs))
        seen++
      }
    }
    assert.isAtLeast(seen, 3 * 5)
    const rows = await commandeListQuery(parseCommandeListParams({})).limit(3)
    for (const row of rows) assert.notInstanceOf(row, Commande)
    const [first] = await commandeListQuery(parseCommandeListParams({ q: 'arnould' }))
    const item = commandeListItem(first)
    assert.equal(item.prochaine_echeance, '2030-01-02')
    assert.equal(item.chef_projet, chef.name)
    assert.equal(item.commercial, commercial.name)
    const [bertrandRow] = await commandeListQuery(parseCommandeListParams({ q: 'bertrand' }))
    const bertrand = commandeListItem(bertrandRow)
    assert.isNull(bertrand.fin_retractation)
    assert.isNull(bertrand.commercial)
  })
})
