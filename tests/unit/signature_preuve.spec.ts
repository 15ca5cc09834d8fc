/*
 * Issue 14 §1 — the evidence of an online signature (decision 494): the canonical JSON is the
 * same text whatever the key order, its SHA-256 is the standard one (known vectors), the
 * document hashed leaves out where the logo lives, any change of content changes the hash; the
 * customer's choice of options recomputes the document's totals with shared/totals.ts; the
 * « lu et approuvé » he types is read whatever the case and accents.
 */
import { test } from '@japa/runner'
import { documentCanonique, sha256Hex } from '#services/signature_en_ligne/preuve'
import {
  canonicalJson,
  documentWithChoices,
  mentionValide,
  optionsOf,
  withChoices,
} from '#shared/signature_en_ligne'
import { computeTotals } from '#shared/totals'
import type { DocumentData } from '#shared/document'
import type { LigneData } from '#shared/devis'

const produit = (designation: string, prix: number, tva = 21, extra: Partial<LigneData> = {}) =>
  ({
    type: 'produit',
    produit_id: null,
    designation,
    quantite: '1',
    unite: 'piece',
    prix_unitaire_ht: prix,
    remise_pct: '0',
    taux_tva: tva,
    ...extra,
  }) as LigneData

const LIGNES: LigneData[] = [
  produit('Fenêtre', 100000, 6),
  produit('Volet', 50000, 6, { optionnel: true, retenue: true }),
  produit('Moustiquaire', 9000, 21, { optionnel: true, retenue: false }),
  {
    type: 'sous_total',
    produit_id: null,
    designation: 'Sous-total',
    quantite: null,
    unite: null,
    prix_unitaire_ht: null,
    remise_pct: '0',
    taux_tva: null,
  },
]

function docOf(lignes: LigneData[]): DocumentData {
  const t = computeTotals({ lignes, remise_globale_pct: '5', acompte_pct: '30' })
  return {
    kind: 'devis',
    numero: 'DEV-2026-00001',
    date: '2026-11-24',
    objet: 'Châssis',
    adresse_chantier: null,
    emetteur: {
      nom: 'Menuiseries',
      lignes_adresse: [],
      numero_tva: null,
      email: null,
      telephone: null,
      forme_juridique: null,
      rpm: null,
      iban: null,
      bic: null,
      logo_path: 'logos/abc.png',
      logo_url: 'data:image/png;base64,AAAA',
    },
    destinataire: {
      nom: 'Lambert',
      lignes_adresse: [],
      numero_tva: null,
      email: null,
      telephone: null,
    },
    intro: null,
    lignes: lignes.map((l, i) => ({
      type: l.type,
      designation: l.designation,
      quantite: l.quantite,
      unite: l.unite,
      prix_unitaire_ht: l.prix_unitaire_ht,
      remise_pct: l.remise_pct,
      taux_tva: l.taux_tva,
      total_ht: t.lignes[i].total_ht,
    })),
    total_brut_ht: t.total_brut_ht,
    remise_globale_pct: '5',
    remise_globale: t.remise_globale,
    total_ht: t.total_ht,
    total_tva: t.total_tva,
    total_ttc: t.total_ttc,
    tva: t.tva,
    acompte_pct: '30',
    acompte: t.acompte,
    conditions: null,
    mentions: [],
  }
}

test.group('Signature en ligne / evidence hash', () => {
  test('canonical JSON: keys sorted at every depth, no whitespace, undefined left out', ({
    assert,
  }) => {
    const a = canonicalJson({ b: 1, a: { d: [1, 'x', null], c: true }, u: undefined })
    const b = canonicalJson({ a: { c: true, d: [1, 'x', null] }, b: 1 })
    assert.equal(a, b)
    assert.equal(a, '{"a":{"c":true,"d":[1,"x",null]},"b":1}')
    assert.equal(canonicalJson('é « »'), '"é « »"')
    assert.equal(canonicalJson([undefined, Number.NaN]), '[null,null]')
  })

  test('SHA-256 is the standard one (known vectors)', ({ assert }) => {
    assert.equal(sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    assert.equal(
      sha256Hex('abc'),
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
    )
  })

  test('the hashed document ignores where the logo lives; any content change changes it', ({
    assert,
  }) => {
    const doc = docOf(LIGNES)
    const text = documentCanonique(doc)
    assert.notInclude(text, 'logos/abc.png')
    assert.notInclude(text, 'data:image')
    assert.include(text, '"format":"esi.devis.accepte/1"')
    const moved = { ...doc, emetteur: { ...doc.emetteur, logo_url: null, logo_path: null } }
    assert.equal(sha256Hex(documentCanonique(moved)), sha256Hex(text))
    const changed = { ...doc, total_ttc: doc.total_ttc + 1 }
    assert.notEqual(sha256Hex(documentCanonique(changed)), sha256Hex(text))
    assert.match(sha256Hex(text), /^[0-9a-f]{64}$/)
  })
})

test.group('Signature en ligne / options and totals', () => {
  test('the options offered, and the document recomputed for a choice', ({ assert }) => {
    assert.deepEqual(optionsOf(LIGNES), [
      { index: 1, designation: 'Volet', retenue: true },
      { index: 2, designation: 'Moustiquaire', retenue: false },
    ])
    const doc = docOf(LIGNES)
    // Tick the moustiquaire, untick the volet
    const chosen = documentWithChoices(doc, LIGNES, new Set([2]))
    const expected = computeTotals({
      lignes: withChoices(LIGNES, new Set([2])),
      remise_globale_pct: '5',
      acompte_pct: '30',
    })
    assert.equal(chosen.total_ttc, expected.total_ttc)
    assert.equal(chosen.acompte, expected.acompte)
    assert.deepEqual(chosen.tva, expected.tva)
    // The sous-total follows; the unticked option keeps its own price on its line
    assert.equal(chosen.lignes[3].total_ht, expected.lignes[3].total_ht)
    assert.equal(chosen.lignes[3].total_ht, 100000 + 9000)
    assert.equal(chosen.lignes[1].total_ht, 50000)
    // The proposed choice gives back the stored figures
    const same = documentWithChoices(doc, LIGNES, new Set([1]))
    assert.equal(same.total_ttc, doc.total_ttc)
    // Non-option lines are never changed by the choice
    assert.isTrue(withChoices(LIGNES, new Set())[0].retenue !== false)
    // The option labels follow the choice, not the proposed state: Volet unticked, Moustiquaire ticked
    assert.equal(chosen.lignes[1].option, 'ecartee')
    assert.equal(chosen.lignes[2].option, 'retenue')
    assert.isUndefined(chosen.lignes[0].option)
    assert.equal(same.lignes[1].option, 'retenue')
    assert.equal(same.lignes[2].option, 'ecartee')
  })

  test('« Lu et approuvé » typed in any case, with or without accents', ({ assert }) => {
    for (const ok of ['Lu et approuvé', 'lu et approuve', 'LU ET APPROUVÉ.', ' lu  et approuvé '])
      assert.isTrue(mentionValide(ok), ok)
    for (const bad of ['', 'lu', 'approuvé', 'lu et approuvé par moi', null])
      assert.isFalse(mentionValide(bad), String(bad))
  })
})
