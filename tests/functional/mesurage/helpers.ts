/*
 * Helpers of the measurement sheet tests: a signed commande whose bdc has lines to measure (two
 * catalogue windows with their size in the name, a door), lines that are not measured (pose, a
 * text line, a line by the hour), and JSON calls of the sheet's endpoints.
 */
import db from '@adonisjs/lucid/services/db'
import { systemActor } from '#services/actor'
import Produit from '#models/produit'
import type User from '#models/user'
import { DRAWN, makeBdc } from '#tests/functional/bdc/helpers'
import { autre, produit } from '#tests/functional/document_helpers'
import { decodeDrawnSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { signBdc } from '#services/commandes/sign_bdc'
import type { LigneData } from '#shared/devis'

let seq = 0

async function catalogue(libelle: string, categorie: string, unite: 'piece' | 'm2' | 'heure') {
  seq++
  return Produit.create({
    reference: `T-MES-${Date.now()}-${seq}`,
    libelle,
    unite,
    prixVenteHt: 10000,
    tauxTva: 21,
    categorie,
    actif: true,
  })
}

const fromCatalogue = (p: Produit, quantite = '1'): LigneData => ({
  ...produit(p.libelle, p.prixVenteHt, 21, quantite, '0', p.unite),
  produit_id: p.id,
})

/** A commande from a signed bdc with 3 lines to measure and 3 not measured. */
export async function commandeAMesurer(options: { user?: User | null; clientNom?: string } = {}) {
  const chassis = await catalogue(
    'Châssis PVC oscillo-battant 1 vantail 60 × 120 cm, blanc',
    'Châssis PVC',
    'piece'
  )
  const porte = await catalogue(
    'Porte d’entrée PVC panneau décoratif 100 × 215 cm',
    'Portes d’entrée',
    'piece'
  )
  const pose = await catalogue('Pose de châssis', 'Pose', 'piece')
  const mo = await catalogue('Main d’œuvre menuisier', 'Main d’œuvre', 'heure')
  const bdc = await makeBdc({
    user: options.user ?? null,
    clientNom: options.clientNom ?? 'Lambert',
    lignes: [
      autre('section', 'Châssis'),
      fromCatalogue(chassis, '2'),
      fromCatalogue(porte),
      produit('Fenêtre sur mesure 1000x1400 mm anthracite', 50000, 21, '1'),
      fromCatalogue(pose, '3'),
      fromCatalogue(mo, '4'),
    ],
  })
  const decoded = decodeDrawnSignature(DRAWN)
  if ('error' in decoded) throw new Error(decoded.error)
  const { commande } = await signBdc(systemActor(), {
    bdcId: bdc.id,
    lockVersion: bdc.lockVersion,
    signataire: 'Anne Lambert',
    lieu: 'etablissement',
    signatureType: 'dessin',
    signaturePath: await storeDrawnSignature(decoded.bytes),
    signatureMime: 'image/png',
    renonciation: false,
    userId: null,
  })
  return { bdc, commande }
}

export function postJson(client: any, user: User, url: string, body: unknown) {
  return client
    .post(url)
    .loginAs(user)
    .header('accept', 'application/json')
    .header('x-requested-with', 'XMLHttpRequest')
    .json(body)
    .withCsrfToken()
}

export const syncUrl = (id: number) => `/esi/commandes/mesurage/${id}/sync`
export const showUrl = (id: number) => `/esi/commandes/mesurage/${id}`

/** A row as the phone sends it. */
export function rowOf(l: Record<string, any>, patch: Record<string, unknown> = {}) {
  return {
    client_uuid: l.client_uuid,
    position: l.position,
    repere: l.repere,
    designation: l.designation,
    largeur_mm: l.largeur_mm,
    hauteur_mm: l.hauteur_mm,
    sens_ouverture: l.sens_ouverture,
    couleur: l.couleur,
    vitrage: l.vitrage,
    quantite: l.quantite,
    remarques: l.remarques,
    ...patch,
  }
}

/**
 * Removes what commandeAMesurer made for these commandes (their files, sheets, bdc, payment
 * requests, devis, clients, the T-MES products and the commandes' audit rows): the teardown of
 * the specs that commit such commandes.
 */
export async function removeCommandesAMesurer(commandes: number[]): Promise<void> {
  const rows = await db.from('commandes').whereIn('id', commandes).select('id', 'bdc_id')
  const bdcs = rows.map((r) => r.bdc_id)
  const heads = await db.from('bdcs').whereIn('id', bdcs).select('devis_id', 'client_id')
  await db.from('commande_fichiers').whereIn('commande_id', commandes).delete()
  await db.from('mesures').whereIn('commande_id', commandes).delete()
  await db.from('commandes').whereIn('id', commandes).delete()
  await db.from('demandes_paiement').whereIn('bdc_id', bdcs).delete()
  await db.from('bdcs').whereIn('id', bdcs).delete()
  await db
    .from('devis')
    .whereIn(
      'id',
      heads.map((r) => r.devis_id)
    )
    .delete()
  await db
    .from('clients')
    .whereIn(
      'id_client',
      heads.map((r) => r.client_id)
    )
    .delete()
  await db.from('produits').where('reference', 'like', 'T-MES-%').delete()
  await db
    .from('audit_logs')
    .where('subject_type', 'commande')
    .whereIn('subject_id', commandes.map(String))
    .delete()
}
