/*
 * The commande timeline's pure rules (issue 12 §1, decisions 300–305): the gate of each step
 * (shared gateReason) in the order a closed one is told, the automatic steps from their facts,
 * the commande's statut from its steps, where it stands and when it is late, the manual moves
 * a step accepts, and when the customer may withdraw.
 */
import { test } from '@japa/runner'
import { ETAPES, gateReason, type EtapeStatut } from '#shared/commande_etapes'
import {
  autoStatuts,
  commandeStatutFrom,
  etapeCourante,
  etapeEnRetard,
  mouvementRefuse,
  prochaineEcheance,
  retractationRefusee,
  statutDebloque,
  type EtapeEtat,
} from '#shared/commande_timeline'

const etats = (statuts: Partial<Record<string, EtapeStatut>>, fins: Record<string, string> = {}) =>
  ETAPES.map((etape): EtapeEtat => ({
    etape,
    statut: statuts[etape] ?? 'a_faire',
    prevue_fin: fins[etape],
  }))

const OPEN = {
  acompteDu: 1000,
  acomptePaye: 1000,
  finRetractation: '2026-11-10',
  renonciation: false,
  today: '2026-11-24',
  mesureValidee: true,
  commandesFournisseurEnvoyees: true,
  toutRecu: true,
  receptionSignee: true,
}

test.group('Commande timeline / gates', () => {
  test('approvisionnement: acompte, then the withdrawal period, then the mesurage', ({
    assert,
  }) => {
    assert.isNull(gateReason('approvisionnement', OPEN))
    assert.equal(
      gateReason('approvisionnement', { ...OPEN, acomptePaye: 999, mesureValidee: false }),
      'L’acompte n’est pas encore payé.'
    )
    assert.equal(
      gateReason('approvisionnement', { ...OPEN, finRetractation: '2026-11-24' }),
      'Le délai de rétractation court jusqu’au 24/11/2026 (sans renonciation expresse du client).'
    )
    // The waiver opens it; no period at all too
    assert.isNull(
      gateReason('approvisionnement', {
        ...OPEN,
        finRetractation: '2026-12-01',
        renonciation: true,
      })
    )
    assert.isNull(gateReason('approvisionnement', { ...OPEN, finRetractation: null }))
    assert.equal(
      gateReason('approvisionnement', { ...OPEN, mesureValidee: false }),
      'Le mesurage n’est pas validé.'
    )
    assert.equal(
      gateReason('approvisionnement', { ...OPEN, avenantEnAttente: true }),
      'Un avenant attend la signature du client.'
    )
    // The avenant waiting keeps the mesurage step blocked: the avenant is said, not the sheet
    assert.equal(
      gateReason('approvisionnement', { ...OPEN, mesureValidee: false, avenantEnAttente: true }),
      'Un avenant attend la signature du client.'
    )
  })

  test('fourniture, pose, solde; a cancelled commande closes every gate', ({ assert }) => {
    assert.equal(
      gateReason('fourniture', { ...OPEN, commandesFournisseurEnvoyees: false }),
      'Aucune commande fournisseur n’a été envoyée.'
    )
    assert.equal(
      gateReason('pose', { ...OPEN, toutRecu: false }),
      'Toutes les lignes fournisseur ne sont pas reçues.'
    )
    assert.equal(
      gateReason('solde', { ...OPEN, receptionSignee: false }),
      'Le procès-verbal de réception n’est pas signé.'
    )
    assert.isNull(gateReason('solde', { ...OPEN, receptionSignee: false, soldeForce: true }))
    for (const etape of ETAPES) {
      assert.equal(gateReason(etape, { ...OPEN, annulee: true }), 'La commande est annulée.')
    }
    assert.isNull(gateReason('mesurage', {}))
  })
})

