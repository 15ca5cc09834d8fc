/*
 * Decision 801: the devis body's fast path (app/validators/devis_fast.ts) against VineJS, the
 * oracle: on random bodies — valid ones, and ones with a value wrong, typed as text, null,
 * too long, unknown — whenever the fast path answers, VineJS accepts the body and returns exactly
 * that (the same keys, values and types); when VineJS refuses, the fast path has said null, so
 * the 422 and its French messages are VineJS's own. The editor's and the bench's bodies take it.
 */
import { test } from '@japa/runner'
import { seededRandom } from '#tests/seeded_random'
import { fastDevisUpdate } from '#validators/devis_fast'
import {
  devisMessagesProvider,
  devisUpdateValidator,
  type DevisReferences,
} from '#validators/devis'

type Rand = ReturnType<typeof seededRandom>

const ids = (asked: number[], found: number[]) => ({ asked: new Set(asked), found: new Set(found) })
/** Client 1 and 2 exist, 3 does not; commercial 1 exists, 2 does not. */
const REFERENCES: DevisReferences = {
  devis: true,
  devisStatut: 'brouillon',
  client: null,
  clients: ids([1, 2, 3], [1, 2]),
  commerciaux: ids([1, 2], [1]),
  produits: ids([1, 2], [1, 2]),
}

const long = (n: number) => 'é'.repeat(n)
const PCTS = ['0', '2,5', '12.5', ' 5 ', '100', '0012,50', '1,5000']
const BAD_PCTS = ['100.01', '-1', '1,234', 'abc', 5, '', '1 000', '9'.repeat(13), true]

/** Each field: valid values, then values VineJS refuses or reads otherwise (text numbers…). */
const HEADER: Record<string, [unknown[], unknown[]]> = {
  client_id: [
    [1, 2],
    ['1', 3, 1.5, 0, -1, null, undefined, 'abc', true, 2 ** 53],
  ],
  commercial_id: [
    [undefined, null, 1],
    ['1', 2, 0, 2_147_483_648, 1.5, false],
  ],
  date_devis: [
    [undefined, null, '2026-03-10', ' 2026-03-10 '],
    ['10/03/2026', '', 5, '2026-3-1'],
  ],
  valable_jusqu_au: [
    [undefined, '2026-04-24'],
    ['24/04/2026', 0],
  ],
  objet: [
    ['Véranda', '  Châssis  ', long(200), ` ${long(200)} `],
    [undefined, null, '', '   ', long(201), 12, '😀'.repeat(101)],
  ],
  adresse_chantier: [
    [undefined, null, '', 'Rue de Fer 12', long(300)],
    [long(301), 3],
  ],
  remise_globale_pct: [[undefined, null, ...PCTS], BAD_PCTS],
  acompte_pct: [[undefined, null, ...PCTS], BAD_PCTS],
  intro: [
    [undefined, null, '', ' Madame, Monsieur, '],
    [long(20_001), false],
  ],
  conditions: [
    [undefined, null, 'Conditions.'],
    [long(20_001), []],
  ],
  lock_version: [
    [0, 3, 41],
    [undefined, null, -1, 1.5, '3'],
  ],
  lignes: [
    [undefined, null, []],
    ['x', {}, 3],
  ],
}

const LIGNE: Record<string, [unknown[], unknown[]]> = {
  type: [
    ['produit', 'texte', 'section', 'sous_total'],
    ['autre', undefined, null, 1],
  ],
  produit_id: [
    [undefined, null, 1, 2, '2', 7],
    [0, 1.5, 'x', 2_147_483_648, true, '01'],
  ],
  designation: [
    [undefined, null, '', ' Pose ', long(2000)],
    [long(2001), 5],
  ],
  quantite: [
    [undefined, null, '', '1', '2,5', '0.125', ' 2 ', '1 000', '1000000', '1.5000'],
    ['1.2345', '-1', '1000000.001', 'abc', 3, long(21)],
  ],
  unite: [
    [undefined, null, 'piece', 'm2', 'heure'],
    ['kg', 1, ''],
  ],
  prix_unitaire_ht: [
    [undefined, null, '12,50', '1 234,56', '10000000,00', '12 €', '0'],
    ['', '10000000,01', '-5', 'abc', 1234, '1.234', long(31)],
  ],
  remise_pct: [[undefined, null, ...PCTS], BAD_PCTS],
  taux_tva: [
    [undefined, null, 21, 12, 6, 0],
    [7, '21', 21.5],
  ],
  optionnel: [
    [undefined, null, true, false],
    ['true', 1, 0, 'on'],
  ],
  retenue: [
    [undefined, true, false],
    ['false', 1],
  ],
}

