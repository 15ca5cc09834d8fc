/*
 * Relances (issue 11 §4, decisions 245–251): which level is due when (level 1 at the due date +
 * N days, then each level M and K days after the previous one), what is never relanced (drafts,
 * paid, cancelled, fully credited, after the mise en demeure), the B2B interest and indemnity of
 * a mise en demeure (nothing claimed from a consumer), the legal paragraph of each case, and
 * the daily timer's hour in Brussels across the clock change.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  INDEMNITE_FORFAITAIRE_B2B,
  RELANCE_DELAIS,
  TAUX_INTERET_RETARD_B2B,
  joursDeRetard,
  montantsRelance,
  prochaineRelance,
  relanceMentionLegale,
  type RelanceFacture,
} from '#shared/relances'
import { addDays } from '#shared/dates'
import { parseHeure } from '#services/relances/relance_scheduler'
import { nextRun, passedToday } from '#services/daily_timer'

const ECHEANCE = '2026-03-10'
const open = (over: Partial<RelanceFacture> = {}): RelanceFacture => ({
  statut: 'emise',
  numero: 'FAC-2026-00012',
  echeance: ECHEANCE,
  total_ttc: 121_000,
  montant_paye: 0,
  montant_credite: 0,
  ...over,
})

test.group('Relances / the next level', () => {
  test('level 1 is due N days after the due date, not a day before', ({ assert }) => {
    const n = RELANCE_DELAIS[1]
    const dueLe = addDays(ECHEANCE, n)
    assert.deepEqual(prochaineRelance(open(), [], addDays(dueLe, -1)), {
      niveau: 1,
      due_le: dueLe,
      due: false,
    })
    assert.deepEqual(prochaineRelance(open(), [], dueLe), { niveau: 1, due_le: dueLe, due: true })
    assert.isTrue(prochaineRelance(open(), [], addDays(dueLe, 30))!.due)
  })

  test('level 2 comes M days after level 1, level 3 K days after level 2, then nothing', ({
    assert,
  }) => {
    const l1 = '2026-03-20'
    const l2Due = addDays(l1, RELANCE_DELAIS[2])
    const after1 = [{ niveau: 1 as const, date: l1 }]
    assert.deepEqual(prochaineRelance(open(), after1, addDays(l2Due, -1)), {
      niveau: 2,
      due_le: l2Due,
      due: false,
    })
    assert.isTrue(prochaineRelance(open(), after1, l2Due)!.due)
    // The delay runs from the day level 1 was really sent, not from when it was due
    const late1 = [{ niveau: 1 as const, date: '2026-04-30' }]
    assert.equal(prochaineRelance(open(), late1, '2026-05-10')!.due_le, addDays('2026-04-30', 15))

    const l2 = '2026-04-06'
    const after2 = [...after1, { niveau: 2 as const, date: l2 }]
    const l3Due = addDays(l2, RELANCE_DELAIS[3])
    assert.deepEqual(prochaineRelance(open(), after2, l3Due), {
      niveau: 3,
      due_le: l3Due,
      due: true,
    })
    const after3 = [...after2, { niveau: 3 as const, date: l3Due }]
    assert.isNull(prochaineRelance(open(), after3, '2027-01-01'))
  })

  test('a consumer has at least the 14 days of Book XIX between level 1 and level 2', ({
    assert,
  }) => {
    assert.isAtLeast(RELANCE_DELAIS[2], 14)
  })

  test('drafts, paid, cancelled and fully credited factures are never relanced', ({ assert }) => {
    const late = '2026-06-01'
    assert.isNull(prochaineRelance(open({ statut: 'brouillon', numero: null }), [], late))
    assert.isNull(prochaineRelance(open({ echeance: null }), [], late))
    assert.isNull(prochaineRelance(open({ statut: 'payee', montant_paye: 121_000 }), [], late))
    assert.isNull(prochaineRelance(open({ statut: 'annulee', montant_credite: 121_000 }), [], late))
    // Paid in part and credited for the rest: nothing left, nothing to ask
    assert.isNull(
      prochaineRelance(
        open({ statut: 'partiellement_payee', montant_paye: 100_000, montant_credite: 21_000 }),
        [],
        late
      )
    )
    // Partly paid with something left: relanced like any open facture
    assert.equal(
      prochaineRelance(open({ statut: 'partiellement_payee', montant_paye: 50_000 }), [], late)!
        .niveau,
      1
    )
  })

  test('days late: calendar days, 0 before the due date', ({ assert }) => {
    assert.equal(joursDeRetard(ECHEANCE, '2026-03-01'), 0)
    assert.equal(joursDeRetard(ECHEANCE, ECHEANCE), 0)
    assert.equal(joursDeRetard(ECHEANCE, '2026-04-09'), 30)
  })
})

test.group('Relances / what a mise en demeure claims', () => {
  test('B2B level 3: interest at the legal rate over the days late, and the 40 € indemnity', ({
    assert,
  }) => {
    assert.equal(INDEMNITE_FORFAITAIRE_B2B, 4000)
    const m = montantsRelance({ niveau: 3, professionnel: true, reste: 365_000, joursRetard: 40 })
    // 3 650,00 € × 10,50 % × 40 / 365 = 42,00 €
    assert.equal(TAUX_INTERET_RETARD_B2B.pct, 10.5)
    assert.deepEqual(m, { interets: 4200, indemnite: 4000, total: 365_000 + 4200 + 4000 })
  })

  test('nothing more than what is due from a consumer, nor below level 3', ({ assert }) => {
    for (const input of [
      { niveau: 3 as const, professionnel: false },
      { niveau: 2 as const, professionnel: true },
      { niveau: 1 as const, professionnel: true },
    ]) {
      assert.deepEqual(montantsRelance({ ...input, reste: 50_000, joursRetard: 60 }), {
        interets: 0,
        indemnite: 0,
        total: 50_000,
      })
    }
  })

  test('the legal paragraph of each case', ({ assert }) => {
    const base = {
      reste: '3 650,00 €',
      interets: '42,00 €',
      indemnite: '40,00 €',
      total: '3 732,00 €',
      taux: '10,50 %',
      joursRetard: 40,
      datePremierRappel: '17/03/2026',
    }
    const b2b3 = relanceMentionLegale({ ...base, niveau: 3, professionnel: true })
    assert.include(b2b3, 'loi du 2 août 2002')
    assert.include(b2b3, '10,50 %')
    assert.include(b2b3, '42,00 €')
    assert.include(b2b3, '40,00 €')
    assert.include(b2b3, '3 732,00 €')
    assert.include(b2b3, 'mettons en demeure')

    const c1 = relanceMentionLegale({ ...base, niveau: 1, professionnel: false })
    assert.include(c1, 'premier rappel est gratuit')
    assert.include(c1, '14 jours')
    assert.notInclude(c1, '€')
    const c3 = relanceMentionLegale({ ...base, niveau: 3, professionnel: false })
    assert.include(c3, '17/03/2026')
    assert.include(c3, 'livre XIX du Code de droit économique')
    // A consumer is never asked the commercial interest nor the 40 € in figures
    assert.notInclude(c3, '42,00 €')
    assert.notInclude(c3, '40,00 €')
    assert.notInclude(c3, '2 août 2002')
  })
})

test.group('Relances / the daily timer', () => {
  test('07:00 in Brussels, winter and summer time', ({ assert }) => {
    const at = parseHeure('07:00')!
    const winter = DateTime.fromISO('2026-01-15T05:30:00Z')
    assert.equal(nextRun(winter, at).toUTC().toISO(), '2026-01-15T06:00:00.000Z')
    const summer = DateTime.fromISO('2026-07-15T05:30:00Z')
    assert.equal(nextRun(summer, at).toUTC().toISO(), '2026-07-16T05:00:00.000Z')
    assert.isTrue(passedToday(summer, at))
    assert.isFalse(passedToday(winter, at))
    // The night of the clock change (29 March 2026): 07:00 CEST is 05:00 UTC
    const change = DateTime.fromISO('2026-03-28T23:00:00Z')
    assert.equal(nextRun(change, at).toUTC().toISO(), '2026-03-29T05:00:00.000Z')
  })

  test('the setting: HH:MM, « off », or refused', ({ assert }) => {
    assert.deepEqual(parseHeure(undefined), [7, 0])
    assert.deepEqual(parseHeure('6:30'), [6, 30])
    assert.isNull(parseHeure('off'))
    assert.throws(() => parseHeure('25:00'), /RELANCES_HEURE invalide/)
    assert.throws(() => parseHeure('sept heures'), /RELANCES_HEURE invalide/)
  })
})
