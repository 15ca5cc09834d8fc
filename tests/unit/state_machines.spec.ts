/*
 * The document state machines (shared/machines/): every statut × every transition, allowed or
 * refused with a French reason; the guards refuse with their own reason.
 */
import { test } from '@japa/runner'
import { defineMachine } from '#shared/state_machine'
import {
  devisMachine,
  DEVIS_NO_EMAIL,
  DEVIS_NO_PRODUIT,
  DEVIS_TRANSITIONS,
} from '#shared/machines/devis'
import {
  offreMachine,
  OFFRE_ALREADY_CONVERTED,
  OFFRE_NO_EMAIL,
  OFFRE_NO_PRODUIT,
} from '#shared/machines/offre'
import { bdcMachine } from '#shared/machines/bdc'
import { demandePaiementMachine } from '#shared/machines/demande_paiement'
import { MOTIF_REQUIRED } from '#shared/devis'

/** Every (statut, transition) pair: allowed exactly when listed, else a French sentence. */
function table<S extends string, T extends string>(
  assert: any,
  machine: {
    statuts: readonly S[]
    transitions: Record<T, unknown>
    reasonWhyNot(t: T, c: any): string | null
  },
  allowed: Record<S, T[]>,
  facts: Record<string, unknown> = {}
) {
  const names = Object.keys(machine.transitions) as T[]
  for (const statut of machine.statuts) {
    for (const t of names) {
      const reason = machine.reasonWhyNot(t, { statut, ...facts })
      if (allowed[statut].includes(t)) {
        assert.isNull(reason, `${statut} → ${t} should be allowed`)
      } else {
        assert.isString(reason, `${statut} → ${t} should be refused`)
        // French: an accented or typographic character or a French word, never an English one
        assert.match(reason!, /(ne peut|est |déjà|annulé)/, `${statut} → ${t}: ${reason}`)
      }
    }
  }
}

test.group('State machine: devis', () => {
  test('every statut allows exactly the listed moves', ({ assert }) => {
    table(
      assert,
      devisMachine,
      {
        brouillon: ['envoye', 'annule'],
        envoye: ['accepte', 'refuse', 'expire', 'annule'],
        accepte: [],
        refuse: ['annule'],
        expire: ['annule'],
        annule: [],
      },
      { motif: 'Doublon', produits: 1, clientEmail: 'a@b.be' }
    )
    assert.deepEqual(DEVIS_TRANSITIONS.envoye, ['accepte', 'refuse', 'expire', 'annule'])
    assert.deepEqual(DEVIS_TRANSITIONS.accepte, [])
  })

  test('refusals say why, in French', ({ assert }) => {
    assert.equal(
      devisMachine.reasonWhyNot('accepte', { statut: 'brouillon' }),
      'Un devis « Brouillon » ne peut pas passer à « Accepté ».'
    )
    assert.equal(
      devisMachine.reasonWhyNot('brouillon', { statut: 'envoye' }),
      'Un devis « Envoyé » ne peut pas passer à « Brouillon ».'
    )
    assert.equal(
      devisMachine.reasonWhyNot('envoye', { statut: 'brouillon', produits: 0 }),
      DEVIS_NO_PRODUIT
    )
    assert.equal(
      devisMachine.reasonWhyNot('envoye', { statut: 'brouillon', produits: 2, clientEmail: null }),
      DEVIS_NO_EMAIL
    )
    assert.equal(
      devisMachine.reasonWhyNot('annule', { statut: 'envoye', motif: '  ' }),
      MOTIF_REQUIRED
    )
    // A fact the caller does not know is not checked (a page that has no line count)
    assert.isTrue(devisMachine.can('envoye', { statut: 'brouillon' }))
  })
})

test.group('State machine: offre', () => {
  test('every statut allows exactly the listed moves', ({ assert }) => {
    table(
      assert,
      offreMachine,
      {
        brouillon: ['envoyer', 'transmettre'],
        envoyee: ['envoyer', 'transmettre', 'reviser'],
        transmise: ['accepter'],
        acceptee: [],
        refusee: [],
      },
      { produits: 1, contactEmail: 'c@d.be', devisId: null }
    )
  })

  test('refusals say why, in French', ({ assert }) => {
    assert.equal(
      offreMachine.reasonWhyNot('envoyer', { statut: 'transmise' }),
      'Une offre « Transmise » ne peut plus être envoyée au contact.'
    )
    assert.equal(
      offreMachine.reasonWhyNot('transmettre', { statut: 'acceptee' }),
      'Une offre « Acceptée » ne peut plus être transmise à ESI.'
    )
    assert.equal(
      offreMachine.reasonWhyNot('accepter', { statut: 'envoyee' }),
      'Une offre « Envoyée » ne peut pas être transformée en devis.'
    )
    assert.equal(
      offreMachine.reasonWhyNot('reviser', { statut: 'transmise' }),
      'Une offre « Transmise » ne peut plus être modifiée.'
    )
    assert.equal(
      offreMachine.reasonWhyNot('accepter', { statut: 'acceptee' }),
      OFFRE_ALREADY_CONVERTED
    )
    assert.equal(
      offreMachine.reasonWhyNot('accepter', { statut: 'transmise', devisId: 4 }),
      OFFRE_ALREADY_CONVERTED
    )
    assert.equal(
      offreMachine.reasonWhyNot('envoyer', {
        statut: 'brouillon',
        contactEmail: null,
        produits: 1,
      }),
      OFFRE_NO_EMAIL
    )
    assert.equal(
      offreMachine.reasonWhyNot('transmettre', { statut: 'envoyee', produits: 0 }),
      OFFRE_NO_PRODUIT
    )
  })
})

