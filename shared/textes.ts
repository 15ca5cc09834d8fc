/*
 * Textes modèles (DESIGN.md §2 Texte): their categories, the placeholders a text may use, and
 * the one render function shared by the server (emails, PDF) and the editors' live preview.
 * A text is plain text: line breaks matter, markup does not. Rendered to HTML, everything (the
 * text and the values) is escaped, so a text can never inject markup.
 */

export const TEXTE_CATEGORIES = [
  { value: 'devis_intro', label: 'Introduction de devis' },
  { value: 'devis_conditions', label: 'Conditions du devis' },
  { value: 'email_devis', label: 'E-mail d’envoi de devis' },
  { value: 'email_relance', label: 'E-mails de relance' },
  { value: 'bdc_conditions', label: 'Conditions du bon de commande' },
  { value: 'facture_mentions', label: 'Mentions de facture' },
  { value: 'email_demande_paiement', label: 'E-mail de demande de paiement' },
  { value: 'email_facture', label: 'E-mail d’envoi de facture' },
  { value: 'relance_facture', label: 'Relances de facture (niveaux 1 à 3)' },
  { value: 'email_commande_fournisseur', label: 'E-mail de commande fournisseur' },
  { value: 'email_rappel_visite', label: 'E-mail de rappel de visite (la veille)' },
] as const

export type TexteCategorie = (typeof TEXTE_CATEGORIES)[number]['value']

export const TEXTE_CATEGORIE_VALUES: TexteCategorie[] = TEXTE_CATEGORIES.map((c) => c.value)

export function categorieLabel(value: string): string {
  return TEXTE_CATEGORIES.find((c) => c.value === value)?.label ?? value
}

/** Limits of the fields (the database and the validators agree). */
export const TEXTE_LIMITS = { code: 60, titre: 160, contenu: 20_000 } as const

/** A code: lower-case letters, digits and underscores, starting with a letter. */
export const TEXTE_CODE_PATTERN = /^[a-z][a-z0-9_]*$/

export type TexteScalar = string | number | boolean | null | undefined
export interface TexteContext {
  [key: string]: TexteScalar | TexteContext
}

/** The placeholders offered in the editors, with the sample value of the live preview. */
export const PLACEHOLDERS: { key: string; label: string; sample: string }[] = [
  { key: 'client.civilite', label: 'Civilité du client', sample: 'Madame' },
  { key: 'client.prenom', label: 'Prénom du client', sample: 'Anne' },
  { key: 'client.nom', label: 'Nom du client', sample: 'Leclercq' },
  {
    key: 'client.adresse',
    label: 'Adresse du client',
    sample: 'Rue des Alouettes 14, 5100 Jambes',
  },
  { key: 'client.email', label: 'E-mail du client', sample: 'anne.leclercq@example.be' },
  { key: 'devis.numero', label: 'Numéro du devis', sample: 'DEV-2026-00042' },
  { key: 'devis.date', label: 'Date du devis', sample: '12/03/2026' },
  {
    key: 'devis.objet',
    label: 'Objet du devis',
    sample: 'Remplacement de 6 châssis PVC et de la porte d’entrée',
  },
  { key: 'devis.montant_ttc', label: 'Montant TTC du devis', sample: '14 862,50 €' },
  { key: 'devis.valable_jusqu_au', label: 'Devis valable jusqu’au', sample: '11/04/2026' },
  { key: 'devis.acompte_pct', label: 'Pourcentage d’acompte', sample: '30' },
  { key: 'devis.acompte', label: 'Montant de l’acompte', sample: '4 458,75 €' },
  {
    key: 'devis.lien',
    label: 'Lien pour accepter le devis en ligne',
    sample: 'https://esi-backoffice.example/devis/7f3a9c/1',
  },
  { key: 'bdc.numero', label: 'Numéro du bon de commande', sample: 'BDC-2026-00017' },
  { key: 'bdc.signe_le', label: 'Date de signature du bon de commande', sample: '18/03/2026' },
  { key: 'facture.numero', label: 'Numéro de la facture', sample: 'FAC-2026-00123' },
  { key: 'facture.date', label: 'Date de la facture', sample: '11/04/2026' },
  { key: 'facture.echeance', label: 'Échéance de la facture', sample: '11/05/2026' },
  { key: 'facture.montant_ttc', label: 'Montant TTC de la facture', sample: '10 403,75 €' },
  {
    key: 'facture.communication',
    label: 'Communication structurée',
    sample: '+++202/6000/12320+++',
  },
  { key: 'facture.reste', label: 'Montant restant dû', sample: '10 403,75 €' },
  {
    key: 'facture.lien',
    label: 'Lien de la facture',
    sample: 'https://esi-backoffice.example/facture/7f3a9c',
  },
  { key: 'relance.niveau', label: 'Niveau de la relance', sample: '2' },
  { key: 'relance.libelle', label: 'Nature de la relance', sample: 'Rappel ferme' },
  { key: 'relance.date', label: 'Date de la relance', sample: '18/05/2026' },
  { key: 'relance.jours_retard', label: 'Jours de retard', sample: '22' },
  { key: 'relance.interets', label: 'Intérêts de retard (B2B)', sample: '63,12 €' },
  { key: 'relance.taux', label: 'Taux d’intérêt légal (B2B)', sample: '10,50 %' },
  { key: 'relance.indemnite', label: 'Indemnité forfaitaire (B2B)', sample: '40,00 €' },
  { key: 'relance.total', label: 'Total réclamé', sample: '10 506,87 €' },
  { key: 'paiement.montant', label: 'Montant demandé', sample: '4 458,75 €' },
  {
    key: 'paiement.lien',
    label: 'Lien de paiement',
    sample: 'https://esi-backoffice.example/paiement/7f3a9c',
  },
  { key: 'societe.nom', label: 'Nom de notre société', sample: 'Menuiseries Dubois & Fils' },
  { key: 'societe.forme_juridique', label: 'Forme juridique', sample: 'SRL' },
  { key: 'societe.tva', label: 'Numéro de TVA', sample: 'BE0456789034' },
  {
    key: 'societe.adresse',
    label: 'Adresse du siège',
    sample: 'Chaussée de Louvain 212, 5000 Namur',
  },
  { key: 'societe.rpm', label: 'RPM', sample: 'RPM Liège, division Namur' },
  { key: 'societe.iban', label: 'IBAN', sample: 'BE68 5390 0754 7034' },
  { key: 'societe.telephone', label: 'Téléphone', sample: '+32 81 22 33 44' },
  { key: 'societe.email', label: 'E-mail', sample: 'info@dubois-menuiseries.be' },
  { key: 'fournisseur.nom', label: 'Nom du fournisseur', sample: 'Profilés Wallons SA' },
  {
    key: 'commande_fournisseur.numero',
    label: 'Numéro de la commande fournisseur',
    sample: 'CF-2026-00012',
  },
  {
    key: 'commande_fournisseur.date',
    label: 'Date de la commande fournisseur',
    sample: '02/04/2026',
  },
  {
    key: 'commande_fournisseur.montant_ht',
    label: 'Montant HT de la commande fournisseur',
    sample: '3 412,80 €',
  },
  {
    key: 'commande_fournisseur.livraison',
    label: 'Adresse de livraison (chantier)',
    sample: 'Rue des Alouettes 14, 5100 Jambes',
  },
  { key: 'commande.numero', label: 'Numéro de la commande', sample: 'CMD-2026-00017' },
  { key: 'visite.nature', label: 'Nature de la visite', sample: 'Mesurage' },
  { key: 'visite.date', label: 'Date de la visite', sample: 'mardi 01/12/2026' },
  { key: 'visite.plage', label: 'Plage horaire de la visite', sample: 'entre 09:00 et 10:30' },
  { key: 'visite.adresse', label: 'Adresse de la visite', sample: 'Rue de Fer 12, 5000 Namur' },
  { key: 'visite.technicien', label: 'Technicien(s) de la visite', sample: 'Marc Dubois' },
  { key: 'user.nom', label: 'Votre nom', sample: 'Sophie Lambert' },
  { key: 'user.email', label: 'Votre e-mail', sample: 'sophie.lambert@dubois-menuiseries.be' },
]

