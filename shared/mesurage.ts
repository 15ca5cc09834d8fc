/*
 * Issue 12 §2, the measurement sheet: what the devis said (parsed from a quoted line's
 * designation), which quoted lines are measured, the options a technician picks, and THE rule
 * that flags a difference between the measure and the devis (decisions 330–349). Shared: the
 * server prefills and validates with it, the page shows the same flags as they are typed.
 */

/** Largest dimension accepted (mm), as the table's check (mesure_lignes_dims_check). */
export const DIMENSION_MAX_MM = 100_000
export const QUANTITE_MAX = 9999
export const TOLERANCE_DEFAUT_MM = 10
export const TOLERANCE_MAX_MM = 100

export const MESURE_LIMITS = {
  repere: 80,
  designation: 300,
  couleur: 80,
  vitrage: 80,
  remarques: 2000,
  remarquesFeuille: 5000,
  lignes: 200,
} as const

export const SENS_OUVERTURE = [
  'gauche',
  'droite',
  'oscillo_battant_gauche',
  'oscillo_battant_droite',
  'coulissant',
  'fixe',
  'soufflet',
  'basculant',
] as const
export type SensOuverture = (typeof SENS_OUVERTURE)[number]

export const SENS_OUVERTURE_LABELS: Record<SensOuverture, string> = {
  gauche: 'Gauche',
  droite: 'Droite',
  oscillo_battant_gauche: 'Oscillo-battant gauche',
  oscillo_battant_droite: 'Oscillo-battant droite',
  coulissant: 'Coulissant',
  fixe: 'Fixe',
  soufflet: 'Soufflet',
  basculant: 'Basculant',
}

/** Colours recognised in a designation (lower case, accents removed) → the name kept. */
const COULEURS: [RegExp, string][] = [
  [/\bblanc(he)?\b|\bral ?9016\b|\bral ?9010\b/, 'blanc'],
  [/\banthracite\b|\bral ?7016\b/, 'anthracite'],
  [/\bnoir(e)?\b|\bral ?9005\b/, 'noir'],
  [/\bgris(e)?\b/, 'gris'],
  [/\bcreme\b|\bivoire\b|\bral ?9001\b/, 'crème'],
  [/\bchene dore\b|\bgolden oak\b/, 'chêne doré'],
  [/\bbrun\b|\bbrune\b/, 'brun'],
  [/\blasure\b/, 'lasuré'],
]

/** Glazing recognised in a designation → the name kept. */
const VITRAGES: [RegExp, string][] = [
  [/\btriple vitrage\b/, 'triple vitrage'],
  [/\bdouble vitrage\b/, 'double vitrage'],
  [/\bvitrage acoustique\b/, 'vitrage acoustique'],
  [/\bfeuillete\b/, 'feuilleté'],
]

export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

const UNIT_FACTOR: Record<string, number> = { mm: 1, cm: 10, m: 1000 }

/**
 * « 60 × 120 cm », « 1000x1400 mm », « 4 × 3 m », « 120×140 » → largeur × hauteur in mm; the
 * first « L × H » of the text. Without a unit: centimetres when both numbers are under 500
 * (a window's size in a catalogue), millimetres otherwise. Null when there is none.
 */
export function parseDimensions(text: string): { largeur_mm: number; hauteur_mm: number } | null {
  const m =
    /(\d+(?:[.,]\d+)?)\s*(mm|cm|m)?\s*[×xX*]\s*(\d+(?:[.,]\d+)?)\s*(mm|cm|m)?(?![a-zA-Z])/.exec(
      text
    )
  if (!m) return null
  const a = Number(m[1].replace(',', '.'))
  const b = Number(m[3].replace(',', '.'))
  const unit = (m[4] ?? m[2] ?? '').toLowerCase()
  const factor = unit ? UNIT_FACTOR[unit] : a < 500 && b < 500 ? 10 : 1
  const largeur = Math.round(a * factor)
  const hauteur = Math.round(b * factor)
  if (largeur < 1 || hauteur < 1 || largeur > DIMENSION_MAX_MM || hauteur > DIMENSION_MAX_MM)
    return null
  return { largeur_mm: largeur, hauteur_mm: hauteur }
}

