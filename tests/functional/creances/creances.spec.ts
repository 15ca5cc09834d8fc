/*
 * Créances (issue 11 §4): per client what its open factures still ask, aged by days late against
 * today in Brussels (factures issued on chosen days through the real services), totals on top,
 * filters, sort, keyset pages, one client's factures, the CSV, rights.
 */
import { AGING_BUCKET_KEYS } from '#shared/creances'
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { esiSociete } from '#tests/functional/bdc/helpers'
import { factureLate, libreDraftFor, pay } from '#tests/functional/creances/helpers'
import { parseCsv } from '#services/csv'
import { CREANCE_CSV_HEADER } from '#services/creances/creance_export'
import type { CreanceClientItem, CreanceFactureItem, CreanceTotals } from '#shared/creances'
import type { ListPage } from '#shared/list_query'
import { ncIssued, pay as recordPay } from '#tests/functional/notes_credit/helpers'
import { comptaFigures } from '#services/creances/compta_figures'
import { todayIso } from '#shared/dates'
import { encodeCursor } from '#services/list/keyset'
import { statementsOf } from '#tests/functional/performance/helpers'
import {
  creanceQuery,
  creanceTotalsStatement,
  parseCreanceListParams,
} from '#services/creances/creance_list'
import db from '@adonisjs/lucid/services/db'

const TTC = 121_00 // one line of 100,00 € HT at 21 %

async function page(client: any, user: any, query = '') {
  const response = await client.get(`/esi/compta/creance${query}`).loginAs(user).withInertia()
  response.assertStatus(200)
  response.assertInertiaComponent('esi/compta/creance/Index')
  return {
    rows: (response.inertiaProps.creances as ListPage<CreanceClientItem>).data,
    list: response.inertiaProps.creances as ListPage<CreanceClientItem>,
    totals: response.inertiaProps.totals as CreanceTotals,
  }
}

