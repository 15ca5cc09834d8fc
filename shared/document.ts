/*
 * A sales document as the customer sees it: one data shape for the PDF (app/services/pdf) and
 * the Preview pages (inertia/components/document/DocumentView.tsx), so both show the same thing.
 * Money in cents; dates as ISO yyyy-mm-dd (shown dd/mm/yyyy, Europe/Brussels).
 */
import type { LigneType, VatGroup } from './totals.js'

export type DocumentKind =
  'devis' | 'offre' | 'bdc' | 'demande_paiement' | 'facture' | 'note_credit' | 'avenant'

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  devis: 'Devis',
  offre: 'Offre',
  bdc: 'Bon de commande',
  demande_paiement: 'Demande de paiement',
  facture: 'Facture',
  note_credit: 'Note de crédit',
  avenant: 'Avenant',
}

export type DocumentParty = {
  nom: string
  lignes_adresse: string[]
  numero_tva: string | null
  email: string | null
  telephone: string | null
}

export type DocumentEmetteur = DocumentParty & {
  forme_juridique: string | null
  rpm: string | null
  iban: string | null
  bic: string | null
  /** Key of the logo in the server's file storage (PDF) — never sent to the browser. */
  logo_path?: string | null
  /** URL the browser may load the logo from (Preview). */
  logo_url?: string | null
}

export type DocumentLigne = {
  type: LigneType
  designation: string
  quantite: string | null
  unite: string | null
  prix_unitaire_ht: number | null
  remise_pct: string
  taux_tva: number | null
  total_ht: number | null
  /** A devis option (issue 14 §1): ticked (counted) or not (printed, out of the totals). */
  option?: 'retenue' | 'ecartee'
}

/** A line's option state on the document, from its data (a produit line only); absent if none. */
export function optionOf(l: {
  type: string
  optionnel?: boolean
  retenue?: boolean
}): Pick<DocumentLigne, 'option'> {
  if (l.type !== 'produit' || !l.optionnel) return {}
  return { option: l.retenue === false ? 'ecartee' : 'retenue' }
}

/** How an option line reads on the printed and on-screen document. */
export function optionLabel(option: DocumentLigne['option']): string | null {
  if (option === 'retenue') return 'Option retenue'
  if (option === 'ecartee') return 'Option non retenue, hors total'
  return null
}

/** The note under the lines when an option is left out of the totals. */
export const OPTIONS_HORS_TOTAL_NOTE =
  'Les montants entre parenthèses sont des options non retenues, non comprises dans le total.'

export type DocumentData = {
  kind: DocumentKind
  /** Null for a draft: "Brouillon" prints instead of a number. */
  numero: string | null
  /** A draft (no number yet, or a new version being edited): "BROUILLON" across the pages. */
  brouillon?: boolean
  revision?: number
  /** The document this one comes from, e.g. "Devis DEV-2026-00001 (version 2)" on a bdc. */
  reference?: string | null
  date: string
  valable_jusqu_au?: string | null
  /** A facture's due date. */
  echeance?: string | null
  objet: string
  adresse_chantier: string | null
  emetteur: DocumentEmetteur
  destinataire: DocumentParty
  /** "Votre contact" (commercial or the pro author). */
  contact_commercial?: string | null
  intro: string | null
  lignes: DocumentLigne[]
  total_brut_ht: number
  remise_globale_pct: string
  remise_globale: number
  total_ht: number
  total_tva: number
  total_ttc: number
  tva: VatGroup[]
  acompte_pct?: string | null
  acompte?: number | null
  conditions: string | null
  /** Legal mentions computed by legalMentions() below, printed at the foot. */
  mentions: string[]
  /** Signature block of a bdc. */
  signature?: {
    signe_le: string | null
    signataire: string | null
    lieu: string | null
    /** Storage key of the drawn/scanned signature (PNG/JPEG) for the PDF — never sent to the browser. */
    image_path?: string | null
  } | null
  /** Space for the customer's "Bon pour accord" (a devis). */
  bon_pour_accord?: boolean
  /** Space for the customer's signature of an unsigned bdc (« Lu et approuvé », place, date). */
  signature_a_apposer?: boolean
  /** The withdrawal information and model form, a detachable last page (shared/retractation.ts). */
  retractation?: DocumentRetractation | null
  /** A bdc signed online: its evidence record, printed on the last page (issue 14 §1). */
  preuve_signature?: DocumentPreuveSignature | null
  /** Payment details of a demande de paiement / acompte. */
  paiement?: {
    montant: number
    iban: string
    bic: string | null
    communication: string
    /** data: URL of the EPC QR code. */
    qr_data_url?: string | null
  } | null
}

/** The evidence of an online signature (app/services/signature_en_ligne/preuve.ts). */
export type DocumentPreuveSignature = {
  sha256: string
  /** Whether the stored text still gives the stored hash. */
  intacte: boolean
  devis_numero: string | null
  devis_revision: number
  /** Already formatted, Brussels time with its offset. */
  signe_le: string
  ip: string | null
  user_agent: string | null
  signataire: string
  mention: string
  consentement: boolean
  options: { index: number; designation: string; retenue: boolean }[]
}

/** One line of the model withdrawal form: the statutory label and what is filled in already. */
export type RetractationLigne = { label: string; valeur: string | null }

