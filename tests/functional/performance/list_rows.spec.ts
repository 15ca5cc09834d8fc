import { test } from '@japa/runner'
import Facture from '#models/facture'
import { withTransaction } from '#tests/helpers'
import { acompteDraft, issued, libreDraft } from '#tests/functional/factures/helpers'
import { listPage } from '#services/list/list_page'
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
  commandeCountQuery,
  commandeCountedPage,
  commandeListItem,
  commandeListItemOfModel,
  commandeListQuery,
  parseCommandeListParams,
} from '#services/commandes/commande_service'
import type { ListParams } from '#services/list/list_params'
import { statementsOf } from '#tests/functional/performance/helpers'
import db from '@adonisjs/lucid/services/db'
import Client from '#models/client'
import { keysetPage } from '#services/list/keyset'
import type { ListPosition } from '#shared/list_query'
import { CLIENT_SORT_COLUMNS } from '#services/clients/client_list'

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

test.group('A commandes search counted in its page (decision 771)', (group) => {
  withTransaction(group)

  test('the same list as the page and its count apart, in one statement', async ({ assert }) => {
    const commercial = await makeUser('esi')
    const made = []
    for (const nom of ['Durand', 'Durand', 'Durandal', 'Durand', 'Martin']) {
      made.push(
        await commandeAMesurer({ user: nom === 'Durandal' ? commercial : null, clientNom: nom })
      )
    }
    await Commande.query()
      .where('id', made[1].commande.id)
      .update({ prochaine_echeance: '2030-01-02', fin_retractation: null })
    await Commande.query()
      .where('id', made[3].commande.id)
      .update({ prochaine_echeance: '2029-05-06' })

    const options = (params: ListParams) => ({
      query: () => commandeListQuery(params),
      count: () => commandeCountQuery(params),
      columns: COMMANDE_SORT_COLUMNS,
      table: 'commandes',
      map: commandeListItem,
    })
    const counted = (params: ListParams) =>
      listPage(params, { ...options(params), counted: () => commandeCountedPage(params) })
    // Two rows a page, to walk the cursors both ways
    const paramsOf = (qs: Record<string, string>) => ({
      ...parseCommandeListParams(qs),
      perPage: 2,
    })
    const urls: Record<string, string>[] = [
      { q: 'durand' },
      { q: 'durand', sort: '-date' },
      { q: 'durand', sort: 'client' },
      { q: 'durand', sort: 'fin_retractation' },
      { q: 'durand', sort: '-numero' },
      { q: 'durand', sort: 'total' },
      { q: 'durand', page: 'last' },
      { q: 'durand', after: 'garbage' },
      { q: 'durand', 'filter[commercial]': String(commercial.id) },
      { q: 'durand', 'filter[statut]': 'terminee' },
      { q: 'personne' },
    ]
    let walked = 0
    while (urls.length) {
      const qs = urls.shift()!
      // The oracle: the page and its count apart (the former listPage)
      const former = await listPage(paramsOf(qs), options(paramsOf(qs)))
      let result: Awaited<ReturnType<typeof counted>> | undefined
      const sent = await statementsOf(async () => {
        result = await counted(paramsOf(qs))
      })
      assert.equal(JSON.stringify(result), JSON.stringify(former), JSON.stringify(qs))
      // A page with rows carries its count: its statements are pages (two when a page
      // before the first comes back short), none is a count of its own
      if (former.list.data.length) {
        const pages = sent.filter((sql) => !/pg_class/.test(sql))
        assert.isNotEmpty(pages)
        for (const sql of pages) assert.match(sql, /__total/, JSON.stringify(qs))
        if (!qs.before) assert.lengthOf(pages, 1, JSON.stringify(qs))
      }
      // Every page the cursors lead to, both ways, and past the last row (an empty page)
      if (!qs.after && !qs.before && walked < 12) {
        const { next, prev, data } = former.list
        if (next) urls.push({ ...qs, page: '', after: next })
        if (prev) urls.push({ ...qs, page: '', before: prev })
        if (!next && data.length && !qs['filter[commercial]']) {
          const last = await listPage(
            paramsOf({ ...qs, page: 'last' }),
            options(paramsOf({ ...qs, page: 'last' }))
          )
          assert.deepEqual(last.list.data, data)
        }
      }
      if (qs.after && qs.after !== 'garbage') walked++
    }
    assert.isAtLeast(walked, 2)
    const all = await counted(paramsOf({ q: 'durand' }))
    assert.deepEqual(all.list.total, { count: 4, exact: true })
    assert.notProperty(all.list.data[0], '__total')
  })
})

test.group('A page’s rows carry no sort values (decision 836)', (group) => {
  withTransaction(group)

  test('plain rows: the selected columns only, in their order, on every kind of page', async ({
    assert,
  }) => {
    const columns = ['id_client', 'nom', 'prenom']
    for (let i = 0; i < 5; i++) {
      await Client.create({
        type: 'particulier',
        nom: `Tri${i}`,
        prenom: 'Ève',
        facturationPays: 'BE',
      })
    }
    const sort = [{ key: 'nom', desc: false }]
    const page = (position: ListPosition) =>
      keysetPage<Record<string, unknown>>({
        build: () =>
          db
            .from('clients as c')
            .where('c.nom', 'like', 'Tri%')
            .select(columns.map((c) => `c.${c}`)),
        sort,
        columns: CLIENT_SORT_COLUMNS,
        position,
        perPage: 2,
      })
    const first = await page({ kind: 'first' })
    const next = await page({ kind: 'after', cursor: first.next! })
    const back = await page({ kind: 'before', cursor: next.prev! })
    const last = await page({ kind: 'last' })
    for (const { rows } of [first, next, back, last]) {
      assert.lengthOf(rows, 2)
      for (const row of rows) assert.deepEqual(Object.keys(row), columns)
    }
    assert.deepEqual(
      [...first.rows, ...next.rows].map((row) => row.nom),
      ['Tri0', 'Tri1', 'Tri2', 'Tri3']
    )
    assert.deepEqual(back.rows, first.rows)
  })
})
