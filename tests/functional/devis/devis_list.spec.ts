/*
 * The devis list (esi/devis/Index): every sort both ways, keyset pages, each filter, the
 * accent-free search, bad parameters and SQL injection strings (warnings, never a 500), rights,
 * the CSV export, and the plans (each sort and the search go through their index).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type Devis from '#models/devis'
import { makeUser, withTransaction } from '#tests/helpers'
import { fold, listAs, makeDevis } from '#tests/functional/devis/devis_list_helpers'
import { DEVIS_SORT_KEYS, type DevisListItem } from '#shared/devis_list'
import { parseCsv } from '#services/csv'
import { DEVIS_CSV_HEADER } from '#services/devis_list/devis_export'
import {
  DEVIS_SORT_COLUMNS,
  parseDevisListParams,
  withColumns,
} from '#services/devis_list/devis_list'
import { orderedExprs, pageQuery } from '#services/list/keyset'

const ids = (props: any) => props.devis.data.map((d: DevisListItem) => d.id)

/** 12 devis: accents and case in the names, drafts without number, equal values (tiebreaks). */
async function makeKnownDevis() {
  const alice = await makeUser('esi', { name: 'Alice Commerciale' })
  const bob = await makeUser('esi', { name: 'Bob Vendeur' })
  const rows = [
    {
      numero: 'DEV-2026-00001',
      clientNom: 'Dupont',
      objet: 'Châssis cuisine',
      date: '2026-01-05',
      ht: 100_000,
      statut: 'accepte',
      commercial: alice,
      createdAt: '2026-01-05T08:00:00Z',
    },
    {
      numero: 'DEV-2026-00002',
      clientNom: 'dupont',
      objet: 'Porte d’entrée',
      date: '2026-01-05',
      ht: 250_050,
      statut: 'envoye',
      commercial: bob,
      createdAt: '2026-01-05T08:00:00Z',
    },
    {
      numero: null,
      clientNom: 'Éloy',
      objet: 'Volets roulants',
      date: '2026-02-11',
      ht: 52_000,
      statut: 'brouillon',
      commercial: alice,
      createdAt: '2026-02-11T08:00:00Z',
    },
    {
      numero: 'DEV-2026-00003',
      clientNom: 'Lambert',
      objet: 'Coulissant terrasse',
      date: '2026-02-20',
      ht: 820_000,
      statut: 'refuse',
      commercial: null,
      createdAt: '2026-02-20T08:00:00Z',
    },
    {
      numero: 'DEV-2026-00004',
      clientNom: 'Zénith',
      objet: 'Fenêtres bureau',
      date: '2026-03-01',
      ht: 100_000,
      statut: 'expire',
      commercial: bob,
      createdAt: '2026-03-01T08:00:00Z',
    },
    {
      numero: null,
      clientNom: 'Martin',
      objet: 'Moustiquaires',
      date: '2026-03-15',
      ht: 9_900,
      statut: 'brouillon',
      commercial: null,
      createdAt: '2026-03-15T08:00:00Z',
    },
    {
      numero: 'DEV-2026-00005',
      clientNom: 'Aubry',
      objet: 'Châssis étage',
      date: '2026-04-02',
      ht: 410_000,
      statut: 'annule',
      commercial: alice,
      createdAt: '2026-04-02T08:00:00Z',
    },
    {
      numero: 'DEV-2026-00006',
      clientNom: 'Claes',
      objet: 'Porte de garage',
      date: '2026-04-02',
      ht: 330_000,
      statut: 'envoye',
      commercial: alice,
      createdAt: '2026-04-02T09:00:00Z',
    },
    {
      numero: 'DEV-2026-00007',
      clientNom: 'Peeters',
      objet: 'Vitrage acoustique',
      date: '2026-05-20',
      ht: 75_000,
      statut: 'accepte',
      commercial: bob,
      createdAt: '2026-05-20T08:00:00Z',
    },
    {
      numero: 'DEV-2026-00008',
      clientNom: 'Renard',
      objet: 'Porte-fenêtre',
      date: '2026-06-30',
      ht: 150_000,
      statut: 'envoye',
      commercial: null,
      createdAt: '2026-06-30T08:00:00Z',
    },
    {
      numero: null,
      clientNom: 'Simon',
      objet: 'Châssis PVC',
      date: '2026-07-01',
      ht: 100_000,
      statut: 'brouillon',
      commercial: bob,
      createdAt: '2026-07-01T08:00:00Z',
    },
    {
      numero: 'DEV-2026-00009',
      clientNom: 'Willems',
      objet: 'Store banne',
      date: '2026-07-03',
      ht: 64_000,
      statut: 'accepte',
      commercial: alice,
      createdAt: '2026-07-03T08:00:00Z',
    },
  ] as const
  const made: Devis[] = []
  for (const row of rows) {
    made.push(await makeDevis({ ...row, commercial: row.commercial ?? null }))
  }
  return { made, alice, bob }
}