const KNOWN = new Set(PLACEHOLDERS.map((p) => p.key))

/** `{{ client.nom }}`: a dotted path between double braces, spaces allowed inside. */
const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\}\}/g

/** A nested context from "a.b" → value pairs. */
export function contextFrom(values: Record<string, TexteScalar>): TexteContext {
  const root: TexteContext = {}
  for (const [path, value] of Object.entries(values)) {
    const keys = path.split('.')
    let node = root
    for (const key of keys.slice(0, -1)) {
      const next = Object.hasOwn(node, key) ? node[key] : undefined
      node = next && typeof next === 'object' ? next : (node[key] = {})
    }
    node[keys[keys.length - 1]] = value
  }
  return root
}

/** The context of the live preview: every placeholder with its sample value. */
export const SAMPLE_CONTEXT: TexteContext = contextFrom(
  Object.fromEntries(PLACEHOLDERS.map((p) => [p.key, p.sample]))
)

/**
 * The value at a dotted path, as text; null when the path leads nowhere or to an object. Only
 * own properties count: `{{constructor.name}}` or `{{__proto__}}` never reach the prototype.
 */
export function lookup(context: TexteContext, path: string): string | null {
  let node: TexteScalar | TexteContext = context
  for (const key of path.split('.')) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return null
    node = (node as TexteContext)[key]
  }
  if (node === null || node === undefined || typeof node === 'object') return null
  return String(node)
}

/** A piece of a rendered text: literal text, a filled placeholder, or an unknown one (as-is). */
export type TexteSegment = { kind: 'text' | 'value' | 'unknown'; text: string; key?: string }

/** The text cut into segments, each placeholder replaced by its value or kept as it was. */
export function renderSegments(template: string, context: TexteContext): TexteSegment[] {
  const segments: TexteSegment[] = []
  let last = 0
  for (const match of template.matchAll(PLACEHOLDER_PATTERN)) {
    const start = match.index
    if (start > last) segments.push({ kind: 'text', text: template.slice(last, start) })
    const key = match[1]
    const value = lookup(context, key)
    segments.push(
      value === null
        ? { kind: 'unknown', text: match[0], key }
        : { kind: 'value', text: value, key }
    )
    last = start + match[0].length
  }
  if (last < template.length) segments.push({ kind: 'text', text: template.slice(last) })
  return segments
}

/** Plain-text rendering (emails' text part, the preview): unknown placeholders stay visible. */
export function renderTexte(template: string, context: TexteContext): string {
  return renderSegments(template, context)
    .map((s) => s.text)
    .join('')
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch])
}

/**
 * HTML rendering (emails' HTML part, PDF): the text and every value escaped, line breaks as
 * <br>. Nothing a user typed (in the text or in the data) can become markup.
 */
export function renderTexteHtml(template: string, context: TexteContext): string {
  return renderTexte(template, context)
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map(escapeHtml)
    .join('<br>\n')
}

/** The placeholders a text uses, each once, in order of appearance. */
export function placeholdersIn(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]))]
}

/** Placeholders of the text that are not in the list offered (a typo, most likely). */
export function unknownPlaceholders(template: string): string[] {
  return placeholdersIn(template).filter((key) => !KNOWN.has(key))
}
