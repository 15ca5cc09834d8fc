/*
 * Property: for any document the totals cases of shared/totals.ts can produce (quantities with
 * 3 decimals, discounts with 2, tiny figures and the business limits, a global discount, acomptes deducted),
 * the generated UBL breaks no rule — rounding included (R040/R120 slack, BR-S-09 exact) — and
 * its totals are those of shared/totals.ts, i.e. the PDF's.
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import { computeTotals, limitErrors } from '#shared/totals'
import { UNITES } from '#shared/produits'
import { generateUbl } from '#services/compta/ubl/generate'
import { checkPeppolRules } from '#services/compta/ubl/rules'
import { first, parseXml, text } from '#services/compta/ubl/xml_read'
import type { UblDocument, VatCategory } from '#services/compta/ubl/types'
import { produitLine, scaledText, TOTALS_SEED } from '#tests/fixtures/totals_cases'
import { invoice } from '#tests/fixtures/ubl/documents'

const ublCase = fc.record({
  kind: fc.constantFrom('invoice' as const, 'credit_note' as const),
  lines: fc.array(fc.tuple(produitLine, fc.constantFrom(...UNITES)), {
    minLength: 1,
    maxLength: 20,
  }),
  // 0 % lines of one document share one category, as on our documents
  zeroCategory: fc.constantFrom<VatCategory>('Z', 'E', 'AE'),
  remiseBp: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
  prepaidShare: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 })),
})

test.group('Peppol UBL / properties', () => {
  test('any document passes every rule and equals shared/totals.ts', ({ assert }) => {
    fc.assert(
      fc.property(ublCase, (c) => {
        const lignes = c.lines.map(([l]) => ({
          type: 'produit' as const,
          quantite: scaledText(l.qtyMillis, 3),
          prix_unitaire_ht: l.price,
          remise_pct: scaledText(l.remiseBp, 2),
          taux_tva: l.rate,
        }))
        // Within the business limits (issue 10), where every figure is exact in a JS number
        fc.pre(Object.keys(limitErrors(lignes, scaledText(c.remiseBp, 2))).length === 0)
        const totals = computeTotals({ lignes, remise_globale_pct: scaledText(c.remiseBp, 2) })
        const prepaid = Math.floor((totals.total_ttc * c.prepaidShare) / 100)
        const doc: UblDocument = {
          ...invoice(),
          kind: c.kind,
          billingReference: c.kind === 'credit_note' ? { numero: 'FAC-2026-00001' } : null,
          globalDiscountPct: scaledText(c.remiseBp, 2),
          prepaidCents: prepaid,
          lines: c.lines.map(([l, unit], i) => ({
            id: String(i + 1),
            name: `Ligne ${i + 1}`,
            quantity: lignes[i].quantite,
            unit,
            unitPriceCents: l.price,
            discountPct: lignes[i].remise_pct,
            vatCategory: l.rate === 0 ? c.zeroCategory : 'S',
            vatRate: l.rate,
          })),
        }
        const xml = generateUbl(doc)
        assert.deepEqual(checkPeppolRules(xml), [])
        const parsed = parseXml(xml)
        const lmt = first(parsed.Invoice?.[0] ?? parsed.CreditNote?.[0], 'LegalMonetaryTotal')
        const cents = (name: string) => Math.round(Number(text(first(lmt, name))) * 100)
        assert.equal(cents('TaxExclusiveAmount'), totals.total_ht)
        assert.equal(cents('TaxInclusiveAmount'), totals.total_ttc)
        assert.equal(cents('PayableAmount'), totals.total_ttc - prepaid)
      }),
      { seed: TOTALS_SEED, numRuns: 200 }
    )
  })
})