export function parseCouleur(text: string): string | null {
  const t = normalizeText(text)
  for (const [re, name] of COULEURS) if (re.test(t)) return name
  return null
}

export function parseVitrage(text: string): string | null {
  const t = normalizeText(text)
  for (const [re, name] of VITRAGES) if (re.test(t)) return name
  return null
}

/** Only the openings a designation states without ambiguity (a side is never guessed). */
export function parseSens(text: string): SensOuverture | null {
  const t = normalizeText(text)
  if (/\bcoulissant(e)?\b/.test(t)) return 'coulissant'
  if (/\bfixe\b/.test(t)) return 'fixe'
  return null
}

/** What the devis said about an item (mesure_lignes.reference). */
export type MesureReference = {
  largeur_mm?: number | null
  hauteur_mm?: number | null
  couleur?: string | null
  vitrage?: string | null
  sens_ouverture?: string | null
  quantite?: number | null
}

/** The reference of a quoted line: its designation parsed, its quantity. */
export function referenceFromDesignation(
  designation: string,
  quantite: number | null
): MesureReference {
  const dims = parseDimensions(designation)
  return {
    largeur_mm: dims?.largeur_mm ?? null,
    hauteur_mm: dims?.hauteur_mm ?? null,
    couleur: parseCouleur(designation),
    vitrage: parseVitrage(designation),
    sens_ouverture: parseSens(designation),
    quantite: quantite,
  }
}

/**
 * Catalogue categories that are work or accessories, never measured (decision 331): pose, labour,
 * travel, hardware, finishings, services.
 */
const CATEGORIES_NON_MESUREES =
  /^(pose|main d.?(œ|oe)uvre|deplacements?|quincaillerie|finitions?|services?|prestations?)\b/

/**
 * A bdc line the technician measures (decision 331): a produit line sold by the piece or the m²,
 * whose catalogue category is not work/hardware; a line typed by hand (no catalogue product) when
 * its designation gives dimensions.
 */
export function ligneAMesurer(line: {
  type: string
  unite: string | null
  categorie: string | null
  produit_id: number | null
  designation: string
}): boolean {
  if (line.type !== 'produit') return false
  if (line.unite !== 'piece' && line.unite !== 'm2') return false
  if (/^suppl[eé]ment\b/i.test(line.designation.trim())) return false
  if (line.produit_id === null) return parseDimensions(line.designation) !== null
  const categorie = normalizeText(line.categorie ?? '').replace(/’/g, "'")
  return !CATEGORIES_NON_MESUREES.test(categorie)
}

/** A row as measured (mesure_lignes columns). */
export type MesureValeurs = {
  bdc_ligne_id: number | null
  largeur_mm: number | null
  hauteur_mm: number | null
  couleur: string | null
  vitrage: string | null
  sens_ouverture: string | null
  quantite: number | null
}

export type MesureEcart = { champ: string; devis: string; mesure: string; message: string }

const FIELD_LABELS: Record<string, string> = {
  largeur_mm: 'Largeur',
  hauteur_mm: 'Hauteur',
  couleur: 'Couleur',
  vitrage: 'Vitrage',
  sens_ouverture: 'Sens d’ouverture',
  quantite: 'Quantité',
}

const mm = (n: number) => `${n} mm`
const qty = (n: number) => String(n).replace('.', ',')
function sensLabel(value: string): string {
  return SENS_OUVERTURE_LABELS[value as SensOuverture] ?? value
}

/**
 * THE rule (decision 332): the differences between a measured row and the devis. A dimension
 * beyond ± tolerance (mm), a colour, glazing or opening that is given on both sides and differs
 * (accents and case ignored), a different quantity; a row added on site (no quoted line) is one
 * difference as a whole. A value the devis did not state is never a difference.
 */