/** A field's value: valid, or (at the body's error rate) anything of its pools. */
function value(r: Rand, pools: [unknown[], unknown[]], rate: number) {
  return r.next() < rate ? r.pick([...pools[0], ...pools[1]]) : r.pick(pools[0])
}

function object(r: Rand, fields: Record<string, [unknown[], unknown[]]>, rate: number) {
  const out: Record<string, unknown> = {}
  for (const [key, pools] of Object.entries(fields)) {
    const v = value(r, pools, rate)
    if (v !== undefined || r.next() < 0.5) out[key] = v
  }
  if (r.next() < rate) out.inconnu = 'ignoré'
  return out
}

function randomBody(r: Rand) {
  // A third of the bodies are valid: the fast path must answer for them
  const rate = r.pick([0, 0, 0.02, 0.05, 0.15])
  const body = object(r, HEADER, rate)
  if (r.next() < 0.8) {
    body.lignes = Array.from({ length: r.int(8) }, () =>
      r.next() < rate ? r.pick([null, 'x', []]) : object(r, LIGNE, rate)
    )
  }
  return body
}

async function vine(body: Record<string, unknown>) {
  try {
    return {
      data: await devisUpdateValidator.validate(structuredClone(body), {
        messagesProvider: devisMessagesProvider(),
        meta: { references: REFERENCES },
      }),
    }
  } catch (error: any) {
    return { messages: error.messages }
  }
}

/** Keys and values alike, a key left out ≠ a key set to undefined. */
function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((x, i) => same(x, b[i]))
    )
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const [ka, kb] = [Object.keys(a).sort(), Object.keys(b).sort()]
    return same(ka, kb) && ka.every((k) => same((a as any)[k], (b as any)[k]))
  }
  return Object.is(a, b)
}

test.group('Devis body / fast path against VineJS (decision 801)', () => {
  test('random bodies: the fast path answers only what VineJS answers', async ({ assert }) => {
    const seed = Number(process.env.FAST_SEED ?? Date.now() % 100_000)
    const r = seededRandom(seed)
    let fast = 0
    let refused = 0
    for (let i = 0; i < 3000; i++) {
      const body = randomBody(r)
      const copy = structuredClone(body)
      const got = fastDevisUpdate(body, REFERENCES)
      assert.isTrue(same(body, copy), `seed ${seed}, body ${i}: the body is left as it was`)
      const oracle = await vine(body)
      const where = `seed ${seed}, body ${i}: ${JSON.stringify(body)}`
      if (got !== null) {
        fast++
        assert.exists(oracle.data, `${where} → VineJS ${JSON.stringify(oracle.messages)}`)
        assert.isTrue(
          same(got, oracle.data),
          `${where}\n${JSON.stringify(got)}\n${JSON.stringify(oracle.data)}`
        )
      } else if (!oracle.data) {
        refused++
      }
    }
    // Both kinds of bodies were met, and the valid ones mostly took the fast path
    assert.isAbove(fast, 500, `seed ${seed}`)
    assert.isAbove(refused, 500, `seed ${seed}`)
  }).timeout(60_000)

  test('the editor’s body of 50 lines takes the fast path', async ({ assert }) => {
    const lignes = []
    for (let s = 0; s < 5; s++) {
      lignes.push({ type: 'section', designation: `Lot ${s + 1}`, quantite: null, unite: null })
      for (let k = 0; k < 8; k++) {
        lignes.push({
          type: 'produit',
          produit_id: 1 + (k % 2),
          designation: 'Porte d’entrée 88 × 144 cm',
          quantite: k % 3 === 0 ? '2,5' : String(1 + (k % 4)),
          unite: 'piece',
          prix_unitaire_ht: '336,76',
          remise_pct: k % 4 === 1 ? '5' : '0',
          taux_tva: 21,
          optionnel: k === 7,
          retenue: k !== 7,
        })
      }
      // The editor's empty cells arrive as null (normaliseStrings)
      lignes.push({
        type: 'sous_total',
        designation: 'Sous-total',
        quantite: null,
        prix_unitaire_ht: null,
        remise_pct: '0',
        taux_tva: null,
        produit_id: null,
      })
    }
    const body = {
      client_id: 1,
      commercial_id: 1,
      objet: 'Devis (50 lignes)',
      adresse_chantier: 'Rue de Fer 12, 5000 Namur',
      remise_globale_pct: '2,5',
      acompte_pct: '30',
      intro: null,
      conditions: 'Conditions générales de vente.',
      lignes,
      lock_version: 4,
    }
    const got = fastDevisUpdate(body, REFERENCES)
    assert.isNotNull(got)
    const oracle = await vine(body)
    assert.isTrue(same(got, oracle.data))
  })
})
