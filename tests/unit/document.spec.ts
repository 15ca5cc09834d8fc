/*
 * shared/document.ts (legal mentions, enterprise number, titles, percentages) and the WinAnsi
 * sanitising of the PDF texts (app/services/pdf/sanitize.ts).
 */
import { test } from '@japa/runner'
import { formatQuantiteUnite } from '#shared/produits'
import {
  documentTitle,
  formatEnterpriseNumber,
  formatPct,
  isZeroPct,
  legalMentions,
  MENTION_AUTOLIQUIDATION,
  MENTION_TVA_6,
} from '#shared/document'
import { formatDate } from '#shared/dates'
import { sanitizePdfText } from '#services/pdf/sanitize'
import { formatEuros } from '#shared/totals'

const emetteur = {
  nom: 'ESI Châssis',
  forme_juridique: 'SRL',
  numero_tva: 'BE0123456749',
  rpm: 'Liège, division Namur',
  lignes_adresse: ['Rue de l’Industrie 4', '5000 Namur'],
}

test.group('shared/document / legalMentions', () => {
  test('the identity always comes first: name, legal form, seat, enterprise number, RPM', ({
    assert,
  }) => {
    const [identity, ...rest] = legalMentions({
      emetteur,
      tauxUtilises: [21],
      clientProfessionnel: false,
    })
    assert.equal(
      identity,
      'ESI Châssis SRL — siège : Rue de l’Industrie 4, 5000 Namur — n° d’entreprise BE 0123.456.749 — RPM Liège, division Namur'
    )
    assert.deepEqual(rest, [])
  })

  test('an RPM typed with its own « RPM » prefix is not printed twice', ({ assert }) => {
    for (const rpm of ['RPM Liège, division Namur', 'rpm Liège, division Namur', 'RPR Gent']) {
      const [identity] = legalMentions({
        emetteur: { ...emetteur, rpm },
        tauxUtilises: [],
        clientProfessionnel: false,
      })
      assert.isTrue(identity.endsWith(` — ${rpm}`), identity)
      assert.notMatch(identity, /RP[MR] RP[MR]/i)
    }
  })

  test('a missing detail is left out, not printed empty', ({ assert }) => {
    const [identity] = legalMentions({
      emetteur: {
        nom: 'X',
        forme_juridique: null,
        numero_tva: null,
        rpm: null,
        lignes_adresse: [],
      },
      tauxUtilises: [],
      clientProfessionnel: true,
    })
    assert.equal(identity, 'X')
  })

  test('6 % mention exactly when a 6 % line exists', ({ assert }) => {
    const cases: [number[], boolean][] = [
      [[6], true],
      [[21, 6], true],
      [[21, 12], false],
      [[], false],
      [[0], false],
    ]
    for (const [taux, expected] of cases) {
      for (const pro of [false, true]) {
        const mentions = legalMentions({ emetteur, tauxUtilises: taux, clientProfessionnel: pro })
        assert.equal(mentions.includes(MENTION_TVA_6), expected, `${taux} pro=${pro}`)
      }
    }
  })

  test('autoliquidation only for a professional customer with a 0 % line', ({ assert }) => {
    const cases: [number[], boolean, boolean][] = [
      [[0], true, true],
      [[0, 21], true, true],
      [[0], false, false],
      [[21], true, false],
      [[6], true, false],
    ]
    for (const [taux, pro, expected] of cases) {
      const mentions = legalMentions({ emetteur, tauxUtilises: taux, clientProfessionnel: pro })
      assert.equal(mentions.includes(MENTION_AUTOLIQUIDATION), expected, `${taux} pro=${pro}`)
    }
    // Both at once, in a stable order
    const both = legalMentions({ emetteur, tauxUtilises: [0, 6], clientProfessionnel: true })
    assert.deepEqual(both.slice(1), [MENTION_TVA_6, MENTION_AUTOLIQUIDATION])
  })
})

