/*
 * The dashboards' pure rules (shared/dashboard.ts, decisions 500, 501, 506): last year's same
 * day (29 February → 28), the « signés » periods, the rate's display.
 */
import { test } from '@japa/runner'
import {
  DEVIS_STATUT_POUR_PARTENAIRE,
  formatTaux,
  sameDayLastYear,
  signesPeriodes,
} from '#shared/dashboard'
import { DEVIS_STATUTS, DEVIS_STATUT_LABELS } from '#shared/devis'

test.group('Dashboard periods', () => {
  test('last year’s same day, 29 February falling back to the 28th', ({ assert }) => {
    assert.equal(sameDayLastYear('2026-11-24'), '2025-11-24')
    assert.equal(sameDayLastYear('2028-02-29'), '2027-02-28')
    assert.equal(sameDayLastYear('2029-02-28'), '2028-02-28')
    assert.equal(sameDayLastYear('2026-01-01'), '2025-01-01')
  })

  test('this month and year to today, and last year’s same periods', ({ assert }) => {
    assert.deepEqual(signesPeriodes('2028-02-29'), {
      mois: { du: '2028-02-01', au: '2028-02-29' },
      mois_n1: { du: '2027-02-01', au: '2027-02-28' },
      annee: { du: '2028-01-01', au: '2028-02-29' },
      annee_n1: { du: '2027-01-01', au: '2027-02-28' },
    })
  })

  test('a rate as a French percentage, none as a dash', ({ assert }) => {
    assert.equal(formatTaux(null), '—')
    assert.equal(formatTaux(0.25).replace(/\s/g, ' '), '25 %')
    assert.equal(formatTaux(0.0625).replace(/\s/g, ' '), '6,3 %')
  })
})

test.group('Dashboard of a partner', () => {
  test('every devis statut has a partner wording, none of the staff words « Brouillon »', ({
    assert,
  }) => {
    for (const statut of DEVIS_STATUTS) {
      assert.isString(DEVIS_STATUT_POUR_PARTENAIRE[statut], statut)
    }
    assert.notInclude(Object.values(DEVIS_STATUT_POUR_PARTENAIRE), DEVIS_STATUT_LABELS.brouillon)
    assert.equal(DEVIS_STATUT_POUR_PARTENAIRE.brouillon, 'En préparation chez ESI')
  })
})