test.group('State machine: bon de commande', () => {
  test('every statut allows exactly the listed moves', ({ assert }) => {
    table(
      assert,
      bdcMachine,
      {
        a_signer: ['signer', 'annuler', 'demander_paiement'],
        signe: ['demander_paiement'],
        annule: [],
      },
      { numero: 'BDC-2026-00001', motif: 'Doublon', montant: 100, reste: 100 }
    )
    // A payment request keeps the statut
    assert.deepEqual(bdcMachine.targets('a_signer'), ['signe', 'annule'])
  })

  test('refusals say why, in French', ({ assert }) => {
    const c = { numero: 'BDC-2026-00001' }
    assert.equal(
      bdcMachine.reasonWhyNot('signer', { ...c, statut: 'signe' }),
      'Le bon de commande BDC-2026-00001 est déjà signé.'
    )
    assert.equal(
      bdcMachine.reasonWhyNot('signer', { ...c, statut: 'annule' }),
      'Le bon de commande BDC-2026-00001 est annulé : il ne peut plus être signé.'
    )
    assert.equal(
      bdcMachine.reasonWhyNot('annuler', { ...c, statut: 'signe', motif: 'x' }),
      'Le bon de commande BDC-2026-00001 est signé : il ne peut plus être annulé ici.'
    )
    assert.equal(
      bdcMachine.reasonWhyNot('annuler', { ...c, statut: 'a_signer', motif: '' }),
      MOTIF_REQUIRED
    )
    assert.equal(
      bdcMachine.reasonWhyNot('demander_paiement', { ...c, statut: 'a_signer', montant: 0 }),
      'Le montant demandé doit être positif.'
    )
    assert.equal(
      bdcMachine.reasonWhyNot('demander_paiement', {
        ...c,
        statut: 'signe',
        montant: 10,
        reste: 0,
      }),
      'Tout le montant de ce bon de commande a déjà été demandé.'
    )
    assert.match(
      bdcMachine.reasonWhyNot('demander_paiement', {
        ...c,
        statut: 'signe',
        montant: 200,
        reste: 150,
      })!,
      /dépasse le reste à demander .*1,50/
    )
  })
})

test.group('State machine: demande de paiement', () => {
  test('every statut allows exactly the listed moves, with the reasons', ({ assert }) => {
    table(
      assert,
      demandePaiementMachine,
      { envoyee: ['payer', 'annuler'], payee: [], annulee: [] },
      { numero: 'DP-2026-00001' }
    )
    assert.equal(
      demandePaiementMachine.reasonWhyNot('payer', { statut: 'payee', numero: 'DP-2026-00001' }),
      'La demande DP-2026-00001 est déjà marquée payée.'
    )
    // Issue 10: a cancelled bdc cancels its open requests, never a paid one
    assert.equal(
      demandePaiementMachine.reasonWhyNot('annuler', { statut: 'payee', numero: 'DP-2026-00001' }),
      'La demande DP-2026-00001 est payée : elle ne peut plus être annulée.'
    )
    assert.equal(
      demandePaiementMachine.reasonWhyNot('payer', { statut: 'annulee', numero: 'DP-2026-00001' }),
      'La demande DP-2026-00001 est annulée.'
    )
  })
})

test.group('State machine: generic', () => {
  test('guards read the context in order; a move may keep the statut', ({ assert }) => {
    const m = defineMachine<'a' | 'b', 'go' | 'stay', { statut: 'a' | 'b'; n?: number }>({
      statuts: ['a', 'b'],
      labels: { a: 'A', b: 'B' },
      subject: 'Un essai',
      transitions: {
        go: {
          from: ['a'],
          to: 'b',
          guards: [(c) => (c.n === 0 ? 'zéro' : null), () => 'toujours'],
        },
        stay: { from: ['a', 'b'] },
      },
    })
    assert.equal(m.reasonWhyNot('go', { statut: 'a', n: 0 }), 'zéro')
    assert.equal(m.reasonWhyNot('go', { statut: 'a', n: 1 }), 'toujours')
    assert.equal(
      m.reasonWhyNot('go', { statut: 'b' }),
      'Un essai « B » ne peut pas passer à « B ».'
    )
    assert.deepEqual(m.available('b'), ['stay'])
    assert.deepEqual(m.targets('a'), ['b'])
    assert.isTrue(m.can('stay', { statut: 'b' }))
  })
})