test.group('Commande timeline / automatic steps and statut', () => {
  const base = {
    acompteDu: 1000,
    acomptePaye: 0,
    finRetractation: '2026-11-30',
    renonciation: false,
    today: '2026-11-24',
    soldeEmise: false,
  }

  test('acompte, retractation and solde from their facts', ({ assert }) => {
    assert.deepEqual(autoStatuts(base), {
      acompte: 'a_faire',
      retractation: 'en_cours',
      solde: 'a_faire',
    })
    assert.equal(autoStatuts({ ...base, acomptePaye: 400 }).acompte, 'en_cours')
    assert.equal(autoStatuts({ ...base, acomptePaye: 1000 }).acompte, 'faite')
    assert.equal(autoStatuts({ ...base, acompteDu: 0 }).acompte, 'sans_objet')
    // The last day of the period still runs; the next day it is over
    assert.equal(autoStatuts({ ...base, today: '2026-11-30' }).retractation, 'en_cours')
    assert.equal(autoStatuts({ ...base, today: '2026-12-01' }).retractation, 'faite')
    assert.equal(autoStatuts({ ...base, renonciation: true }).retractation, 'sans_objet')
    assert.equal(autoStatuts({ ...base, finRetractation: null }).retractation, 'sans_objet')
    assert.equal(autoStatuts({ ...base, soldeEmise: true }).solde, 'faite')
  })

  test('the commande statut: en attente, en cours, terminée, annulée', ({ assert }) => {
    assert.equal(commandeStatutFrom(etats({ retractation: 'en_cours' }), false), 'en_attente')
    assert.equal(
      commandeStatutFrom(etats({ acompte: 'sans_objet', retractation: 'sans_objet' }), false),
      'en_attente'
    )
    assert.equal(commandeStatutFrom(etats({ acompte: 'faite' }), false), 'en_cours')
    assert.equal(commandeStatutFrom(etats({ mesurage: 'planifiee' }), false), 'en_cours')
    const done = Object.fromEntries(ETAPES.map((e) => [e, 'faite' as const]))
    assert.equal(
      commandeStatutFrom(etats({ ...done, retractation: 'sans_objet' }), false),
      'terminee'
    )
    assert.equal(commandeStatutFrom(etats(done), true), 'annulee')
  })

  test('where it stands, its next deadline, when a step is late', ({ assert }) => {
    const list = etats(
      { acompte: 'faite', retractation: 'sans_objet', mesurage: 'faite' },
      { mesurage: '2026-11-01', pose: '2026-12-10', approvisionnement: '2026-11-20' }
    )
    assert.equal(etapeCourante(list)?.etape, 'approvisionnement')
    assert.equal(prochaineEcheance(list), '2026-11-20')
    assert.isTrue(etapeEnRetard(list[3], '2026-11-21'))
    assert.isFalse(etapeEnRetard(list[3], '2026-11-20'))
    // A done step is never late
    assert.isFalse(etapeEnRetard(list[2], '2026-11-21'))
    assert.isNull(etapeCourante(etats(Object.fromEntries(ETAPES.map((e) => [e, 'faite'])))))
  })
})

test.group('Commande timeline / manual moves and withdrawal', () => {
  test('which moves a step accepts', ({ assert }) => {
    assert.equal(
      mouvementRefuse('acompte', 'a_faire', 'en_cours'),
      'Cette étape avance seule (paiement, calendrier, facture émise).'
    )
    assert.equal(mouvementRefuse('pose', 'faite', 'bloquee'), 'Cette étape est déjà faite.')
    assert.isNull(mouvementRefuse('pose', 'planifiee', 'en_cours'))
    assert.equal(
      mouvementRefuse('pose', 'bloquee', 'en_cours'),
      'Cette étape est bloquée : débloquez-la d’abord.'
    )
    assert.isNull(mouvementRefuse('mesurage', 'en_cours', 'bloquee'))
    assert.equal(
      mouvementRefuse('mesurage', 'en_cours', 'debloquer'),
      'Cette étape n’est pas bloquée.'
    )
    assert.equal(statutDebloque({ debutReel: true, planifiee: true }), 'en_cours')
    assert.equal(statutDebloque({ debutReel: false, planifiee: true }), 'planifiee')
    assert.equal(statutDebloque({ debutReel: false, planifiee: false }), 'a_faire')
  })

  test('the customer may withdraw within the period only, without a waiver', ({ assert }) => {
    const f = { annulee: false, finRetractation: '2026-11-30', renonciation: false }
    assert.isNull(retractationRefusee({ ...f, today: '2026-11-30' }))
    assert.equal(
      retractationRefusee({ ...f, today: '2026-12-01' }),
      'Le délai de rétractation a pris fin le 30/11/2026.'
    )
    assert.equal(
      retractationRefusee({ ...f, renonciation: true, today: '2026-11-24' }),
      'Le client a renoncé expressément à son délai de rétractation.'
    )
    assert.equal(
      retractationRefusee({ ...f, finRetractation: null, today: '2026-11-24' }),
      'Aucun délai de rétractation ne court pour cette commande.'
    )
    assert.equal(
      retractationRefusee({ ...f, annulee: true, today: '2026-11-24' }),
      'La commande est déjà annulée.'
    )
  })
})
