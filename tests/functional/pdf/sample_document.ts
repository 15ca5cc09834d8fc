/*
 * A DocumentData built in memory (no database): the devis the PDF unit tests print.
 */
import { legalMentions, type DocumentData, type DocumentLigne } from '#shared/document'
import { computeTotals } from '#shared/totals'

export function sampleDocument(lignes: DocumentLigne[], overrides: Partial<DocumentData> = {}) {
  const totals = computeTotals({ lignes, remise_globale_pct: '5', acompte_pct: '30' })
  const emetteur = {
    nom: 'ESI Menuiserie',
    forme_juridique: 'SRL',
    lignes_adresse: ['Rue de l’Industrie 4', '5000 Namur'],
    numero_tva: 'BE0123456749',
    rpm: 'RPM Liège, division Namur',
    iban: 'BE71 0961 2345 6769',
    bic: 'GKCCBEBB',
    email: 'info@esi.test',
    telephone: '081 00 00 00',
  }
  const doc: DocumentData = {
    kind: 'devis',
    numero: 'DEV-2026-00042',
    brouillon: false,
    revision: 2,
    date: '2026-11-22',
    valable_jusqu_au: '2026-12-22',
    objet: 'Châssis et cœur de l’œuvre',
    adresse_chantier: 'Rue du Pont 1, 5000 Namur',
    emetteur,
    destinataire: {
      nom: 'Mme Zoë Lefèvre',
      lignes_adresse: ['Rue de Fer 12', '5000 Namur'],
      numero_tva: null,
      email: 'zoe@example.com',
      telephone: null,
    },
    contact_commercial: 'Jean Vendeur',
    intro: 'Suite à votre demande, voici notre offre − en « français » :\u202fparfait.',
    lignes: lignes.map((l, i) => ({ ...l, total_ht: totals.lignes[i].total_ht })),
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
    mentions: legalMentions({
      emetteur,
      tauxUtilises: [...new Set(lignes.map((l) => l.taux_tva ?? 0))],
      clientProfessionnel: false,
    }),
    bon_pour_accord: true,
    ...overrides,
  }
  return { doc, totals }
}
