import { test } from '@japa/runner'
import {
  listQueryString,
  parseSort,
  searchWords,
  sortToString,
  toggleSort,
} from '#shared/list_query'
import { parseListParams } from '#services/list/list_params'
import { CLIENT_LIST_SPEC } from '#services/clients/client_list'
import { decodeCursor, encodeCursor, orderedExprs } from '#services/list/keyset'
import { CLIENT_SORT_COLUMNS } from '#services/clients/client_list'

const ALLOWED = ['id_client', 'nom', 'prenom', 'type']
const FALLBACK = [{ key: 'id_client', desc: true }]

test.group('List state / sort', () => {
  test('keys in order, minus = descending, unknown keys ignored', ({ assert }) => {
    assert.deepEqual(parseSort('-id_client', ALLOWED, FALLBACK), {
      sort: [{ key: 'id_client', desc: true }],
      ignored: [],
    })
    assert.deepEqual(parseSort('nom,-prenom', ALLOWED, FALLBACK).sort, [
      { key: 'nom', desc: false },
      { key: 'prenom', desc: true },
    ])
    const bad = parseSort('nom,password,-nom, ,id_client;drop table clients', ALLOWED, FALLBACK)
    assert.deepEqual(bad.sort, [{ key: 'nom', desc: false }])
    assert.deepEqual(bad.ignored, ['password', '-nom', 'id_client;drop table clients'])
  })

  test('nothing usable falls back to the default sort', ({ assert }) => {
    assert.deepEqual(parseSort('', ALLOWED, FALLBACK).sort, FALLBACK)
    assert.deepEqual(parseSort('zzz', ALLOWED, FALLBACK).sort, FALLBACK)
    // The query-string parser gives ["nom", "-type"] for "nom,-type"
    assert.deepEqual(parseSort(['nom', '-type'], ALLOWED, FALLBACK).sort, [
      { key: 'nom', desc: false },
      { key: 'type', desc: true },
    ])
    assert.deepEqual(parseSort({ a: 1 }, ALLOWED, FALLBACK).ignored, ['(valeur non textuelle)'])
    assert.lengthOf(parseSort('nom,prenom,type,id_client', ALLOWED, FALLBACK).sort, 3)
  })

  test('clicking a header flips or replaces; shift-click adds', ({ assert }) => {
    const sort = [{ key: 'nom', desc: false }]
    assert.equal(sortToString(toggleSort(sort, 'nom')), '-nom')
    assert.equal(sortToString(toggleSort(sort, 'type')), 'type')
    assert.equal(sortToString(toggleSort(sort, 'type', true)), 'nom,type')
    assert.equal(
      sortToString(toggleSort([...sort, { key: 'type', desc: false }], 'type', true)),
      'nom,-type'
    )
  })

  test('search words: trimmed, at least two characters', ({ assert }) => {
    assert.deepEqual(searchWords(' jean  DUPONT '), ['jean', 'DUPONT'])
    assert.deepEqual(searchWords('a'), [])
    assert.deepEqual(searchWords('a bc'), ['bc'])
    assert.lengthOf(searchWords('aa bb cc dd ee ff gg'), 5)
  })

  test('query strings are stable', ({ assert }) => {
    const filters = {
      sort: '-id_client',
      q: ' dupont ',
      filter: { type: 'particulier', apporteur: '' },
      per_page: 25,
    }
    assert.equal(listQueryString(filters), '?sort=-id_client&filter[type]=particulier&q=dupont')
    assert.equal(
      listQueryString({ ...filters, per_page: 50 }, { kind: 'last' }),
      '?sort=-id_client&filter[type]=particulier&q=dupont&per_page=50&page=last'
    )
  })
})

test.group('List state / query string parsing', () => {
  test('filters are checked one by one, with French warnings', ({ assert }) => {
    const params = parseListParams(
      {
        sort: 'nom,hack',
        filter: { type: 'professionnel', apporteur: '1 OR 1=1', inconnu: 'x' },
        q: '  Géraldine ',
        per_page: '1000',
        page: '3',
      },
      CLIENT_LIST_SPEC
    )
    assert.deepEqual(params.filter, { type: 'professionnel' })
    assert.equal(params.q, 'Géraldine')
    assert.equal(params.perPage, 25)
    assert.deepEqual(params.position, { kind: 'first' })
    assert.deepEqual(params.warnings, [
      'Tri ignoré : « hack » n’est pas une colonne triable.',
      'Filtre « Apporteur » : valeur « 1 OR 1=1 » ignorée.',
      'Filtre inconnu ignoré : « inconnu ».',
      'Lignes par page « 1000 » ignoré : 10, 25, 50 ou 100.',
      'Page « 3 » ignorée : utilisez les boutons de navigation.',
    ])
  })

  test('odd shapes never throw', ({ assert }) => {
    for (const qs of [
      { filter: 'x' },
      { filter: ['a'] },
      { filter: { type: ['a', 'b'] } },
      { q: ['a'] },
      { after: ['x'] },
      { page: 'last', per_page: '50' },
      { filter: { __proto__: 'x', constructor: 'y' } },
    ]) {
      const params = parseListParams(qs as Record<string, unknown>, CLIENT_LIST_SPEC)
      assert.isArray(params.warnings)
    }
    assert.deepEqual(parseListParams({ page: 'last' }, CLIENT_LIST_SPEC).position, { kind: 'last' })
  })
})

test.group('List state / keyset cursors', () => {
  const sort = [{ key: 'nom', desc: false }]
  const exprs = orderedExprs(sort, CLIENT_SORT_COLUMNS)

  test('a sort by name walks nom, prénom then id_client', ({ assert }) => {
    assert.deepEqual(
      exprs.map((e) => [e.cast, e.desc]),
      [
        ['text', false],
        ['text', false],
        ['bigint', false],
      ]
    )
    // One-key descending: the tiebreak follows (one index, walked backwards)
    assert.isTrue(
      orderedExprs([{ key: 'id_client', desc: true }], CLIENT_SORT_COLUMNS).every((e) => e.desc)
    )
  })

  test('a cursor decodes only for its own sort and with well-typed values', ({ assert }) => {
    const cursor = encodeCursor(sort, ['dupont', 'jean', '42'])
    assert.deepEqual(decodeCursor(cursor, sort, exprs), ['dupont', 'jean', '42'])
    assert.isNull(decodeCursor(cursor, [{ key: 'nom', desc: true }], exprs))
    assert.isNull(decodeCursor(encodeCursor(sort, ['dupont', 'jean', '42 OR 1=1']), sort, exprs))
    assert.isNull(decodeCursor(encodeCursor(sort, ['dupont', 'jean']), sort, exprs))
    assert.isNull(decodeCursor('not base64!', sort, exprs))
    assert.isNull(decodeCursor(Buffer.from('{"a":1}').toString('base64url'), sort, exprs))
    const dated = [{ key: 'created_at', desc: true }]
    const datedExprs = orderedExprs(dated, CLIENT_SORT_COLUMNS)
    assert.isNotNull(
      decodeCursor(encodeCursor(dated, ['2026-05-01 10:00:00.123456+00', '7']), dated, datedExprs)
    )
    assert.isNull(decodeCursor(encodeCursor(dated, ['yesterday', '7']), dated, datedExprs))
  })
})