/** The value a sort key orders by, as the database computes it. */
const SORT_VALUE: Record<string, (d: Devis) => string | number> = {
  numero: (d) => d.numero ?? '',
  date_devis: (d) => d.dateDevis.toISODate()!,
  client_nom: (d) => fold(d.clientNom),
  total_ttc: (d) => d.totalTtc,
  statut: (d) => d.statut,
  valable_jusqu_au: (d) => d.valableJusquAu.toISODate()!,
  created_at: (d) => d.createdAt.toMillis(),
}

function expectedIds(made: Devis[], key: string, desc: boolean): number[] {
  const value = SORT_VALUE[key]
  return [...made]
    .sort((a, b) => {
      const [va, vb] = [value(a), value(b)]
      const cmp = va < vb ? -1 : va > vb ? 1 : a.id - b.id
      return desc ? -cmp : cmp
    })
    .map((d) => d.id)
}

test.group('Devis list / sorting', (group) => {
  withTransaction(group)

  test('every sort key, both directions (ties broken by id)', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { made } = await makeKnownDevis()
    for (const key of DEVIS_SORT_KEYS) {
      for (const desc of [false, true]) {
        const sort = `${desc ? '-' : ''}${key}`
        const { response, props } = await listAs(client, user, `?sort=${sort}&per_page=100`)
        response.assertStatus(200)
        response.assertInertiaComponent('esi/devis/Index')
        assert.deepEqual(props.warnings, [], sort)
        assert.deepEqual(ids(props), expectedIds(made, key, desc), sort)
        assert.equal(props.filters.sort, sort)
      }
    }
  })

  test('default -date_devis; the rows carry what the table shows', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { made, alice } = await makeKnownDevis()
    const { props } = await listAs(client, user)
    assert.deepEqual(ids(props), expectedIds(made, 'date_devis', true))
    assert.equal(props.filters.sort, '-date_devis')
    const noms = props.commerciaux.map((c: any) => c.nom)
    assert.includeMembers(noms, ['Alice Commerciale', 'Bob Vendeur'])
    assert.deepEqual(
      noms,
      [...noms].sort((a: string, b: string) => a.localeCompare(b))
    )
    const row: DevisListItem = props.devis.data.find((d: DevisListItem) => d.id === made[0].id)
    assert.deepInclude(row, {
      numero: 'DEV-2026-00001',
      date_devis: '2026-01-05',
      client_nom: 'Dupont',
      objet: 'Châssis cuisine',
      commercial: { id: alice.id, nom: 'Alice Commerciale' },
      total_ht: 100_000,
      total_ttc: 121_000,
      statut: 'accepte',
      valable_jusqu_au: '2026-02-04',
      validite_depassee: false,
    })
    // Sent and past its validity: the « expiré » hint
    const sent = props.devis.data.find((d: DevisListItem) => d.id === made[1].id)
    assert.isTrue(sent.validite_depassee)
    assert.equal(props.devis.total.count, 12)
    assert.isTrue(props.devis.total.exact)
  })

  test('several keys: statut then -total_ttc', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { made } = await makeKnownDevis()
    const { props } = await listAs(client, user, '?sort=statut,-total_ttc&per_page=100')
    const expected = [...made]
      .sort((a, b) =>
        a.statut !== b.statut
          ? a.statut < b.statut
            ? -1
            : 1
          : b.totalTtc - a.totalTtc || b.id - a.id
      )
      .map((d) => d.id)
    assert.deepEqual(ids(props), expected)
  })
})

