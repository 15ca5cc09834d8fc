/*
 * Devis statistics (/esi/devis/stats) on a known dataset: counts and amounts by statut, month
 * buckets in Brussels time (an instant near midnight UTC lands in the next month), conversion
 * and acceptance rates, mean delay, per commercial, the commercial filter, the period checks.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { makeDevis, statsAs } from '#tests/functional/devis/devis_list_helpers'
import { parseDateInput, statsPresets, type DevisStats } from '#shared/devis_list'

const PERIOD = '?du=2026-01-01&au=2026-06-30'

async function statsOf(client: any, user: any, query: string): Promise<DevisStats> {
  const { props } = await statsAs(client, user, query)
  return props.stats
}

async function makeKnownDataset() {
  const alice = await makeUser('esi', { name: 'Alice Commerciale' })
  const bob = await makeUser('esi', { name: 'Bob Vendeur' })
  // 1. sent 12/01, accepted 22/01: 10 days
  await makeDevis({
    date: '2026-01-10',
    statut: 'accepte',
    ht: 100_000,
    commercial: alice,
    envoyeLe: '2026-01-12T10:00:00Z',
    accepteLe: '2026-01-22T10:00:00Z',
  })
  // 2. refused
  await makeDevis({
    date: '2026-01-20',
    statut: 'refuse',
    ht: 200_000,
    commercial: alice,
    envoyeLe: '2026-01-21T10:00:00Z',
  })
  // 3. 4.5 days
  await makeDevis({
    date: '2026-02-05',
    statut: 'accepte',
    ht: 300_000,
    commercial: bob,
    envoyeLe: '2026-02-05T09:00:00Z',
    accepteLe: '2026-02-09T21:00:00Z',
  })
  // 4. sent 28/02 23:30 UTC = 1st March 00:30 in Brussels: a March sending
  await makeDevis({
    date: '2026-02-28',
    statut: 'expire',
    ht: 50_000,
    commercial: bob,
    envoyeLe: '2026-02-28T23:30:00Z',
  })
  // 5. still sent
  await makeDevis({
    date: '2026-03-15',
    statut: 'envoye',
    ht: 80_000,
    commercial: alice,
    envoyeLe: '2026-03-16T08:00:00Z',
  })
  // 6. a draft without commercial
  await makeDevis({ date: '2026-03-31', statut: 'brouillon', ht: 40_000 })
  // 7. sent then cancelled
  await makeDevis({
    date: '2026-04-01',
    statut: 'annule',
    ht: 60_000,
    commercial: alice,
    envoyeLe: '2026-04-02T08:00:00Z',
  })
  // 8. sent 31/05 23:30 Brussels, accepted 01/07 00:30 Brussels (after the period): 30 d 1 h
  await makeDevis({
    date: '2026-05-31',
    statut: 'accepte',
    ht: 500_000,
    envoyeLe: '2026-05-31T21:30:00Z',
    accepteLe: '2026-06-30T22:30:00Z',
  })
  // 9. dated and sent before the period, accepted in January
  await makeDevis({
    date: '2025-12-20',
    statut: 'accepte',
    ht: 1_000_000,
    commercial: alice,
    envoyeLe: '2025-12-20T10:00:00Z',
    accepteLe: '2026-01-05T10:00:00Z',
  })
  // 10. after the period
  await makeDevis({ date: '2026-07-15', statut: 'brouillon', ht: 70_000, commercial: bob })
  return { alice, bob }
}

test.group('Devis stats / figures', (group) => {
  withTransaction(group)

  test('by statut, by month (Brussels), conversion, delay, per commercial', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { alice, bob } = await makeKnownDataset()
    const { response, props } = await statsAs(client, user, PERIOD)
    response.assertStatus(200)
    response.assertInertiaComponent('esi/devis/Stats')
    assert.deepEqual(props.warnings, [])
    const stats: DevisStats = props.stats
    assert.equal(stats.du, '2026-01-01')
    assert.equal(stats.au, '2026-06-30')

    assert.deepEqual(stats.par_statut, [
      { statut: 'brouillon', nombre: 1, total_ht: 40_000, total_ttc: 48_400 },
      { statut: 'envoye', nombre: 1, total_ht: 80_000, total_ttc: 96_800 },
      { statut: 'accepte', nombre: 3, total_ht: 900_000, total_ttc: 1_089_000 },
      { statut: 'refuse', nombre: 1, total_ht: 200_000, total_ttc: 242_000 },
      { statut: 'expire', nombre: 1, total_ht: 50_000, total_ttc: 60_500 },
      { statut: 'annule', nombre: 1, total_ht: 60_000, total_ttc: 72_600 },
    ])

    const m = (
      mois: string,
      crees: number,
      envoyes: number,
      montant_envoye_ht: number,
      acceptes: number,
      montant_accepte_ht: number
    ) => ({ mois, crees, envoyes, montant_envoye_ht, acceptes, montant_accepte_ht })
    assert.deepEqual(stats.par_mois, [
      m('2026-01', 2, 2, 300_000, 2, 1_100_000),
      m('2026-02', 2, 1, 300_000, 1, 300_000),
      m('2026-03', 2, 2, 130_000, 0, 0),
      m('2026-04', 1, 1, 60_000, 0, 0),
      m('2026-05', 1, 1, 500_000, 0, 0),
      m('2026-06', 0, 0, 0, 0, 0),
    ])

    const c = stats.conversion
    assert.deepInclude(c, {
      envoyes: 7,
      acceptes: 3,
      refuses: 1,
      expires: 1,
      montant_accepte_ht: 900_000,
    })
    assert.closeTo(c.taux_conversion!, 0.6, 1e-9)
    assert.closeTo(c.taux_acceptation!, 3 / 7, 1e-9)
    assert.closeTo(c.delai_moyen_jours!, (10 + 4.5 + 30 + 1 / 24) / 3, 1e-6)

    const rows = stats.par_commercial
    assert.deepEqual(
      rows.map((r) => [
        r.nom,
        r.crees,
        r.envoyes,
        r.acceptes,
        r.refuses,
        r.expires,
        r.montant_accepte_ht,
      ]),
      [
        ['Alice Commerciale', 4, 4, 1, 1, 0, 100_000],
        ['Bob Vendeur', 2, 2, 1, 0, 1, 300_000],
        ['Sans commercial', 2, 1, 1, 0, 0, 500_000],
      ]
    )
    assert.deepEqual(
      rows.map((r) => r.commercial_id),
      [alice.id, bob.id, null]
    )
    assert.deepEqual(
      rows.map((r) => r.taux_conversion),
      [0.5, 0.5, 1]
    )
    assert.closeTo(rows[0].delai_moyen_jours!, 10, 1e-9)
    assert.closeTo(rows[1].delai_moyen_jours!, 4.5, 1e-9)
    assert.closeTo(rows[2].delai_moyen_jours!, 30 + 1 / 24, 1e-6)
  })

  test('dd/mm/yyyy dates give the same figures; the commercial filter', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { bob } = await makeKnownDataset()
    const iso = await statsOf(client, user, PERIOD)
    const fr = await statsOf(client, user, '?du=01/01/2026&au=30/06/2026')
    assert.deepEqual(fr, iso)

    const onlyBob: DevisStats = await statsOf(client, user, `${PERIOD}&commercial=${bob.id}`)
    assert.equal(onlyBob.commercial, String(bob.id))
    assert.deepEqual(
      onlyBob.par_statut.filter((s) => s.nombre > 0).map((s) => [s.statut, s.nombre, s.total_ht]),
      [
        ['accepte', 1, 300_000],
        ['expire', 1, 50_000],
      ]
    )
    assert.deepInclude(onlyBob.conversion, { envoyes: 2, acceptes: 1, taux_conversion: 0.5 })
    assert.deepEqual(
      onlyBob.par_commercial.map((r) => r.nom),
      ['Bob Vendeur']
    )

    const nobody: DevisStats = await statsOf(client, user, `${PERIOD}&commercial=aucun`)
    assert.deepEqual(
      nobody.par_statut.filter((s) => s.nombre > 0).map((s) => s.statut),
      ['brouillon', 'accepte']
    )
  })

  test('an empty period: zeros and no rate (never a division by zero)', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { props } = await statsAs(client, user, '?du=2020-01-01&au=2020-03-31')
    const stats: DevisStats = props.stats
    assert.lengthOf(stats.par_mois, 3)
    assert.isTrue(stats.par_statut.every((s) => s.nombre === 0 && s.total_ht === 0))
    assert.deepInclude(stats.conversion, {
      envoyes: 0,
      taux_conversion: null,
      taux_acceptation: null,
      delai_moyen_jours: null,
    })
    assert.deepEqual(stats.par_commercial, [])
  })
})

test.group('Devis stats / period', (group) => {
  withTransaction(group)

  test('default: the last 12 months up to today', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { props } = await statsAs(client, user)
    const stats: DevisStats = props.stats
    assert.equal(stats.au, props.today)
    assert.lengthOf(stats.par_mois, 12)
    assert.match(stats.du, /^\d{4}-\d{2}-01$/)
    assert.equal(stats.par_mois.at(-1)!.mois, props.today.slice(0, 7))
    assert.isAbove(props.commerciaux.length, 0)
  })

  test('bad dates and commercial: warnings, defaults, never a 500', async ({ client, assert }) => {
    const user = await makeUser('esi')
    let r = await statsAs(client, user, "?du=31/02/2026&au=n'importe&commercial=abc")
    r.response.assertStatus(200)
    const text = r.props.warnings.join('\n')
    assert.include(text, 'Date « du » « 31/02/2026 » invalide')
    assert.include(text, 'Date « au »')
    assert.include(text, 'Commercial « abc » ignoré')
    assert.equal(r.props.stats.au, r.props.today)
    assert.isNull(r.props.stats.commercial)

    r = await statsAs(client, user, '?du=2026-06-30&au=2026-01-01')
    assert.equal(r.props.stats.du, '2026-01-01')
    assert.equal(r.props.stats.au, '2026-06-30')
    assert.include(r.props.warnings.join(' '), 'inversées')

    r = await statsAs(client, user, '?du=2000-01-01&au=2026-01-01')
    assert.equal(r.props.stats.au, '2004-12-31')
    assert.lengthOf(r.props.stats.par_mois, 60)
    assert.include(r.props.warnings.join(' '), 'Période limitée à 60 mois')

    for (const s of ["' OR 1=1 --", '1; DROP TABLE devis; --']) {
      const e = encodeURIComponent(s)
      for (const query of [`?du=${e}`, `?au=${e}`, `?commercial=${e}`, `?du[]=${e}`]) {
        const res = await statsAs(client, user, query)
        assert.equal(res.response.status(), 200, query)
        assert.isAbove(res.props.warnings.length, 0, query)
      }
    }
    // A NUL byte never reaches the page: cleaned at the edge, the date is read as typed
    r = await statsAs(client, user, `?du=${encodeURIComponent('2026-01-01\u0000')}`)
    r.response.assertStatus(200)
    assert.equal(r.props.stats.du, '2026-01-01')
  })
})

test.group('Devis stats / presets and typed dates', () => {
  test('the presets of the period form', ({ assert }) => {
    assert.deepEqual(
      statsPresets('2026-11-22').map((p) => [p.key, p.du, p.au]),
      [
        ['mois', '2026-11-01', '2026-11-30'],
        ['trimestre', '2026-10-01', '2026-12-31'],
        ['annee', '2026-01-01', '2026-12-31'],
        ['12mois', '2025-12-01', '2026-11-22'],
      ]
    )
    assert.deepEqual(
      statsPresets('2024-02-10').map((p) => [p.du, p.au]),
      [
        ['2024-02-01', '2024-02-29'],
        ['2024-01-01', '2024-03-31'],
        ['2024-01-01', '2024-12-31'],
        ['2023-03-01', '2024-02-10'],
      ]
    )
  })

  test('dates typed dd/mm/yyyy or yyyy-mm-dd; impossible dates refused', ({ assert }) => {
    assert.equal(parseDateInput('05/03/2026'), '2026-03-05')
    assert.equal(parseDateInput('5.3.2026'), '2026-03-05')
    assert.equal(parseDateInput(' 2026-3-5 '), '2026-03-05')
    assert.equal(parseDateInput('29/02/2024'), '2024-02-29')
    for (const bad of [
      '29/02/2026',
      '31/04/2026',
      '2026-13-01',
      '00/01/2026',
      '1/1/26',
      'hier',
      '',
    ]) {
      assert.isNull(parseDateInput(bad), bad)
    }
  })
})
