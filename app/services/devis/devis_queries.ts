/*
 * Reads of the devis editor: the Edit page's data, the pickers' searches (accent- and case-free
 * on the trigram-indexed `recherche` columns, as /recherche does), the editor's options.
 */
import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import Devis from '#models/devis'
import Texte from '#models/texte'
import User from '#models/user'
import { normalizeTerm } from '#services/recherche'
import { whereWords } from '#services/list/list_params'
import type {
  DevisClientOption,
  DevisEditorDevis,
  DevisEditorOptions,
  DevisProduitOption,
  DevisRevisionItem,
} from '#shared/devis_editor'
import DevisTransformer from '#transformers/sales/devis_transformer'
import { clientOption } from '#transformers/client_option'

export const PICKER_LIMIT = 10

/** Each word somewhere in the client's search text; newest clients first. */
export async function searchClients(q: unknown): Promise<DevisClientOption[]> {
  const term = normalizeTerm(q)
  const query = db.from('clients').orderBy('id_client', 'desc').limit(PICKER_LIMIT)
  whereWords(query, 'recherche', term.split(/\s+/).filter(Boolean))
  const rows = await query.select(
    'id_client',
    'type',
    'civilite',
    'nom',
    'prenom',
    'societe',
    'email',
    'facturation_code_postal',
    'facturation_localite',
    'chantier_rue',
    'chantier_code_postal',
    'chantier_localite'
  )
  return rows.map((r) =>
    clientOption({
      idClient: Number(r.id_client),
      type: r.type,
      civilite: r.civilite,
      nom: r.nom,
      prenom: r.prenom,
      societe: r.societe,
      email: r.email,
      facturationCodePostal: r.facturation_code_postal,
      facturationLocalite: r.facturation_localite,
      chantierRue: r.chantier_rue,
      chantierCodePostal: r.chantier_code_postal,
      chantierLocalite: r.chantier_localite,
    })
  )
}

/** Active catalogue products matching every word (reference, libellé…). */
export async function searchProduits(q: unknown): Promise<DevisProduitOption[]> {
  const term = normalizeTerm(q)
  const query = db.from('produits').where('actif', true).orderBy('reference').limit(PICKER_LIMIT)
  whereWords(query, 'recherche', term.split(/\s+/).filter(Boolean))
  const rows = await query.select(
    'id',
    'reference',
    'libelle',
    'unite',
    'prix_vente_ht',
    'taux_tva'
  )
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    libelle: r.libelle,
    unite: r.unite,
    prix_vente_ht: Number(r.prix_vente_ht),
    taux_tva: Number(r.taux_tva) as DevisProduitOption['taux_tva'],
  }))
}

export async function editorOptions(): Promise<DevisEditorOptions> {
  const [commerciaux, textes] = await Promise.all([devisCommerciaux(), devisTextes()])
  return { commerciaux, textes }
}

/** The editor's « Commercial » choices: the staff, by name. */
export async function devisCommerciaux(): Promise<DevisEditorOptions['commerciaux']> {
  const users = await User.query().where('role', 'esi').orderBy('name').select('id', 'name')
  return users.map((u) => ({ id: u.id, name: u.name }))
}

/** The texts the editor offers for the introduction and the conditions. */
export async function devisTextes(): Promise<DevisEditorOptions['textes']> {
  const textes = await Texte.query()
    .whereIn('categorie', ['devis_intro', 'devis_conditions'])
    .orderBy('titre')
    .select('id', 'code', 'titre', 'categorie', 'contenu')
  const pick = (categorie: string) =>
    textes
      .filter((t) => t.categorie === categorie)
      .map((t) => ({ id: t.id, code: t.code, titre: t.titre, contenu: t.contenu }))
  return { intro: pick('devis_intro'), conditions: pick('devis_conditions') }
}

/** The devis as the editor holds it (DevisTransformer.forEditor). */
export async function devisEditorData(devis: Devis): Promise<DevisEditorDevis> {
  await devis.load((loader) => {
    loader.load('client').load('lignes').load('editor').load('apporteur')
  })
  const offre = devis.offreId
    ? await db.from('offres').where('id', devis.offreId).select('id', 'numero', 'total_ht').first()
    : null
  return new DevisTransformer(devis).forEditor(
    offre ? { id: offre.id, numero: offre.numero, total_ht: Number(offre.total_ht) } : null
  )
}

export async function revisionItems(devisId: number): Promise<DevisRevisionItem[]> {
  const rows = await db
    .from('devis_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .where('r.devis_id', devisId)
    .orderBy('r.revision', 'desc')
    .select('r.revision', 'r.created_at', 'u.name as created_by')
  return rows.map((r) => ({
    revision: r.revision,
    created_at: new Date(r.created_at).toISOString(),
    created_by: r.created_by,
    url: urlFor('esi.devis.revision', { id: devisId, revision: r.revision }),
  }))
}

export async function bdcOf(devisId: number): Promise<{ id: number; numero: string } | null> {
  const row = await db.from('bdcs').where('devis_id', devisId).orderBy('id', 'desc').first()
  return row ? { id: row.id, numero: row.numero } : null
}

export async function findDevis(id: number | null): Promise<Devis | null> {
  return id ? Devis.find(id) : null
}