export function ecartsLigne(
  valeurs: MesureValeurs,
  reference: MesureReference,
  toleranceMm: number
): MesureEcart[] {
  if (valeurs.bdc_ligne_id === null) {
    return [
      {
        champ: 'ligne',
        devis: '—',
        mesure: 'ajouté',
        message: 'Élément ajouté sur chantier : absent du devis.',
      },
    ]
  }
  const out: MesureEcart[] = []
  for (const champ of ['largeur_mm', 'hauteur_mm'] as const) {
    const devis = reference[champ]
    const mesure = valeurs[champ]
    if (devis === null || devis === undefined || mesure === null) continue
    const diff = mesure - devis
    if (Math.abs(diff) > toleranceMm) {
      out.push({
        champ,
        devis: mm(devis),
        mesure: mm(mesure),
        message: `${FIELD_LABELS[champ]} : ${mm(mesure)} mesurés pour ${mm(devis)} au devis (écart ${diff > 0 ? '+' : '−'}${Math.abs(diff)} mm, tolérance ±${toleranceMm} mm).`,
      })
    }
  }
  for (const champ of ['couleur', 'vitrage', 'sens_ouverture'] as const) {
    const devis = reference[champ]
    const mesure = valeurs[champ]
    if (!devis || !mesure) continue
    if (normalizeText(devis) === normalizeText(mesure)) continue
    const [d, m] =
      champ === 'sens_ouverture' ? [sensLabel(devis), sensLabel(mesure)] : [devis, mesure]
    out.push({
      champ,
      devis: d,
      mesure: m,
      message: `${FIELD_LABELS[champ]} : « ${m} » au lieu de « ${d} » au devis.`,
    })
  }
  const qDevis = reference.quantite
  if (qDevis !== null && qDevis !== undefined && valeurs.quantite !== null) {
    if (Math.abs(valeurs.quantite - qDevis) > 1e-9) {
      out.push({
        champ: 'quantite',
        devis: qty(qDevis),
        mesure: qty(valeurs.quantite),
        message: `Quantité : ${qty(valeurs.quantite)} au lieu de ${qty(qDevis)} au devis.`,
      })
    }
  }
  return out
}

/** A quoted item removed from the sheet: a difference of the sheet (mesures.ecarts). */
export function ecartLigneRetiree(designation: string, quantite: number | null): MesureEcart {
  return {
    champ: 'ligne',
    devis: designation,
    mesure: 'retiré',
    message: `Élément du devis retiré de la feuille : « ${designation} »${quantite !== null ? ` (quantité ${qty(quantite)})` : ''}.`,
  }
}

/** Text typed in a millimetre field → an integer in range, or null (empty or not a number). */
export function parseMillimetres(text: string): number | null {
  const t = text.trim().replace(/\s/g, '')
  if (!/^\d{1,6}$/.test(t)) return null
  const n = Number(t)
  return n >= 1 && n <= DIMENSION_MAX_MM ? n : null
}

/** Text typed in a quantity field (« 2 », « 1,5 ») → a number > 0, or null. */
export function parseQuantite(text: string): number | null {
  const t = text.trim().replace(',', '.')
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(t)) return null
  const n = Number(t)
  return n > 0 && n <= QUANTITE_MAX ? n : null
}

export const MESURE_MESSAGES = {
  largeur: 'La largeur est un nombre entier de millimètres (1 à 100 000).',
  hauteur: 'La hauteur est un nombre entier de millimètres (1 à 100 000).',
  quantite: 'La quantité est un nombre positif (jusqu’à 3 décimales).',
  largeurRequise: 'Mesurez la largeur (mm).',
  hauteurRequise: 'Mesurez la hauteur (mm).',
  quantiteRequise: 'Indiquez la quantité.',
  sens: 'Choisissez un sens d’ouverture de la liste.',
  vide: 'La feuille de mesurage n’a aucune ligne.',
} as const