test.group('shared/document / formats', () => {
  test('enterprise numbers: BE 0123.456.789 whatever the typing; anything else unchanged', ({
    assert,
  }) => {
    assert.equal(formatEnterpriseNumber('BE0123456749'), 'BE 0123.456.749')
    assert.equal(formatEnterpriseNumber('be 0123.456.749'), 'BE 0123.456.749')
    assert.equal(formatEnterpriseNumber('0123 456 749'), 'BE 0123.456.749')
    assert.equal(formatEnterpriseNumber('FR12345678901'), 'FR12345678901')
    assert.equal(formatEnterpriseNumber('BE123'), 'BE123')
  })

  test('dates dd/mm/yyyy, titles, percentages', ({ assert }) => {
    assert.equal(formatDate('2026-11-22'), '22/11/2026')
    assert.equal(formatDate('2026-11-22T10:00:00Z'), '22/11/2026')
    assert.equal(formatDate(null), '')
    assert.equal(documentTitle({ kind: 'devis', numero: 'DEV-2026-00001' }), 'Devis DEV-2026-00001')
    assert.equal(documentTitle({ kind: 'devis', numero: null }), 'Devis (brouillon)')
    assert.equal(
      documentTitle({ kind: 'bdc', numero: 'BDC-2026-00003' }),
      'Bon de commande BDC-2026-00003'
    )
    assert.equal(formatPct(21), '21\u00a0%')
    assert.equal(formatPct('12.50'), '12,5\u00a0%')
    assert.equal(formatPct('0.00'), '0\u00a0%')
    assert.equal(formatPct(null), '')
    assert.isTrue(isZeroPct('0.00'))
    assert.isTrue(isZeroPct(''))
    assert.isFalse(isZeroPct('2,5'))
  })
})

test.group('PDF / sanitizePdfText (WinAnsi)', () => {
  test('French text, €, typographic quotes and ligatures are kept as typed', ({ assert }) => {
    const text =
      'Œuvre, cœur, « élève » l’été — 12 € – naïve Ÿ ‰ … ‘a’ “b” • ™ ²³ ×÷ ½ çÇàÀéÈêëîïôöùûüÿ'
    assert.equal(sanitizePdfText(text), text)
  })

  test('amounts of formatEuros and Intl keep their no-break spaces', ({ assert }) => {
    assert.equal(sanitizePdfText(formatEuros(123456)), '1\u00a0234,56\u00a0€')
    assert.equal(sanitizePdfText('1\u202f234,56\u00a0€'), '1\u00a0234,56\u00a0€')
  })

  test('characters the standard fonts lack are replaced, never dropped silently', ({ assert }) => {
    assert.equal(sanitizePdfText('−5 ‑ a\u2009b'), '-5 - a b')
    assert.equal(sanitizePdfText('≤ 3 ≥ 2'), '<= 3 >= 2')
    assert.equal(sanitizePdfText('e\u0301te\u0301'), 'été') // decomposed accents
    assert.equal(sanitizePdfText('Ștefan Łukasz'), 'Stefan ?ukasz')
    assert.equal(sanitizePdfText('Chantier 🏠 OK'), 'Chantier ? OK')
    assert.equal(sanitizePdfText('中文'), '??')
    assert.equal(sanitizePdfText('a\u00adb\u200bc\ufeff'), 'abc')
    assert.equal(sanitizePdfText('l1\r\nl2\rl3\u2028l4\tx'), 'l1\nl2\nl3\nl4 x')
    assert.equal(sanitizePdfText('bell\u0007'), 'bell')
    assert.equal(sanitizePdfText(null), '')
    assert.equal(sanitizePdfText(undefined), '')
  })
})

test.group('Document lines / quantity and unit', () => {
  test('units take the plural from 2 on, m² and ml never; a typed unit stays', ({ assert }) => {
    assert.equal(formatQuantiteUnite('1', 'piece'), '1\u00a0pièce')
    assert.equal(formatQuantiteUnite('1.5', 'heure'), '1,5\u00a0heure')
    assert.equal(formatQuantiteUnite('2', 'piece'), '2\u00a0pièces')
    assert.equal(formatQuantiteUnite('3', 'forfait'), '3\u00a0forfaits')
    assert.equal(formatQuantiteUnite('12.5', 'm2'), '12,5\u00a0m²')
    assert.equal(formatQuantiteUnite('4', 'ml'), '4\u00a0ml')
    assert.equal(formatQuantiteUnite('2', 'caisse'), '2\u00a0caisse')
    assert.equal(formatQuantiteUnite('2', null), '2')
    assert.equal(formatQuantiteUnite(null, 'piece'), '')
  })
})