test.group('Devis list / pages (keyset)', (group) => {
  withTransaction(group)

  test('forward to the end, backward, and the last page at once', async ({ client, assert }) => {
    const user = await makeUser('esi')
    await makeDevis()
    // 23 devis, several on the same date: the tiebreak keeps pages disjoint
    for (let i = 0; i < 22; i++) {
      await makeDevis({ date: `2026-02-${String(1 + Math.floor(i / 3)).padStart(2, '0')}` })
    }
    const rows = await db
      .from('devis')
      .orderBy('date_devis', 'desc')
      .orderBy('id', 'desc')
      .select('id')
    const all = rows.map((r) => r.id)
    assert.lengthOf(all, 23)
    const seen: number[] = []
    const sizes: number[] = []
    let query = '?sort=-date_devis&per_page=10'
    for (let i = 0; i < 5; i++) {
      const { props } = await listAs(client, user, query)
      seen.push(...ids(props))
      sizes.push(props.devis.data.length)
      if (i === 0) assert.isNull(props.devis.prev)
      if (!props.devis.next) break
      query = `?sort=-date_devis&per_page=10&after=${props.devis.next}`
    }
    assert.deepEqual(sizes, [10, 10, 3])
    assert.deepEqual(seen, all)

    const last = await listAs(client, user, '?sort=-date_devis&per_page=10&page=last')
    assert.deepEqual(ids(last.props), all.slice(-10))
    assert.isNull(last.props.devis.next)
    const before = await listAs(
      client,
      user,
      `?sort=-date_devis&per_page=10&before=${last.props.devis.prev}`
    )
    assert.deepEqual(ids(before.props), all.slice(3, 13))
  })

  test('a cursor of another sort or a forged one: first page with a warning', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    for (let i = 0; i < 4; i++) await makeDevis({ ht: 1000 * (i + 1) })
    const first = await listAs(client, user, '?sort=total_ttc&per_page=2')
    const other = await listAs(
      client,
      user,
      `?sort=numero&per_page=2&after=${first.props.devis.next}`
    )
    other.response.assertStatus(200)
    assert.isNull(other.props.devis.prev)
    assert.include(other.props.warnings.join(' '), 'Position dans la liste invalide')
    const forged = Buffer.from(
      JSON.stringify(['total_ttc', "1'; DROP TABLE devis; --", '1'])
    ).toString('base64url')
    const bad = await listAs(client, user, `?sort=total_ttc&per_page=2&after=${forged}`)
    bad.response.assertStatus(200)
    assert.include(bad.props.warnings.join(' '), 'Position dans la liste invalide')
  })
})

test.group('Devis list / filters and search', (group) => {
  withTransaction(group)

  const subset = (props: any) => [...ids(props)].sort((a: number, b: number) => a - b)
  const pick = (made: Devis[], keep: (d: Devis) => boolean) =>
    made
      .filter(keep)
      .map((d) => d.id)
      .sort((a, b) => a - b)

  test('statut: one or a comma list', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { made } = await makeKnownDevis()
    let r = await listAs(client, user, '?filter[statut]=envoye&per_page=100')
    assert.deepEqual(
      subset(r.props),
      pick(made, (d) => d.statut === 'envoye')
    )
    assert.deepEqual(r.props.filters.filter, { statut: 'envoye' })
    r = await listAs(client, user, '?filter[statut]=refuse,accepte&per_page=100')
    assert.deepEqual(
      subset(r.props),
      pick(made, (d) => ['accepte', 'refuse'].includes(d.statut))
    )
    // Canonical order echoed back
    assert.equal(r.props.filters.filter.statut, 'accepte,refuse')
    assert.equal(r.props.devis.total.count, 4)
  })

  test('commercial: a user, or « aucun »', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { made, bob } = await makeKnownDevis()
    let r = await listAs(client, user, `?filter[commercial]=${bob.id}&per_page=100`)
    assert.deepEqual(
      subset(r.props),
      pick(made, (d) => d.commercialId === bob.id)
    )
    r = await listAs(client, user, '?filter[commercial]=aucun&per_page=100')
    assert.deepEqual(
      subset(r.props),
      pick(made, (d) => d.commercialId === null)
    )
  })

  test('période du / au on date_devis, dd/mm/yyyy or yyyy-mm-dd, bounds included', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { made } = await makeKnownDevis()
    const inRange = pick(made, (d) => {
      const day = d.dateDevis.toISODate()!
      return day >= '2026-02-20' && day <= '2026-04-02'
    })
    let r = await listAs(client, user, '?filter[du]=20/02/2026&filter[au]=2026-04-02&per_page=100')
    assert.deepEqual(subset(r.props), inRange)
    assert.deepEqual(r.props.filters.filter, { du: '2026-02-20', au: '2026-04-02' })
    r = await listAs(client, user, '?filter[du]=2026-07-01&per_page=100')
    assert.lengthOf(ids(r.props), 2)
    r = await listAs(client, user, '?filter[du]=2026-05-01&filter[au]=2026-04-01')
    assert.lengthOf(ids(r.props), 0)
    assert.include(r.props.warnings.join(' '), 'date de début est après la date de fin')
  })

  test('montant min / max on the total TVAC, typed in euros', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { made } = await makeKnownDevis()
    // 1 210,00 € = 121 000 cents (HT 1 000,00) included; 3 025,61 € (HT 2 500,50) is above
    const r = await listAs(
      client,
      user,
      `?filter[montant_min]=${encodeURIComponent('1 210,00')}&filter[montant_max]=${encodeURIComponent('3 025,60 €')}&per_page=100`
    )
    assert.deepEqual(
      subset(r.props),
      pick(made, (d) => d.totalTtc >= 121_000 && d.totalTtc <= 302_560)
    )
    assert.deepEqual(r.props.filters.filter, { montant_min: '1210,00', montant_max: '3025,60' })
    assert.deepEqual(r.props.warnings, [])
  })

  test('search: accent- and case-free, on numéro, client and objet, every word', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { made } = await makeKnownDevis()
    const search = async (q: string) => {
      const { props } = await listAs(client, user, `?q=${encodeURIComponent(q)}&per_page=100`)
      return subset(props)
    }
    assert.deepEqual(await search('eloy'), [made[2].id])
    assert.deepEqual(await search('ZENITH'), [made[4].id])
    assert.deepEqual(await search('dev-2026-00003'), [made[3].id])
    assert.deepEqual(
      await search('chassis'),
      pick(made, (d) => fold(d.objet).includes('chassis'))
    )
    assert.deepEqual(await search('chassis dupont'), [made[0].id])
    // LIKE wildcards are literal; one letter is too short to search
    assert.deepEqual(await search('%_'), [])
    assert.lengthOf(await search('z'), 12)
  })

  test('filters combine with the search and a sort', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { made, alice } = await makeKnownDevis()
    const r = await listAs(
      client,
      user,
      `?filter[commercial]=${alice.id}&filter[statut]=accepte,annule,envoye&q=chassis&sort=total_ttc`
    )
    assert.deepEqual(ids(r.props), [made[0].id, made[6].id])
  })
})