/** Built by retractationAnnexe() (shared/retractation.ts); printed the same by the PDF and the preview. */
export type DocumentRetractation = {
  titre: string
  /** The information on the right: 14 days, how it runs, how to use it, the refund. */
  information: string[]
  formulaire_titre: string
  formulaire_consigne: string
  formulaire: RetractationLigne[]
  note: string
}

/** "Devis DEV-2026-00001", "Devis (brouillon)": the title of the PDF, the page and the file. */
export function documentTitle(doc: Pick<DocumentData, 'kind' | 'numero'>): string {
  const title = DOCUMENT_TITLES[doc.kind]
  return doc.numero ? `${title} ${doc.numero}` : `${title} (brouillon)`
}

const PCT = new Intl.NumberFormat('fr-BE', { maximumFractionDigits: 2 })

/** "21 %", "12,5 %" (French spacing, no-break space before the sign). */
export function formatPct(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const n = Number(String(value).replace(',', '.'))
  if (!Number.isFinite(n)) return String(value)
  return `${PCT.format(n)}\u00a0%`
}

/** True when a percentage text ("0.00", "0") is zero or empty. */
export function isZeroPct(value: string | number | null | undefined): boolean {
  return !value || Number(String(value).replace(',', '.')) === 0
}

/** The fixed 6 % mention (BE renovation of a dwelling over 10 years old, since 2022). */
export const MENTION_TVA_6 =
  'Taux de TVA : en l’absence de contestation par écrit, dans un délai d’un mois à compter de la réception de la facture, le client est présumé reconnaître que (1) les travaux sont effectués à un bâtiment d’habitation dont la première occupation a eu lieu au cours d’une année civile qui précède d’au moins dix ans la date de la première facture relative à ces travaux, (2) qu’après l’exécution de ces travaux, l’habitation est utilisée, soit exclusivement soit à titre principal comme logement privé et (3) que ces travaux sont fournis et facturés à un consommateur final. Si au moins une de ces conditions n’est pas remplie, le taux normal de TVA de 21 % sera applicable et le client endossera, par rapport à ces conditions, la responsabilité quant au paiement de la taxe, des intérêts et des amendes dus.'

/** B2B construction works at 0 %: the customer pays the VAT (co-contractant). */
export const MENTION_AUTOLIQUIDATION =
  'Autoliquidation : TVA due par le cocontractant, article 20 de l’arrêté royal n° 1 (travaux immobiliers).'

/**
 * Mentions that print by themselves (DESIGN.md §3): the company's identity on every document,
 * the 6 % mention when a 6 % line exists, autoliquidation when a 0 % line exists for a business
 * customer.
 */
export function legalMentions(input: {
  emetteur: Pick<
    DocumentEmetteur,
    'nom' | 'forme_juridique' | 'numero_tva' | 'rpm' | 'lignes_adresse'
  >
  tauxUtilises: number[]
  clientProfessionnel: boolean
}): string[] {
  const e = input.emetteur
  const identity = [
    [e.nom, e.forme_juridique].filter(Boolean).join(' '),
    e.lignes_adresse.length ? `siège : ${e.lignes_adresse.join(', ')}` : null,
    e.numero_tva ? `n° d’entreprise ${formatEnterpriseNumber(e.numero_tva)}` : null,
    e.rpm ? (/^RP[MR]\b/i.test(e.rpm.trim()) ? e.rpm.trim() : `RPM ${e.rpm.trim()}`) : null,
  ]
    .filter(Boolean)
    .join(' — ')
  const mentions = [identity]
  if (input.tauxUtilises.includes(6)) mentions.push(MENTION_TVA_6)
  if (input.clientProfessionnel && input.tauxUtilises.includes(0))
    mentions.push(MENTION_AUTOLIQUIDATION)
  return mentions
}

/**
 * Late-payment terms printed on a facture (decision 208). Between businesses, the law of 2 August
 * 2002 on late payment in commercial transactions (art. 5 and 6): interest at its reference
 * rate and a fixed 40 € recovery indemnity, due by law without reminder. To a consumer, Book XIX
 * of the Code de droit économique (in force 1 September 2024): a first reminder is free and the
 * consumer has 14 days after it to pay before any interest or indemnity, within its caps.
 */
export const MENTION_RETARD_B2B =
  'En cas de retard de paiement, un intérêt de retard au taux prévu par l’article 5 de la loi du 2 août 2002 concernant la lutte contre le retard de paiement dans les transactions commerciales est dû de plein droit et sans mise en demeure à compter du lendemain de l’échéance, ainsi qu’une indemnité forfaitaire pour frais de recouvrement de 40 € (article 6 de la même loi), sans préjudice d’une indemnisation raisonnable des autres frais de recouvrement.'

export const MENTION_RETARD_CONSOMMATEUR =
  'En cas de retard de paiement, un premier rappel vous est adressé gratuitement. Si la facture n’est pas payée dans les 14 jours qui suivent ce rappel, des intérêts de retard et une indemnité forfaitaire peuvent être réclamés, dans les limites fixées par le livre XIX du Code de droit économique.'

export function latePaymentMention(clientProfessionnel: boolean): string {
  return clientProfessionnel ? MENTION_RETARD_B2B : MENTION_RETARD_CONSOMMATEUR
}

/** BE0123456789 → BE 0123.456.789 */
export function formatEnterpriseNumber(vat: string): string {
  const digits = vat.replace(/\D/g, '')
  if (digits.length !== 10) return vat
  return `BE ${digits.slice(0, 4)}.${digits.slice(4, 7)}.${digits.slice(7)}`
}
