/*
 * Réalisations (issue 14 §4): how the page splits a phone's selection into requests that fit
 * the server's caps, how the gallery reads its filters from the URL, a HEIC told by its bytes.
 */
import { test } from '@japa/runner'
import {
  ENVOI_MAX_BYTES,
  PHOTOS_PAR_ENVOI,
  filtresQuery,
  lotsEnvoi,
  parseFiltres,
} from '#shared/realisations'
import { PHOTO_MAX_BYTES } from '#shared/commande_etapes'
import { sniffFormat } from '#services/storage/files'

const MO = 1024 * 1024
const files = (...sizes: number[]) => sizes.map((size, i) => ({ name: `p${i}`, size }))

test.group('Réalisations / lots of an upload', () => {
  test('at most 10 photos and 40 Mo a request, in the order chosen', ({ assert }) => {
    const many = lotsEnvoi(files(...Array.from({ length: 23 }, () => MO)))
    assert.deepEqual(
      many.map((lot) => lot.length),
      [PHOTOS_PAR_ENVOI, PHOTOS_PAR_ENVOI, 3]
    )
    const heavy = lotsEnvoi(files(14 * MO, 14 * MO, 14 * MO, 2 * MO))
    assert.deepEqual(
      heavy.map((lot) => lot.map((f) => f.name)),
      [
        ['p0', 'p1'],
        ['p2', 'p3'],
      ]
    )
    for (const lot of heavy) {
      assert.isAtMost(
        lot.reduce((n, f) => n + f.size, 0),
        ENVOI_MAX_BYTES
      )
    }
  })

  test('a photo over its own cap is left out (the page names it)', ({ assert }) => {
    const lots = lotsEnvoi(files(MO, PHOTO_MAX_BYTES + 1, MO))
    assert.deepEqual(
      lots.map((lot) => lot.map((f) => f.name)),
      [['p0', 'p2']]
    )
    assert.deepEqual(lotsEnvoi([]), [])
  })
})

test.group('Réalisations / filters in the URL', () => {
  test('readable values kept, anything else is no filter', ({ assert }) => {
    assert.deepEqual(
      parseFiltres({ famille: ' Châssis ', lieu: 'Namur', du: '2026-02-01', au: '2026-02-29' }),
      { famille: 'Châssis', lieu: 'Namur', du: '2026-02-01', au: null, page: 1 }
    )
    assert.deepEqual(parseFiltres({ du: '2026-13-01', page: '0', famille: ['a'] }), {
      famille: null,
      lieu: null,
      du: null,
      au: null,
      page: 1,
    })
    assert.equal(parseFiltres({ page: '3' }).page, 3)
    assert.equal(parseFiltres({ lieu: 'x'.repeat(81) }).lieu, null)
  })

  test('the query string leaves out empty filters and the first page', ({ assert }) => {
    assert.deepEqual(filtresQuery({ famille: 'Portes', lieu: null, du: '', page: 1 }), {
      famille: 'Portes',
    })
    assert.deepEqual(filtresQuery({ au: '2026-03-01', page: 2 }), { au: '2026-03-01', page: '2' })
  })
})

test.group('Réalisations / HEIC by its first bytes', () => {
  const box = (brand: string) =>
    Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from(`ftyp${brand}`), Buffer.alloc(4)])

  test('a still HEIF brand is heic; AVIF, a video or a bare box is not', ({ assert }) => {
    for (const brand of ['heic', 'heix', 'mif1']) assert.equal(sniffFormat(box(brand)), 'heic')
    for (const brand of ['avif', 'isom', 'qt  ', 'hevc']) assert.isNull(sniffFormat(box(brand)))
  })
})