const SQLI = [
  "' OR 1=1 --",
  '1; DROP TABLE devis; --',
  "x') UNION SELECT password FROM users --",
  '${7*7}',
  '\u0000',
]

test.group('Devis list / bad input', (group) => {
  withTransaction(group)

  test('bad sort, filters, page and per_page: ignored with French warnings', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await makeKnownDevis()
    const { response, props } = await listAs(
      client,
      user,
      '?sort=password,-total_ttc&filter[statut]=gagne&filter[commercial]=abc&filter[du]=31/02/2026&filter[au]=hier&filter[montant_min]=beaucoup&filter[montant_max]=-5&filter[couleur]=rouge&per_page=7&page=3'
    )
    response.assertStatus(200)
    assert.equal(props.filters.sort, '-total_ttc')
    assert.deepEqual(props.filters.filter, {})
    assert.equal(props.filters.per_page, 25)
    const text = props.warnings.join('\n')
    for (const expected of [
      'Tri ignoré : « password »',
      'Filtre « Statut » : valeur « gagne » ignorée',
      'Filtre « Commercial » : valeur « abc » ignorée',
      'Filtre « Du » : valeur « 31/02/2026 » ignorée',
      'Filtre « Au » : valeur « hier » ignorée',
      'Filtre « Montant min. » : valeur « beaucoup » ignorée',
      'Filtre « Montant max. » : valeur « -5 » ignorée',
      'Filtre inconnu ignoré : « couleur »',
      'Lignes par page « 7 » ignoré',
      'Page « 3 » ignorée',
    ]) {
      assert.include(text, expected)
    }
    assert.lengthOf(ids(props), 12)
  })

  test('SQL injection strings everywhere: 200, warnings, no extra rows, table intact', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await makeKnownDevis()
    for (const s of SQLI) {
      const e = encodeURIComponent(s)
      for (const query of [
        `?sort=${e}`,
        `?filter[statut]=${e}`,
        `?filter[commercial]=${e}`,
        `?filter[du]=${e}`,
        `?filter[montant_min]=${e}`,
        `?filter[${e}]=1`,
        `?q=${e}`,
        `?after=${e}`,
        `?filter=${e}`,
      ]) {
        const { response, props } = await listAs(client, user, query)
        assert.equal(response.status(), 200, query)
        assert.isAtMost(props.devis.data.length, 12, query)
      }
      const exported = await client.get(`/esi/devis/export?q=${e}&sort=${e}`).loginAs(user)
      assert.equal(exported.status(), 200)
    }
    const [{ n }] = await db.from('devis').count('* as n')
    assert.equal(Number(n), 12)
  })
})

