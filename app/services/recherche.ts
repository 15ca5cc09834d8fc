import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import { whereWords } from '#services/list/list_params'

/*
 * The global search (/recherhce): one query per kind of record, each on its accent- and
 * case-free search text (clients.recherche, contacts.recherche, produits.recherche, devis.recherche
 * and factures.recherche with their trigram indexes, the sociétés' expression index of migration
 * 0100; the numbers of
 * the other documents). Every word typed must appear (« vandenberghe namur »: the name and the
 * town), in any order. Results grouped by kind, a few per kind.
 */

export const MIN_TERM_LENGTH = 2
export const PER_GROUP = 8

export type SearchHit = { id: number; titre: string; detail: string | null; url: string }
export type SearchGroup = { type: string; label: string; hits: SearchHit[]; more: boolean }

export function normalizeTerm(q: unknown): string {
  return typeof q === 'string' ? q.trim().slice(0, 100) : ''
}

/** The words of a search (five at most, as the lists), each at least 2 characters. */
export function searchWords(term: string): string[] {
  return term
    .split(/\s+/)
    .filter((w) => w.length >= MIN_TERM_LENGTH)
    .slice(0, 5)
}

// Must be the very expression of the index in migration 0100 for the index to be used
const SOCIETE_SEARCH = `f_unaccent(lower(nom || ' ' || coalesce(numero_tva, '') || ' ' || coalesce(localite, '') || ' ' || coalesce(email, '')))`

async function clients(words: string[]): Promise<SearchHit[]> {
  const query = db.from('clients')
  whereWords(query, 'recherche', words)
  const rows = await query
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

async function contacts(words: string[]): Promise<SearchHit[]> {
  const query = db.from('contacts').join('societes', 'societes.id', 'contacts.societe_id')
  whereWords(query, 'contacts.recherche', words)
  const rows = await query
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

async function societes(words: string[]): Promise<SearchHit[]> {
  const query = db.from('societes')
  whereWords(query, SOCIETE_SEARCH, words)
  const rows = await query
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

async function produits(words: string[]): Promise<SearchHit[]> {
  const query = db.from('produits')
  whereWords(query, 'recherche', words)
  const rows = await query
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

/** Devis by number, objet or client (its stored, trigram-indexed search text). */
async function devis(words: string[]): Promise<SearchHit[]> {
  const query = db.from('devis')
  whereWords(query, 'recherche', words)
  const rows = await query
    .orderBy('id', 'desc')
    .limit(PER_GROUP + 1)
    .select('id', 'numero', 'objet', 'client_nom', 'statut')
  return rows.map((r) => ({
    id: r.id,
    titre: r.numero ? `${r.numero} — ${r.objet}` : `Brouillon — ${r.objet}`,
    detail: r.client_nom,
    url: urlFor('esi.devis.edit', { id: r.id }),
  }))
}

/**
 * Factures by number, client and objet (issue 14 §5): their stored search text with its trigram
 * index (migration 0503), like the devis — a draft has no number yet.
 */
async function factures(words: string[]): Promise<SearchHit[]> {
  const query = db.from('factures')
  whereWords(query, 'recherche', words)
  const rows = await query
    .orderBy('id', 'desc')
    .limit(PER_GROUP + 1)
    .select('id', 'numero', 'objet', 'client_nom')
  return rows.map((r) => ({
    id: r.id,
    titre: `${r.numero ?? 'Brouillon'} — ${r.objet}`,
    detail: r.client_nom || null,
    url: urlFor('esi.factures.show', { id: r.id }),
  }))
}

/** The other documents by number, objet or client: far fewer rows, an expression suffices. */
function documentSource(
  table: 'bdcs' | 'commandes' | 'demandes_paiement' | 'offres',
  route: 'esi.bdc.show' | 'esi.commandes.show' | 'esi.paiement.show' | 'partner.offres.preview',
  client: string
) {
  const text = `f_unaccent(lower(coalesce(numero, '') || ' ' || coalesce(objet, '') || ' ' || coalesce(${client}, '')))`
  return async (words: string[]): Promise<SearchHit[]> => {
    const query = db.from(table)
    whereWords(query, text, words)
    const rows = await query
      .orderBy('id', 'desc')
      .limit(PER_GROUP + 1)
      .select('id', 'numero', 'objet', db.raw(`${client} as client`))
    return rows.map((r) => ({
      id: r.id,
      titre: [r.numero, r.objet].filter(Boolean).join(' — '),
      detail: r.client ?? null,
      url: urlFor(route, { id: r.id }),
    }))
  }
}

const SOURCES: { type: string; label: string; run: (words: string[]) => Promise<SearchHit[]> }[] = [
  { type: 'clients', label: 'Clients', run: clients },
  { type: 'contacts', label: 'Contacts', run: contacts },
  { type: 'societes', label: 'Sociétés', run: societes },
  { type: 'produits', label: 'Produits', run: produits },
  { type: 'devis', label: 'Devis', run: devis },
  {
    type: 'bdc',
    label: 'Bons de commande',
    run: documentSource('bdcs', 'esi.bdc.show', 'client_nom'),
  },
  {
    type: 'commandes',
    label: 'Commandes',
    run: documentSource('commandes', 'esi.commandes.show', 'client_nom'),
  },
  { type: 'factures', label: 'Factures', run: factures },
  {
    type: 'demandes',
    label: 'Demandes de paiement',
    run: documentSource('demandes_paiement', 'esi.paiement.show', 'beneficiaire'),
  },
  {
    type: 'offres',
    label: 'Offres',
    run: documentSource('offres', 'partner.offres.preview', 'null'),
  },
]

/** Every group, in a fixed order; a term with no word of 2 characters searches nothing. */
export async function search(term: string): Promise<SearchGroup[]> {
  const words = searchWords(term)
  if (words.length === 0) return []
  const groups: SearchGroup[] = []
  for (const source of SOURCES) {
    const hits = await source.run(words)
    groups.push({
      type: source.type,
      label: source.label,
      hits: hits.slice(0, PER_GROUP),
      more: hits.length > PER_GROUP,
    })
  }
  return groups
}
