/*
 * DocumentView (the Preview pages' sheet) shows what the PDF prints from the same DocumentData:
 * the lines by type, the VAT groups, TOTAL TTC, acompte, mentions, the logo URL, the draft mark.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import DocumentView from '~/components/document/DocumentView'
import { legalMentions, MENTION_TVA_6, type DocumentData } from '@shared/document'
import { retractationAnnexe } from '@shared/retractation'
import { computeTotals, formatEuros, type TotalsLigneInput } from '@shared/totals'

const lignes = [
  { type: 'section', designation: 'Cuisine' },
  {
    type: 'produit',
    designation: 'Fenêtre <b>PVC</b>',
    quantite: '2.5',
    prix_unitaire_ht: 123456,
    remise_pct: '10',
    taux_tva: 6,
  },
  {
    type: 'produit',
    designation: 'Pose',
    quantite: '1',
    prix_unitaire_ht: 45000,
    remise_pct: '0',
    taux_tva: 21,
  },
  { type: 'sous_total', designation: '' },
  { type: 'texte', designation: 'Garantie 10 ans' },
] as (TotalsLigneInput & { designation: string })[]

function doc(overrides: Partial<DocumentData> = {}): DocumentData {
  const totals = computeTotals({ lignes, remise_globale_pct: '5', acompte_pct: '30' })
  const emetteur = {
    nom: 'ESI Châssis',
    forme_juridique: 'SRL',
    lignes_adresse: ['Rue de l’Industrie 4', '5000 Namur'],
    numero_tva: 'BE0123456749',
    rpm: null,
    iban: 'BE71096123456769',
    bic: null,
    email: null,
    telephone: null,
    logo_url: '/app/company/3/logo',
  }
  return {
    kind: 'devis',
    numero: 'DEV-2026-00001',
    date: '2026-03-10',
    valable_jusqu_au: '2026-04-09',
    objet: 'Châssis',
    adresse_chantier: null,
    emetteur,
    destinataire: {
      nom: 'Mme Zoë Lefèvre',
      lignes_adresse: [],
      numero_tva: null,
      email: null,
      telephone: null,
    },
    intro: null,
    lignes: lignes.map((l, i) => ({
      type: l.type,
      designation: l.designation,
      quantite: l.type === 'produit' ? String(l.quantite) : null,
      unite: l.type === 'produit' ? 'piece' : null,
      prix_unitaire_ht: l.prix_unitaire_ht ?? null,
      remise_pct: String(l.remise_pct ?? '0'),
      taux_tva: l.taux_tva ?? null,
      total_ht: totals.lignes[i].total_ht,
    })),
    total_brut_ht: totals.total_brut_ht,
    remise_globale_pct: '5',
    remise_globale: totals.remise_globale,
    total_ht: totals.total_ht,
    total_tva: totals.total_tva,
    total_ttc: totals.total_ttc,
    tva: totals.tva,
    acompte_pct: '30',
    acompte: totals.acompte,
    conditions: 'Paiement à 30 jours.',
    mentions: legalMentions({ emetteur, tauxUtilises: [6, 21], clientProfessionnel: false }),
    bon_pour_accord: true,
    ...overrides,
  }
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, ' ')
const euros = (cents: number) => formatEuros(cents).replace(/[\s\u00a0\u202f]+/g, ' ')

describe('DocumentView', () => {
  it('shows the lines, VAT per rate, totals and acompte of the data', () => {
    const d = doc()
    const html = renderToStaticMarkup(<DocumentView document={d} />)
    const t = text(html)
    expect(t).toContain('Devis DEV-2026-00001')
    expect(t).toContain('Mme Zoë Lefèvre')
    // Text, never markup
    expect(t).toContain('Fenêtre <b>PVC</b>')
    expect(html).not.toContain('<b>PVC</b>')
    expect(t).toContain('2,5 pièces')
    expect(t).toContain('10 %')
    expect(t).toContain(`Sous-total ${euros(d.lignes[3].total_ht!)}`)
    for (const g of d.tva) expect(t).toContain(euros(g.tva))
    expect(t).toContain(`TOTAL TTC ${euros(d.total_ttc)}`)
    expect(t).toContain(`Acompte demandé (30 %) : ${euros(d.acompte!)}`)
    expect(t).toContain(MENTION_TVA_6.slice(0, 40))
    expect(t).toContain('BE 0123.456.749')
    expect(t).toContain('IBAN BE71 0961 2345 6769')
    expect(t).toContain('Bon pour accord')
    expect(html).toContain('src="/app/company/3/logo"')
    expect(t).not.toContain('BROUILLON')
  })

  it('a draft: "(brouillon)" title and the mark; no logo URL → the name', () => {
    const base = doc()
    const html = renderToStaticMarkup(
      <DocumentView
        document={{
          ...base,
          numero: null,
          brouillon: true,
          emetteur: { ...base.emetteur, logo_url: null },
        }}
      />
    )
    const t = text(html)
    expect(t).toContain('Devis (brouillon)')
    expect(t).toContain('BROUILLON')
    expect(html).not.toContain('<img')
  })

  it('an unsigned bdc: its own signature box and the withdrawal annex built by shared/retractation', () => {
    const base = doc()
    const retractation = retractationAnnexe({
      statut: 'a_signer',
      lieu: null,
      renonciation: false,
      clientProfessionnel: false,
      numero: 'BDC-2026-00007',
      date: '2026-03-11',
      objet: 'Châssis',
      signeLe: null,
      fin: null,
      regle: 'interdit_7_jours',
      emetteur: { ...base.emetteur, email: 'info@esi.test', telephone: '081 00 00 00' },
      destinataire: base.destinataire,
    })
    const html = renderToStaticMarkup(
      <DocumentView
        document={{
          ...base,
          kind: 'bdc',
          numero: 'BDC-2026-00007',
          bon_pour_accord: false,
          signature_a_apposer: true,
          retractation,
        }}
      />
    )
    const t = text(html)
    expect(t).not.toContain('Bon pour accord')
    expect(t).toContain('Lu et approuvé.')
    expect(t).toContain('Modèle de formulaire de rétractation')
    expect(t).toContain(
      '— À l’attention de : ESI Châssis, Rue de l’Industrie 4, 5000 Namur, e-mail : info@esi.test, tél. : 081 00 00 00'
    )
    expect(t).toContain('Bon de commande n° BDC-2026-00007 du 11/03/2026 — Châssis')
    expect(t).toContain('(*) Rayez la mention inutile.')
    expect(t).toContain(
      'Aucun paiement ne peut vous être demandé ni être reçu avant l’expiration d’un délai de 7 jours'
    )
  })
})