test.group('Devis list / rights', (group) => {
  withTransaction(group)

  for (const role of ['pro', 'other'] as const) {
    test(`${role}: 403 on the list, the export and the stats`, async ({ client, assert }) => {
      const user = await makeUser(role)
      await makeDevis()
      for (const url of ['/esi/devis', '/esi/devis/export', '/esi/devis/stats']) {
        const response = await client.get(url).loginAs(user).withInertia().redirects(0)
        assert.equal(response.status(), 403, url)
      }
    })
  }

  test('a guest is sent to the login page', async ({ client, assert }) => {
    const response = await client.get('/esi/devis').redirects(0)
    assert.equal(response.status(), 302)
    assert.match(response.header('location') ?? '', /\/login/)
  })
})

test.group('Devis list / CSV export', (group) => {
  withTransaction(group)

  test('filtered and sorted as the list, French header, amounts with a comma', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { made } = await makeKnownDevis()
    const response = await client
      .get('/esi/devis/export?filter[statut]=accepte&sort=-total_ttc')
      .loginAs(user)
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/csv; charset=utf-8/)
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="devis-\d{4}-\d{2}-\d{2}\.csv"$/
    )
    const text = response.text() as string
    assert.isTrue(text.startsWith('\uFEFF'))
    const [header, ...rows] = parseCsv(text)
    assert.deepEqual(header.cells, DEVIS_CSV_HEADER)
    const accepted = made
      .filter((d) => d.statut === 'accepte')
      .sort((a, b) => b.totalTtc - a.totalTtc)
    assert.deepEqual(
      rows.map((r) => r.cells[0]),
      accepted.map((d) => d.numero)
    )
    const first = rows[0].cells
    assert.equal(first[2], '05/01/2026')
    assert.equal(first[5], 'Dupont')
    assert.equal(first[8], 'Alice Commerciale')
    assert.equal(first[9], '1000,00')
    assert.equal(first[11], '1210,00')
    assert.equal(first[13], 'Accepté')
  })

  test('formula-like cells are neutralised, quotes escaped, drafts say « Brouillon »', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await makeDevis({ clientNom: '=HYPERLINK("http://evil.example","x")', objet: '+cmd|/C calc' })
    const response = await client.get('/esi/devis/export').loginAs(user)
    const text = response.text() as string
    const raw = text.split('\r\n')[1]
    assert.include(raw, `"'=HYPERLINK(""http://evil.example"",""x"")"`)
    assert.include(raw, ";'+cmd|/C calc;")
    assert.isTrue(raw.startsWith('Brouillon;'))
  })
})

test.group('Devis list / indexes', (group) => {
  withTransaction(group)

  async function plan(sql: string): Promise<string> {
    const result = await db.rawQuery(`EXPLAIN ${sql}`)
    return result.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')
  }

  test('every sort key, both directions, first / keyset / last page: an index, no Sort', async ({
    assert,
  }) => {
    for (let i = 0; i < 3; i++) await makeDevis()
    await db.rawQuery('ANALYZE devis')
    await db.rawQuery('SET LOCAL enable_seqscan = off')
    await db.rawQuery('SET LOCAL enable_bitmapscan = off')
    await db.rawQuery('SET LOCAL enable_sort = off')
    for (const key of DEVIS_SORT_KEYS) {
      for (const desc of [false, true]) {
        const sort = [{ key, desc }]
        const exprs = orderedExprs(sort, DEVIS_SORT_COLUMNS)
        const values = exprs.map((e) =>
          e.cast === 'timestamptz'
            ? '2026-01-01 00:00:00+00'
            : e.cast === 'date'
              ? '2026-01-01'
              : e.cast === 'text'
                ? 'm'
                : '1'
        )
        const build = withColumns(parseDevisListParams({ sort: `${desc ? '-' : ''}${key}` }))
        for (const [after, reversed] of [
          [null, false],
          [true, false],
          [false, true],
          [null, true],
        ] as const) {
          const sql = pageQuery({ build, exprs, values, after, reversed, limit: 26 }).toQuery()
          const text = await plan(sql)
          const label = `${desc ? '-' : ''}${key} after=${after} reversed=${reversed}`
          assert.notMatch(text, /\bSort\b/, `${label}\n${text}`)
          assert.match(text, /Index (Only )?Scan.*on devis/, `${label}\n${text}`)
        }
      }
    }
  })

  test('the search goes through the trigram index', async ({ assert }) => {
    await makeDevis()
    await db.rawQuery('SET LOCAL enable_seqscan = off')
    await db.rawQuery('SET LOCAL enable_indexscan = off')
    const params = parseDevisListParams({ q: 'dupont chassis', sort: '-date_devis' })
    const text = await plan(withColumns(params)().toQuery())
    assert.match(text, /devis_recherche_trgm/, text)
  })
})
