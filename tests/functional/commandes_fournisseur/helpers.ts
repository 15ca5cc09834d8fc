/*
 * Helpers of the supplier order tests (issue 12 §3–4): a signed commande whose lines are
 * catalogue products of two suppliers (and one without), its acompte issued and paid on demand,
 * its measurement sheet validated on demand (what the mesurage part records: the sheet
 * « validee » and the step « faite »).
 */
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import Produit from '#models/produit'
import Societe from '#models/societe'
import Facture from '#models/facture'
import type User from '#models/user'
import { systemActor } from '#services/actor'
import { signBdc } from '#services/commandes/sign_bdc'
import { setEtapeStatut } from '#services/commandes/etapes'
import { decodeDrawnSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { createAcompteFacture, issueFacture } from '#services/factures/facture_service'
import { DRAWN, makeBdc } from '#tests/functional/bdc/helpers'
import { pay } from '#tests/functional/creances/helpers'
import { produit } from '#tests/functional/document_helpers'

export async function fournisseur(nom: string, email: string | null = 'commandes@example.be') {
  return Societe.create({ nom, type: 'fournisseur', pays: 'BE', email })
}

let seq = 0

async function catalogue() {
  seq += 1
  const profils = await fournisseur(`Profilés Wallons ${seq}`, `profils${seq}@example.be`)
  const portes = await fournisseur(`Portes Ardennaises ${seq}`, `portes${seq}@example.be`)
  const mk = (
    reference: string,
    libelle: string,
    achat: number,
    vente: number,
    f: Societe | null
  ) =>
    Produit.create({
      reference: `${reference}-${seq}-${Math.random().toString(36).slice(2, 7)}`,
      libelle,
      unite: 'piece',
      prixAchat: achat,
      prixVenteHt: vente,
      tauxTva: 6,
      fournisseurId: f?.id ?? null,
      actif: true,
    })
  return {
    profils,
    portes,
    fenetre: await mk('CH-PVC', 'Châssis PVC 1 vantail', 310_00, 450_00, profils),
    porte: await mk('PE-ALU', 'Porte d’entrée aluminium', 1250_00, 1800_00, portes),
    volet: await mk('VOLET', 'Volet roulant sur mesure', 200_00, 320_00, null),
  }
}

export type Scenario = Awaited<ReturnType<typeof commandeScenario>>

/**
 * A signed commande (at the company's, no withdrawal period): 2 windows, 1 door, 1 shutter
 * whose product has no supplier. Nothing paid, nothing measured yet.
 */
export async function commandeScenario(
  options: {
    user?: User | null
    lieu?: 'etablissement' | 'domicile'
    /** '0': no acompte asked (the gate's acompte condition is met without a facture). */
    acomptePct?: string
  } = {}
) {
  const cat = await catalogue()
  const lignes = [
    { ...produit('Fenêtre PVC 120×140', 45000, 6, '2'), produit_id: cat.fenetre.id },
    { ...produit('Porte d’entrée', 180000, 6, '1'), produit_id: cat.porte.id },
    { ...produit('Volet roulant', 32000, 6, '1'), produit_id: cat.volet.id },
  ]
  const bdc = await makeBdc({
    lignes,
    user: options.user ?? null,
    acomptePct: options.acomptePct,
  })
  const decoded = decodeDrawnSignature(DRAWN)
  if ('error' in decoded) throw new Error(decoded.error)
  const { commande } = await signBdc(systemActor(), {
    bdcId: bdc.id,
    lockVersion: bdc.lockVersion,
    signataire: 'Anne Lambert',
    lieu: options.lieu ?? 'etablissement',
    signatureType: 'dessin',
    signaturePath: await storeDrawnSignature(decoded.bytes),
    signatureMime: 'image/png',
    renonciation: false,
    userId: null,
  })
  return {
    ...cat,
    bdc: await Bdc.findOrFail(bdc.id),
    commande: await Commande.findOrFail(commande.id),
  }
}

/** The acompte facture issued and paid in full. */
export async function payAcompte(s: { bdc: Bdc }) {
  const fresh = await Bdc.findOrFail(s.bdc.id)
  const draft = await createAcompteFacture(systemActor(), {
    bdcId: fresh.id,
    lockVersion: fresh.lockVersion,
    userId: null,
  })
  const facture = await Facture.findOrFail(draft.id)
  const issued = await issueFacture(systemActor(), {
    factureId: facture.id,
    lockVersion: facture.lockVersion,
    userId: null,
  })
  const done = await Facture.findOrFail(issued.id)
  await pay(done, done.totalTtc)
  return done
}

/** The sheet validated from the bdc's product lines (measured sizes), the step « faite ». */
export async function validateMesure(s: { bdc: Bdc; commande: Commande }) {
  const lignes = await db
    .from('bdc_lignes')
    .where('bdc_id', s.bdc.id)
    .where('type', 'produit')
    .orderBy('position')
  await db.transaction(async (trx) => {
    const [mesure] = await trx
      .table('mesures')
      .insert({
        commande_id: s.commande.id,
        statut: 'validee',
        tolerance_mm: 10,
        validee_le: new Date(),
      })
      .returning('*')
    await trx.table('mesure_lignes').insert(
      lignes.map((l, i) => ({
        mesure_id: mesure.id,
        bdc_ligne_id: l.id,
        client_uuid: randomUUID(),
        position: i + 1,
        repere: ['Cuisine', 'Entrée', 'Salon'][i] ?? '',
        designation: l.designation,
        largeur_mm: 1195 + i,
        hauteur_mm: 1402,
        sens_ouverture: 'oscillo-battant gauche',
        couleur: 'blanc',
        quantite: l.quantite,
      }))
    )
    await setEtapeStatut(trx, systemActor(), s.commande.id, 'mesurage', 'faite')
  })
}

/** A commande ready to order: acompte paid, sheet validated. */
export async function readyCommande(options: { user?: User | null } = {}) {
  const s = await commandeScenario(options)
  await payAcompte(s)
  await validateMesure(s)
  return s
}

export async function cfsOf(commandeId: number) {
  return db.from('commandes_fournisseur').where('commande_id', commandeId).orderBy('id')
}

export async function lignesOf(cfId: number) {
  return db
    .from('commande_fournisseur_lignes')
    .where('commande_fournisseur_id', cfId)
    .orderBy('position')
}

export async function etapeStatut(commandeId: number, etape: string) {
  const row = await db.from('commande_etapes').where({ commande_id: commandeId, etape }).first()
  return row?.statut as string
}
