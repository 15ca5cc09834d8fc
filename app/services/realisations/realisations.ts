/*
 * Issue 14 §4: the work photos as a gallery (staff) and a portfolio (anyone, public photos only).
 * One query for both, newest taken first (the upload time when the EXIF had no date), on the
 * partial indexes of migration 0850. The product family is produits.categorie of the commande's
 * bdc lines; the place is the commune of the site (the client's chantier locality, else his
 * billing one: decision 534). The portfolio row carries no client name, address nor position.
 */
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import CommandeFichier from '#models/commande_fichier'
import { deleteFile } from '#services/storage/files'
import { fichierStored } from '#services/commandes/commande_fichiers'
import { audit } from '#services/audit'
import type { Actor } from '#services/actor'
import { changes } from '#services/field_error'
import { TIME_ZONE } from '#shared/app'
import {
  REALISATIONS_PAR_PAGE,
  type RealisationFiltres,
  type RealisationItem,
} from '#shared/realisations'

/** The commune of a commande's site (SQL on clients `cl`). */
const LIEU = `NULLIF(trim(COALESCE(NULLIF(trim(cl.chantier_localite), ''), cl.facturation_localite)), '')`
/** The instant a photo was taken (SQL on commande_fichiers `f`), as indexed. */
const PRISE = 'COALESCE(f.prise_le, f.created_at)'
/** The product families of a commande (SQL on commandes `c`). */
const FAMILLES = `(SELECT array_agg(DISTINCT p.categorie ORDER BY p.categorie)
  FROM bdc_lignes bl JOIN produits p ON p.id = bl.produit_id
  WHERE bl.bdc_id = c.bdc_id AND p.categorie IS NOT NULL AND p.categorie <> '')`

/** What the portfolio shows of a photo: nothing of the client (decision 534). */
export type PortfolioItem = Pick<
  RealisationItem,
  'id' | 'legende' | 'largeur' | 'hauteur' | 'prise_le' | 'lieu' | 'familles'
>

function filtered(filtres: RealisationFiltres, publiques: boolean): DatabaseQueryBuilderContract {
  const query = db
    .from('commande_fichiers as f')
    .join('commandes as c', 'c.id', 'f.commande_id')
    .join('clients as cl', 'cl.id_client', 'c.client_id')
    .where('f.kind', 'photo')
  if (publiques) query.where('f.publique', true)
  if (filtres.famille) {
    query.whereRaw(
      `EXISTS (SELECT 1 FROM bdc_lignes bl JOIN produits p ON p.id = bl.produit_id
        WHERE bl.bdc_id = c.bdc_id AND p.categorie = ?)`,
      [filtres.famille]
    )
  }
  if (filtres.lieu) query.whereRaw(`lower(${LIEU}) = lower(?)`, [filtres.lieu])
  // Days in Brussels: from the start of `du` to the end of `au`
  if (filtres.du)
    query.whereRaw(`${PRISE} >= (?::date)::timestamp AT TIME ZONE ?`, [filtres.du, TIME_ZONE])
  if (filtres.au) {
    query.whereRaw(`${PRISE} < ((?::date + 1)::timestamp AT TIME ZONE ?)`, [filtres.au, TIME_ZONE])
  }
  return query
}

