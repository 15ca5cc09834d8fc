import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import { likeContains } from '#services/list/list_params'

/*
 * The global search (/recherhce): one query per kind of record, each on its trigram-indexed,
 * accent- and case-free search text (clients.recherche, contacts.recherche, produits.recherche,
 * the sociétés' expression index of migration 0100). Results grouped by kind, a few per kind.
 */

export const MIN_TERM_LENGTH = 2
export const PER_GROUP = 8

export type SearchHit = { id: number; titre: string; detail: string | null; url: string }
export type SearchGroup = { type: string; label: string; hits: SearchHit[]; more: boolean }

/** LIKE wildcards typed by the user are searched for literally. */
export function likePattern(term: string): string {
  return likeContains(term)
}

export function normalizeTerm(q: unknown): string {
  return typeof q === 'string' ? q.trim().slice(0, 100) : ''
}

// Must be the very expression of the index in migration 0100 for the index to be used
const SOCIETE_SEARCH = `f_unaccent(lower(nom || ' ' || coalesce(numero_tva, '') || ' ' || coalesce(localite, '') || ' ' || coalesce(email, '')))`
const TERM = `f_unaccent(lower(?))`

async function clients(pattern: string): Promise<SearchHit[]> {
  const rows = await db
    .from('clients')
    .whereRaw(`recherche LIKE ${TERM}`, [pattern])
    .orderBy('id_client', 'desc')
    .limit(PER_GROUP + 1)
    .select('id_client', 'nom', 'prenom', 'societe', 'facturation_localite')
  return rows.map((r) => ({
    id: r.id_client,
    titre: [r.prenom, r.nom].filter(Boolean).join(' ') || r.societe,
    detail: [r.societe, r.facturation_localite].filter(Boolean).join(' · ') || null,
    url: urlFor('esi.customers.show', { id: r.id_client }),
  }))
}

async function contacts(pattern: string): Promise<SearchHit[]> {
  const rows = await db
    .from('contacts')
    .join('societes', 'societes.id', 'contacts.societe_id')
    .whereRaw(`contacts.recherche LIKE ${TERM}`, [pattern])
    .orderBy('contacts.id', 'desc')
    .limit(PER_GROUP + 1)
    .select('contacts.id', 'contacts.nom', 'contacts.prenom', 'societes.nom as societe')
  return rows.map((r) => ({
    id: r.id,
    titre: [r.prenom, r.nom].filter(Boolean).join(' '),
    detail: r.societe,
    url: urlFor('partner.contacts.show', { id: r.id }),
  }))
}

async function societes(pattern: string): Promise<SearchHit[]> {
  const rows = await db
    .from('societes')
    .whereRaw(`${SOCIETE_SEARCH} LIKE ${TERM}`, [pattern])
    .orderBy('id', 'desc')
    .limit(PER_GROUP + 1)
    .select('id', 'nom', 'type', 'localite')
  return rows.map((r) => ({
    id: r.id,
    titre: r.nom,
    detail: [r.type, r.localite].filter(Boolean).join(' · '),
    url: urlFor('app.company.edit', { id: r.id }),
  }))
}

async function produits(pattern: string): Promise<SearchHit[]> {
  const rows = await db
    .from('produits')
    .whereRaw(`recherche LIKE ${TERM}`, [pattern])
    .orderBy('id', 'desc')
    .limit(PER_GROUP + 1)
    .select('id', 'reference', 'libelle')
  return rows.map((r) => ({
    id: r.id,
    titre: r.libelle,
    detail: r.reference,
    url: urlFor('esi.produits.index', {}, { qs: { q: r.reference } }),
  }))
}

const SOURCES: { type: string; label: string; run: (pattern: string) => Promise<SearchHit[]> }[] = [
  { type: 'clients', label: 'Clients', run: clients },
  { type: 'contacts', label: 'Contacts', run: contacts },
  { type: 'societes', label: 'Sociétés', run: societes },
  { type: 'produits', label: 'Produits', run: produits },
]

/** Every group, in a fixed order; a term shorter than 2 characters searches nothing. */
export async function search(term: string): Promise<SearchGroup[]> {
  if (term.length < MIN_TERM_LENGTH) return []
  const pattern = likePattern(term)
  const groups: SearchGroup[] = []
  for (const source of SOURCES) {
    const hits = await source.run(pattern)
    groups.push({
      type: source.type,
      label: source.label,
      hits: hits.slice(0, PER_GROUP),
      more: hits.length > PER_GROUP,
    })
  }
  return groups
}