test.group('Créances / page', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('each facture in its bucket by days late; paid, drafts and others left out', async ({
    client,
    assert,
  }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const dupont = await ClientFactory.merge({
      nom: 'Dupont',
      prenom: 'Marc',
      civilite: null,
    }).create()
    // Due in 5 days and due today: not late; 30 days: still 0–30; 31, 61, 91: next buckets
    for (const late of [-5, 0, 1, 30, 31, 60, 61, 90, 91]) await factureLate(dupont, late)
    const partly = await factureLate(dupont, 45)
    await pay(partly, 21_00)
    const paid = await factureLate(dupont, 100)
    await pay(paid, TTC)
    await libreDraftFor(dupont)

    const { rows, totals } = await page(client, user)
    assert.lengthOf(rows, 1)
    const row = rows[0]
    assert.equal(row.client_nom, 'Marc Dupont')
    assert.equal(row.nb_factures, 10)
    assert.equal(row.non_echu, 2 * TTC)
    assert.equal(row.j0_30, 2 * TTC)
    assert.equal(row.j31_60, 3 * TTC - 21_00)
    assert.equal(row.j61_90, 2 * TTC)
    assert.equal(row.plus_90, TTC)
    assert.equal(row.du, 10 * TTC - 21_00)
    assert.equal(row.en_retard, 8 * TTC - 21_00)
    assert.equal(row.retard_max, 91)
    assert.equal(totals.du, row.du)
    assert.equal(totals.nb_clients, 1)
    assert.equal(totals.nb_factures, 10)
  })

  test('sorted by amount due, totals on top, filters late only, bucket and search', async ({
    client,
    assert,
  }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const small = await ClientFactory.merge({ nom: 'Petit' }).create()
    const big = await ClientFactory.merge({ nom: 'Grand' }).create()
    const fresh = await ClientFactory.merge({ nom: 'Récent' }).create()
    await factureLate(small, 10)
    await factureLate(big, 70, 500_00)
    await factureLate(big, 5)
    await factureLate(fresh, -10, 300_00)

    const all = await page(client, user)
    assert.deepEqual(
      all.rows.map((r) => r.client_id),
      [big.idClient, fresh.idClient, small.idClient]
    )
    assert.equal(all.totals.du, 605_00 + TTC + 363_00 + TTC)
    assert.equal(all.totals.en_retard, 605_00 + 2 * TTC)
    assert.equal(all.totals.nb_clients, 3)

    const late = await page(client, user, '?filter[retard]=1')
    assert.deepEqual(
      late.rows.map((r) => r.client_id),
      [big.idClient, small.idClient]
    )
    assert.equal(late.totals.du, 605_00 + 2 * TTC)

    const bucket = await page(client, user, '?filter[tranche]=j61_90')
    assert.deepEqual(
      bucket.rows.map((r) => r.client_id),
      [big.idClient]
    )
    const searched = await page(client, user, '?q=recent')
    assert.deepEqual(
      searched.rows.map((r) => r.client_id),
      [fresh.idClient]
    )
    assert.equal(searched.totals.du, 363_00)

    // The totals row's buckets are its rows' (each computed its own way, decision 263)
    for (const view of [all, late, bucket, searched]) {
      // The list's count is the totals row's, exact (decision 663)
      assert.deepEqual(view.list.total, { count: view.rows.length, exact: true })
      assert.equal(view.totals.nb_clients, view.rows.length)
      for (const key of ['en_retard', ...AGING_BUCKET_KEYS] as const) {
        assert.equal(
          view.totals[key],
          view.rows.reduce((sum, r) => sum + r[key], 0),
          key
        )
      }
    }
    assert.equal(all.totals.non_echu, 363_00)
    assert.equal(late.totals.non_echu, 0)

    const byName = await page(client, user, '?sort=client')
    assert.deepEqual(
      byName.rows.map((r) => r.client_id),
      [big.idClient, small.idClient, fresh.idClient]
    )
  })

  test('pages by keyset, with no client twice or missing', async ({ client, assert }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const made = []
    for (let i = 0; i < 12; i++) {
      const c = await ClientFactory.merge({ nom: `Client ${i}` }).create()
      await factureLate(c, i, 100_00 + i * 100)
      made.push(c.idClient)
    }
    const first = await page(client, user, '?per_page=10')
    assert.lengthOf(first.rows, 10)
    assert.isNotNull(first.list.next)
    const second = await page(client, user, `?per_page=10&after=${first.list.next}`)
    assert.lengthOf(second.rows, 2)
    const seen = [...first.rows, ...second.rows].map((r) => r.client_id)
    assert.deepEqual(seen, [...made].reverse())
    assert.equal(first.list.total.count, 12)
  })

  test('a search reads its clients once: the page carries the totals, on every page', async ({
    client,
    assert,
  }) => {
    await esiSociete()
    const user = await makeUser('esi')
    for (let i = 0; i < 11; i++) {
      const c = await ClientFactory.merge({ nom: `Zébulon ${i}` }).create()
      await factureLate(c, 10 * i, 100_00 + i * 100)
    }
    const other = await ClientFactory.merge({ nom: 'Autre' }).create()
    await factureLate(other, 10)

    let first: Awaited<ReturnType<typeof page>> | null = null
    const sent = await statementsOf(async () => {
      first = await page(client, user, '?q=zebulon&per_page=10')
    })
    // Decision 706: one statement for the page and its totals (before: the totals, then the page)
    assert.lengthOf(
      sent.filter((sql) => sql.includes('client_soldes')),
      1,
      sent.join('\n')
    )
    const { rows, list, totals } = first!
    assert.lengthOf(rows, 10)
    assert.deepEqual(list.total, { count: 11, exact: true })
    const second = await page(client, user, `?q=zebulon&per_page=10&after=${list.next}`)
    assert.lengthOf(second.rows, 1)
    assert.deepEqual(second.totals, totals)
    // The totals are the 11 clients' (the other client left out)
    const all = [...rows, ...second.rows]
    assert.equal(totals.nb_clients, 11)
    for (const key of ['du', 'en_retard', ...AGING_BUCKET_KEYS] as const) {
      assert.equal(
        totals[key],
        all.reduce((sum, r) => sum + r[key], 0),
        key
      )
    }
    assert.equal(totals.du, 11 * TTC + 121 * 55)

    // Walked backwards (the page cut in reverse, its names read around it: decision 833), the
    // rows come in the same order: the last page, and back from it the first one
    const ids = (p: typeof rows) => p.map((r) => r.client_id)
    const last = await page(client, user, '?q=zebulon&per_page=10&page=last')
    assert.deepEqual(ids(last.rows), ids(all).slice(1))
    assert.deepEqual(last.totals, totals)
    const back = await page(client, user, `?q=zebulon&per_page=10&before=${second.list.prev}`)
    assert.deepEqual(ids(back.rows), ids(rows))
    for (const sort of ['client', '-retard']) {
      const [asc, desc] = await Promise.all([
        page(client, user, `?q=zebulon&per_page=20&sort=${sort}`),
        page(client, user, `?q=zebulon&per_page=20&sort=${sort}&page=last`),
      ])
      assert.deepEqual(ids(desc.rows), ids(asc.rows), sort)
      assert.lengthOf(asc.rows, 11)
    }

    // Past the last row the page is empty: its totals are read on their own, the same
    const past = encodeCursor([{ key: 'du', desc: true }], ['0', '0'])
    const empty = await page(client, user, `?q=zebulon&per_page=10&after=${past}`)
    assert.lengthOf(empty.rows, 0)
    assert.deepEqual(empty.totals, totals)
    assert.deepEqual(empty.list.total, { count: 11, exact: true })
  })

  test('a page reads each client’s open factures once for its buckets', async ({ assert }) => {
    // Decision 780: one LATERAL aggregate per row, not one sub-query per bucket (six reads of
    // the same factures and six sub-plans to plan)
    const readsOfFactures = (node: any): number =>
      (node['Relation Name'] === 'factures' ? 1 : 0) +
      (node.Plans ?? []).reduce((n: number, child: any) => n + readsOfFactures(child), 0)
    for (const qs of [{}, { sort: 'client' }, { filter: { retard: '1' } }]) {
      const { sql, bindings } = creanceQuery(parseCreanceListParams(qs), todayIso())
        .select('cr.*')
        .limit(26)
        .toSQL()
      const { rows } = await db.rawQuery(`EXPLAIN (FORMAT JSON) ${sql}`, bindings as any[])
      assert.equal(readsOfFactures(rows[0]['QUERY PLAN'][0].Plan), 1, JSON.stringify(qs))
    }
  })

  test('the totals statement of an unfiltered visit is built once a day', async ({ assert }) => {
    // Decision 783: it depends only on the day and « en retard »; a search or a tranche is built
    const of = (qs: Record<string, unknown>, day: string) =>
      creanceTotalsStatement(parseCreanceListParams(qs), day)
    const first = of({}, '2026-03-01')
    assert.strictEqual(of({}, '2026-03-01'), first)
    const late = of({ filter: { retard: '1' } }, '2026-03-01')
    assert.notStrictEqual(late, first)
    assert.strictEqual(of({ filter: { retard: '1' } }, '2026-03-01'), late)
    assert.include(late.bindings, '2026-03-01')
    const next = of({}, '2026-03-02')
    assert.notStrictEqual(next, first)
    assert.include(next.sql, "DATE '2026-03-02'")
    assert.notInclude(next.sql, '2026-03-01')
    assert.notStrictEqual(of({ q: 'dupont' }, '2026-03-02'), of({ q: 'dupont' }, '2026-03-02'))
    const tranche = { filter: { tranche: 'plus_90' } }
    assert.notStrictEqual(of(tranche, '2026-03-02'), of(tranche, '2026-03-02'))
  })

  test('a client’s open factures with their days late and what is left', async ({
    client,
    assert,
  }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const c = await ClientFactory.merge({ nom: 'Lambert' }).create()
    const old = await factureLate(c, 31)
    const due = await factureLate(c, 0)
    await pay(due, 100_00)
    const done = await factureLate(c, 12)
    await pay(done, TTC)
    const response = await client
      .get(`/esi/compta/creance/client/${c.idClient}`)
      .loginAs(user)
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('esi/compta/creance/Client')
    const factures = response.inertiaProps.factures as CreanceFactureItem[]
    assert.deepEqual(
      factures.map((f) => [f.numero, f.jours_retard, f.bucket, f.reste]),
      [
        [old.numero, 31, 'j31_60', TTC],
        [due.numero, 0, 'non_echu', 21_00],
      ]
    )
    const missing = await client.get('/esi/compta/creance/client/999999999').loginAs(user)
    missing.assertStatus(404)
  })

  test('the CSV has the page’s rows; formula-like names come out as text', async ({
    client,
    assert,
  }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const evil = await ClientFactory.merge({
      nom: '=HYPERLINK("http://evil.example","Payer")',
      prenom: null,
      civilite: null,
    }).create()
    const other = await ClientFactory.merge({
      nom: 'Martin',
      prenom: '+SUM(A1:A9)',
      civilite: null,
    }).create()
    await factureLate(evil, 40)
    await factureLate(other, -3, 50_00)
    const response = await client.get('/esi/compta/creance/export').loginAs(user)
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/csv; charset=utf-8/)
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="creances-\d{4}-\d{2}-\d{2}\.csv"$/
    )
    const text = response.text()
    assert.isTrue(text.startsWith('\uFEFF'))
    assert.include(text, `;"'=HYPERLINK(""http://evil.example"",""Payer"")";`)
    assert.include(text, ";'+SUM(A1:A9) Martin;")
    const [header, first, second] = parseCsv(text)
    assert.deepEqual(header.cells, CREANCE_CSV_HEADER)
    assert.equal(first.cells[0], String(evil.idClient))
    // Factures ouvertes, reste, crédit, dû, en retard
    assert.deepEqual(first.cells.slice(3, 8), ['1', '121,00', '0,00', '121,00', '121,00'])
    assert.equal(first.cells[10], '121,00') // 31–60 jours
    assert.equal(second.cells[4], '60,50')
    const late = await client.get('/esi/compta/creance/export?filter[retard]=1').loginAs(user)
    assert.lengthOf(parseCsv(late.text()), 2)
  })

  test('the client’s credit (unallocated payments, a note de crédit on a paid facture) is deducted', async ({
    client,
    assert,
  }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const a = await ClientFactory.merge({ nom: 'Avance' }).create()
    const f1 = await factureLate(a, 10)
    await factureLate(a, 5, 200_00)
    await recordPay(a.idClient, 300_00, [{ factureId: f1.id, montant: TTC }])
    // Only a payment: the company owes it
    const b = await ClientFactory.merge({ nom: 'Bonus' }).create()
    await recordPay(b.idClient, 50_00)
    // Paid then refunded: nothing either way, not listed
    const c = await ClientFactory.merge({ nom: 'Clos' }).create()
    await recordPay(c.idClient, 100_00)
    await recordPay(c.idClient, -100_00)
    // Paid in full, then credited in full: the payment comes back as credit
    const d = await ClientFactory.merge({ nom: 'Dédit' }).create()
    const fd = await factureLate(d, 20)
    await recordPay(d.idClient, TTC, [{ factureId: fd.id, montant: TTC }])
    await ncIssued(fd, { kind: 'total' })

    const all = await page(client, user)
    assert.deepEqual(
      all.rows.map((r) => [r.client_id, r.du, r.credit, r.solde, r.nb_factures]),
      [
        [a.idClient, 242_00, 179_00, 63_00, 1],
        [b.idClient, 0, 50_00, -50_00, 0],
        [d.idClient, 0, TTC, -TTC, 0],
      ]
    )
    assert.equal(all.totals.du, 242_00)
    assert.equal(all.totals.credit, 179_00 + 50_00 + TTC)
    assert.equal(all.totals.solde, 242_00 - 179_00 - 50_00 - TTC)
    assert.equal(all.totals.nb_clients, 3)
    // The buckets still split the factures' reste
    const row = all.rows[0]
    assert.equal(row.j0_30, 242_00)
    const late = await page(client, user, '?filter[retard]=1')
    assert.deepEqual(
      late.rows.map((r) => r.client_id),
      [a.idClient]
    )
    assert.equal(late.totals.solde, 63_00)
    const upward = await page(client, user, '?sort=du')
    assert.equal(upward.rows[0].client_id, d.idClient)
    const byDelay = await page(client, user, '?sort=-retard')
    assert.equal(byDelay.rows[0].client_id, a.idClient)

    // The dashboard's « Dû » is the same solde
    const figures = await comptaFigures(todayIso())
    assert.equal(figures.du, all.totals.solde)

    // The client's page: the same credit under its factures
    const response = await client
      .get(`/esi/compta/creance/client/${a.idClient}`)
      .loginAs(user)
      .withInertia()
    assert.equal(response.inertiaProps.credit, 179_00)
    const onlyCredit = await client
      .get(`/esi/compta/creance/client/${d.idClient}`)
      .loginAs(user)
      .withInertia()
    assert.equal(onlyCredit.inertiaProps.credit, TTC)
    assert.lengthOf(onlyCredit.inertiaProps.factures as unknown[], 0)

    // The CSV: reste, crédit, dû
    const exported = await client.get('/esi/compta/creance/export').loginAs(user)
    const csv = parseCsv(exported.text())
    assert.deepEqual(csv[1].cells.slice(4, 7), ['242,00', '179,00', '63,00'])
    assert.deepEqual(csv[2].cells.slice(4, 7), ['0,00', '50,00', '-50,00'])
    assert.equal(csv[2].cells.at(-1), '')
  })

  test('staff only: a pro, another user and a guest get nothing', async ({ client }) => {
    await esiSociete()
    const c = await ClientFactory.create()
    await factureLate(c, 10)
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      for (const url of [
        '/esi/compta/creance',
        `/esi/compta/creance/client/${c.idClient}`,
        '/esi/compta/creance/export',
      ]) {
        const response = await client.get(url).loginAs(user).redirects(0)
        response.assertStatus(403)
      }
    }
    const guest = await client.get('/esi/compta/creance/export').redirects(0)
    guest.assertStatus(302)
  })
})
