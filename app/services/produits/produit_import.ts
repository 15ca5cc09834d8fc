/*
 * CSV import of the catalogue (issue 4): every line is checked first, with the same rules as the
 * form; one bad line and nothing is written (the errors list each line by its number in the
 * file). Otherwise every line is written in ONE transaction, upserted by reference.
 */
import db from '@adonisjs/lucid/services/db'
import { errors as vineErrors } from '@vinejs/vine'
import { parseCsv, CsvSyntaxError } from '#services/csv'
import {
  produitImportValidator,
  produitMessagesProvider,
  produitValues,
  type ProduitValues,
} from '#validators/produit'
import { uniteFromText, type ImportLineError } from '#shared/produits'
import { PRODUIT_CSV_COLUMNS } from '#services/produits/produit_export'

export const IMPORT_MAX_BYTES = 2 * 1024 * 1024
export const IMPORT_MAX_ROWS = 5000

/** Header names people may write for each field (lower-case, without accents). */
const HEADER_ALIASES: Record<string, string> = Object.fromEntries(
  PRODUIT_CSV_COLUMNS.flatMap(({ field, header }) => [
    [simplify(header), field],
    [simplify(field), field],
  ])
)

function simplify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
}

export type ImportResult =
  { ok: true; created: number; updated: number } | { ok: false; errors: ImportLineError[] }

const REQUIRED = ['reference', 'libelle', 'unite', 'prix_vente_ht', 'taux_tva']

function booleanCell(text: string): boolean | string {
  const t = simplify(text)
  if (['', 'oui', 'o', 'vrai', 'true', '1', 'yes', 'actif'].includes(t)) return true
  if (['non', 'n', 'faux', 'false', '0', 'no', 'inactif'].includes(t)) return false
  return text
}

export async function importProduits(text: string): Promise<ImportResult> {
  let records
  try {
    records = parseCsv(text)
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      return { ok: false, errors: [{ line: error.line, messages: [error.message] }] }
    }
    throw error
  }
  if (records.length < 2) {
    return {
      ok: false,
      errors: [{ line: 1, messages: ['Le fichier ne contient aucune ligne de produit.'] }],
    }
  }
  if (records.length - 1 > IMPORT_MAX_ROWS) {
    return {
      ok: false,
      errors: [{ line: 1, messages: [`Au plus ${IMPORT_MAX_ROWS} produits par fichier.`] }],
    }
  }

  // Header: known columns only, the required ones present, none twice
  const [header, ...rows] = records
  const fieldsByIndex = header.cells.map((name) => HEADER_ALIASES[simplify(name)] ?? null)
  const headerErrors: string[] = []
  header.cells.forEach((name, i) => {
    if (!fieldsByIndex[i]) headerErrors.push(`Colonne inconnue : « ${name.slice(0, 40)} ».`)
  })
  for (const field of REQUIRED) {
    if (!fieldsByIndex.includes(field)) {
      const label = PRODUIT_CSV_COLUMNS.find((c) => c.field === field)!.header
      headerErrors.push(`Colonne obligatoire absente : « ${label} ».`)
    }
  }
  if (new Set(fieldsByIndex.filter(Boolean)).size !== fieldsByIndex.filter(Boolean).length) {
    headerErrors.push('Une colonne apparaît deux fois.')
  }
  if (headerErrors.length)
    return { ok: false, errors: [{ line: header.line, messages: headerErrors }] }

  const fournisseurs = new Map<string, number>()
  for (const s of await db.from('societes').where('type', 'fournisseur').select('id', 'nom')) {
    fournisseurs.set(simplify(s.nom), s.id)
  }

  const errors: ImportLineError[] = []
  const values: ProduitValues[] = []
  const seen = new Map<string, number>()
  for (const row of rows) {
    const raw: Record<string, string> = {}
    fieldsByIndex.forEach((field, i) => (raw[field!] = row.cells[i] ?? ''))
    const lineErrors: string[] = []
    if (row.cells.length > header.cells.length) lineErrors.push('Plus de cellules que de colonnes.')

    const data: Record<string, unknown> = {
      ...Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v === '' ? null : v])),
      unite: raw.unite ? (uniteFromText(raw.unite) ?? raw.unite) : null,
      taux_tva: raw.taux_tva ? raw.taux_tva.replace(/\s*%$/, '').replace(',', '.') : null,
      actif: booleanCell(raw.actif ?? ''),
      fournisseur_id: null,
    }
    delete data.fournisseur
    if (raw.fournisseur) {
      const id = fournisseurs.get(simplify(raw.fournisseur))
      if (id) data.fournisseur_id = id
      else lineErrors.push(`Fournisseur inconnu : « ${raw.fournisseur.slice(0, 60)} ».`)
    }

    try {
      const valid = await produitImportValidator.validate(data, {
        messagesProvider: produitMessagesProvider(),
      })
      const produit = produitValues(valid)
      const first = seen.get(produit.reference)
      if (first)
        lineErrors.push(`Référence ${produit.reference} déjà présente à la ligne ${first}.`)
      else seen.set(produit.reference, row.line)
      values.push(produit)
    } catch (error) {
      if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
      for (const m of error.messages as { field: string; message: string }[]) {
        const label = PRODUIT_CSV_COLUMNS.find((c) => c.field === m.field)?.header ?? m.field
        lineErrors.push(`${label} : ${m.message}`)
      }
    }
    if (lineErrors.length) errors.push({ line: row.line, messages: lineErrors })
  }
  if (errors.length) return { ok: false, errors }

  return db.transaction(async (trx) => {
    let created = 0
    const now = new Date()
    for (let i = 0; i < values.length; i += 500) {
      const batch = values.slice(i, i + 500).map((v) => ({
        reference: v.reference,
        libelle: v.libelle,
        description: v.description,
        unite: v.unite,
        prix_achat: v.prixAchat,
        prix_vente_ht: v.prixVenteHt,
        taux_tva: v.tauxTva,
        categorie: v.categorie,
        fournisseur_id: v.fournisseurId,
        actif: v.actif,
        created_at: now,
        updated_at: now,
      }))
      const existing = await trx
        .from('produits')
        .whereIn(
          'reference',
          batch.map((b) => b.reference)
        )
        .count('* as n')
      await trx
        .knexQuery()
        .table('produits')
        .insert(batch)
        .onConflict('reference')
        .merge([
          'libelle',
          'description',
          'unite',
          'prix_achat',
          'prix_vente_ht',
          'taux_tva',
          'categorie',
          'fournisseur_id',
          'actif',
          'updated_at',
        ])
      created += batch.length - Number(existing[0].n)
    }
    return { ok: true as const, created, updated: values.length - created }
  })
}
