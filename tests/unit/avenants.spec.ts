/*
 * The avenant's pure rules (shared/avenants.ts, decisions 390–394): its number, the difference
 * against what it amends and the acompte difference, its machine, and which document the
 * facture de solde invoices — bdc 10 000 € + avenant +500 € → solde = 10 500 € − acomptes.
 */
import { test } from '@japa/runner'
import {
  avenantDifference,
  avenantMachine,
  avenantNumero,
  documentFacturable,
  signedEuros,
} from '#shared/avenants'
import { computeTotals, formatEuros } from '#shared/totals'
import { splitLignes } from '#services/factures/acompte_lignes'
import { soldeLignes, soldeRestant, soldeSource } from '#services/factures/solde_lignes'
import type { LigneData } from '#shared/devis'

const ligne = (designation: string, prix: number, qty: string, rate: number): LigneData => ({
  type: 'produit',
  produit_id: null,
  designation,
  quantite: qty,
  unite: null,
  prix_unitaire_ht: prix,
  remise_pct: '0',
  taux_tva: rate,
})

function doc(lignes: LigneData[], remise = '0') {
  const t = computeTotals({ lignes, remise_globale_pct: remise })
  return { lignes, remiseGlobalePct: remise, totalTtc: t.total_ttc, tvaDetail: t.tva, totals: t }
}

test.group('Avenants / pure rules', () => {
  test('number: the bdc number and the rank', ({ assert }) => {
    assert.equal(avenantNumero('BDC-2026-00012', 1), 'BDC-2026-00012-A1')
    assert.equal(avenantNumero('BDC-2026-00012', 3), 'BDC-2026-00012-A3')
  })

  test('difference and acompte difference (half away from zero)', ({ assert }) => {
    const base = { total_ht: 1_000_000, total_tva: 60_000, total_ttc: 1_060_000 }
    const amended = { total_ht: 1_047_170, total_tva: 62_830, total_ttc: 1_110_000 }
    assert.deepEqual(avenantDifference(base, amended, '30'), {
      difference_ht: 47_170,
      difference_tva: 2_830,
      difference_ttc: 50_000,
      acompte_difference: 15_000,
    })
    // 33,33 % of 1,01 € = 0,336… → 34 cents; a lower total gives a negative acompte difference
    assert.equal(
      avenantDifference(base, { ...base, total_ttc: base.total_ttc + 101 }, '33.33')
        .acompte_difference,
      34
    )
    assert.equal(
      avenantDifference(base, { ...base, total_ttc: base.total_ttc - 10_000 }, '30')
        .acompte_difference,
      -3_000
    )
    assert.equal(signedEuros(50_000, formatEuros), `+\u00a0${formatEuros(50_000)}`)
    assert.equal(signedEuros(-100, formatEuros), `−\u00a0${formatEuros(100)}`)
  })

  test('machine: brouillon → à signer → signé; cancel needs a motif; no sign from a draft', ({
    assert,
  }) => {
    const c = (statut: 'brouillon' | 'a_signer' | 'signe' | 'annule') => ({
      statut,
      numero: 'BDC-1-A1',
    })
    assert.isNull(avenantMachine.reasonWhyNot('presenter', c('brouillon')))
    assert.isNull(avenantMachine.reasonWhyNot('signer', c('a_signer')))
    assert.include(avenantMachine.reasonWhyNot('signer', c('brouillon'))!, 'présenté')
    assert.include(avenantMachine.reasonWhyNot('signer', c('signe'))!, 'déjà signé')
    assert.include(avenantMachine.reasonWhyNot('modifier', c('a_signer'))!, 'reprenez')
    assert.include(
      avenantMachine.reasonWhyNot('annuler', { ...c('brouillon'), motif: ' ' })!,
      'pourquoi'
    )
    assert.isNull(avenantMachine.reasonWhyNot('annuler', { ...c('a_signer'), motif: 'Refus' }))
    assert.include(avenantMachine.reasonWhyNot('annuler', { ...c('signe'), motif: 'x' })!, 'signé')
  })

  test('the solde invoices the last signed avenant: 10 000 € + 500 € − acompte', ({ assert }) => {
    const bdc = doc([ligne('Châssis', 1_000_000, '1', 0)])
    const a1 = doc([ligne('Châssis', 1_000_000, '1', 0), ligne('Élargissement', 50_000, '1', 0)])
    const draft = doc([ligne('Châssis', 2_000_000, '1', 0)])
    const chosen = documentFacturable({ numero: 'BDC-1', ...bdc }, [
      { numero: 'BDC-1-A1', statut: 'signe', rang: 1, ...a1 },
      // Neither a draft nor a cancelled avenant counts
      { numero: 'BDC-1-A2', statut: 'brouillon', rang: 2, ...draft },
      { numero: 'BDC-1-A3', statut: 'annule', rang: 3, ...draft },
    ])
    assert.equal(chosen.source, 'avenant')
    assert.equal(chosen.numero, 'BDC-1-A1')
    assert.equal(chosen.totalTtc, 1_050_000)

    // An acompte of 3 000 € issued on the bdc
    const acompteLignes = splitLignes('Acompte', 300_000, bdc.tvaDetail)
    const acompte = computeTotals({ lignes: acompteLignes })
    const earlier = [
      {
        numero: 'FAC-1',
        type: 'acompte' as const,
        totalTtc: acompte.total_ttc,
        tvaDetail: acompte.tva,
      },
    ]
    assert.equal(soldeRestant(chosen, earlier), 750_000)
    const solde = computeTotals({ lignes: soldeLignes(soldeSource(chosen), earlier) })
    assert.equal(solde.total_ttc, 1_050_000 - 300_000)

    // Without a signed avenant: the bdc
    const none = documentFacturable({ numero: 'BDC-1', ...bdc }, [
      { numero: 'BDC-1-A1', statut: 'a_signer', rang: 1, ...a1 },
    ])
    assert.equal(none.source, 'bdc')
    assert.equal(none.totalTtc, 1_000_000)
  })

  test('with VAT rates and a global discount, the solde TTC is the avenant TTC less acomptes', ({
    assert,
  }) => {
    const bdc = doc([ligne('Fenêtre', 45_000, '2', 6), ligne('Porte', 180_000, '1', 21)], '5')
    const avenant = doc(
      [
        ligne('Fenêtre', 45_000, '3', 6),
        ligne('Porte', 180_000, '1', 21),
        ligne('Maçonnerie', 18_000, '1', 6),
      ],
      '5'
    )
    const chosen = documentFacturable({ numero: 'B', ...bdc }, [
      { numero: 'B-A1', statut: 'signe', rang: 1, ...avenant },
    ])
    const acompte = computeTotals({
      lignes: splitLignes('Acompte', Math.round(bdc.totalTtc * 0.3), bdc.tvaDetail),
    })
    const earlier = [
      {
        numero: 'FAC-1',
        type: 'acompte' as const,
        totalTtc: acompte.total_ttc,
        tvaDetail: acompte.tva,
      },
    ]
    const solde = computeTotals({ lignes: soldeLignes(soldeSource(chosen), earlier) })
    assert.equal(solde.total_ttc, avenant.totalTtc - acompte.total_ttc)
  })
})