/** A page of photos and how many match (the gallery: every photo; the portfolio: public ones). */
export async function realisationsPage(filtres: RealisationFiltres, publiques = false) {
  const [countRow] = await filtered(filtres, publiques).count('* as total')
  const total = Number(countRow.total)
  const pages = Math.max(1, Math.ceil(total / REALISATIONS_PAR_PAGE))
  const page = Math.min(filtres.page, pages)
  const rows = await filtered(filtres, publiques)
    .select(
      'f.id',
      'f.commande_id',
      'c.numero as commande_numero',
      'f.etape',
      'f.legende',
      'f.publique',
      'f.largeur',
      'f.hauteur',
      db.raw(`${PRISE} as prise_le`),
      db.raw(`${LIEU} as lieu`),
      db.raw(`COALESCE(${FAMILLES}, '{}') as familles`)
    )
    .orderByRaw(`${PRISE} DESC, f.id DESC`)
    .limit(REALISATIONS_PAR_PAGE)
    .offset((page - 1) * REALISATIONS_PAR_PAGE)
  const items: RealisationItem[] = rows.map((r) => ({
    id: Number(r.id),
    commande_id: r.commande_id,
    commande_numero: r.commande_numero,
    etape: r.etape,
    legende: r.legende,
    publique: r.publique,
    largeur: r.largeur,
    hauteur: r.hauteur,
    prise_le: new Date(r.prise_le).toISOString(),
    lieu: r.lieu,
    familles: r.familles,
  }))
  return { items, total, page, pages }
}

/** The portfolio's page: the same rows with only what may be public. */
export async function portfolioPage(filtres: RealisationFiltres) {
  const result = await realisationsPage(filtres, true)
  const items: PortfolioItem[] = result.items.map((r) => ({
    id: r.id,
    legende: r.legende,
    largeur: r.largeur,
    hauteur: r.hauteur,
    prise_le: r.prise_le,
    lieu: r.lieu,
    familles: r.familles,
  }))
  return { ...result, items }
}

/** The families and places that have photos, for the filters' lists. */
export async function realisationsOptions(publiques = false) {
  const base = () => filtered({ famille: null, lieu: null, du: null, au: null, page: 1 }, publiques)
  const [familles, lieux] = await Promise.all([
    base()
      .join('bdc_lignes as bl', 'bl.bdc_id', 'c.bdc_id')
      .join('produits as p', 'p.id', 'bl.produit_id')
      .whereNotNull('p.categorie')
      .whereNot('p.categorie', '')
      .distinct('p.categorie')
      .orderBy('p.categorie'),
    base()
      .select(db.raw(`DISTINCT ${LIEU} as lieu`))
      .whereRaw(`${LIEU} IS NOT NULL`)
      .orderBy('lieu'),
  ])
  return {
    familles: familles.map((r) => r.categorie as string),
    lieux: lieux.map((r) => r.lieu as string),
  }
}

/** A photo by id (any photo for staff; only a public one for the portfolio), or null. */
export async function findPhoto(id: number, publiques = false): Promise<CommandeFichier | null> {
  const query = CommandeFichier.query().where({ id, kind: 'photo' })
  if (publiques) query.where('publique', true)
  return query.first()
}

/** Changes a photo's caption and/or its publique flag; the audit row says what changed. */
export async function updatePhoto(
  row: CommandeFichier,
  input: { legende?: string | null; publique?: boolean },
  actor: Actor
): Promise<CommandeFichier> {
  const before = { legende: row.legende, publique: row.publique }
  if (input.legende !== undefined) row.legende = input.legende?.trim() || null
  if (input.publique !== undefined) row.publique = input.publique
  const diff = changes(before, { legende: row.legende, publique: row.publique })
  if (!diff) return row
  await db.transaction(async (trx) => {
    row.useTransaction(trx)
    await row.save()
    await audit(
      actor,
      {
        action: 'realisation.updated',
        subjectType: 'commande_fichier',
        subjectId: row.id,
        ...diff,
      },
      trx
    )
  })
  return row
}

/** Forgets a photo (audited): the row, then its two files (a file left behind is only logged). */
export async function deletePhoto(row: CommandeFichier, actor: Actor): Promise<void> {
  const files = [fichierStored(row), fichierStored(row, true)]
  await db.transaction(async (trx) => {
    row.useTransaction(trx)
    await row.delete()
    await audit(
      actor,
      {
        action: 'realisation.deleted',
        subjectType: 'commande_fichier',
        subjectId: row.id,
        before: { commande_id: row.commandeId, etape: row.etape, legende: row.legende },
      },
      trx
    )
  })
  await Promise.all(files.map(deleteFile))
}
