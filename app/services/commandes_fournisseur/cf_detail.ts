// The Approvisionnement and Fourniture Show pages: the commande, its gates, its orders in full.
import db from '@adonisjs/lucid/services/db'
import { todayIso } from '#shared/dates'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { commandeGateFacts } from '#services/commandes/etape_gates'
import { rowsToOrder } from '#services/commandes_fournisseur/cf_a_commander'
import { gateReason, type Etape } from '#shared/commande_etapes'
import {
  type CfCommandeHeader,
  type CfDetail,
  type LivraisonEtat,
} from '#shared/commandes_fournisseur'
import { CF_SELECT, cfRow, iso } from '#services/commandes_fournisseur/cf_rows'

export async function findCommandeId(raw: unknown): Promise<number> {
  const id = parseId(raw)
  const row = id ? await db.from('commandes').where('id', id).select('id').first() : null
  if (!row) throw new NotFoundException()
  return row.id
}

export async function findCfId(raw: unknown): Promise<number> {
  const id = parseId(raw)
  const row = id
    ? await db.from('commandes_fournisseur').where('id', id).select('id').first()
    : null
  if (!row) throw new NotFoundException()
  return row.id
}

/** The commande header both Show pages print, its steps and the gates of its two steps. */
async function commandeHeader(commandeId: number) {
  const c = await db
    .from('commandes as c')
    .join('bdcs as b', 'b.id', 'c.bdc_id')
    .leftJoin('users as u', 'u.id', 'c.chef_projet_id')
    .where('c.id', commandeId)
    .select(
      'c.id',
      'c.numero',
      'c.client_nom',
      'c.objet',
      'c.statut',
      'b.adresse_chantier',
      'u.name as chef_projet_nom'
    )
    .first()
  if (!c) throw new NotFoundException()
  const facts = await commandeGateFacts(db.connection(), commandeId)
  const gate = (etape: Etape) => gateReason(etape, facts)
  const commande: CfCommandeHeader = {
    id: c.id as number,
    numero: c.numero as string,
    client_nom: c.client_nom as string,
    objet: c.objet as string,
    statut: c.statut as string,
    adresse_chantier: (c.adresse_chantier as string | null) ?? null,
    chef_projet_nom: (c.chef_projet_nom as string | null) ?? null,
  }
  return {
    commande,
    etapes: facts.etapes,
    gates: {
      approvisionnement: gate('approvisionnement'),
      fourniture: gate('fourniture'),
    },
  }
}

async function cfDetails(commandeId: number, today: string): Promise<CfDetail[]> {
  const { rows: heads } = await db.rawQuery<{ rows: Record<string, any>[] }>(
    `${CF_SELECT} WHERE cf.commande_id = ? ORDER BY cf.id`,
    [commandeId]
  )
  if (!heads.length) return []
  const ids = heads.map((h) => h.id)
  const lignes = await db
    .from('commande_fournisseur_lignes')
    .whereIn('commande_fournisseur_id', ids)
    .orderBy('position')
  const livraisons = await db
    .from('livraisons as l')
    .leftJoin('users as u', 'u.id', 'l.recue_par')
    .whereIn('l.commande_fournisseur_id', ids)
    .orderBy('l.id')
    .select('l.*', 'u.name as recue_par_nom')
  const livLignes = livraisons.length
    ? await db
        .from('livraison_lignes')
        .whereIn(
          'livraison_id',
          livraisons.map((l) => l.id)
        )
        .orderBy('id')
    : []
  return heads.map((h) => ({
    ...cfRow(h, today),
    remarques: h.remarques ?? null,
    motif_annulation: h.motif_annulation ?? null,
    lignes: lignes
      .filter((l) => l.commande_fournisseur_id === h.id)
      .map((l) => ({
        id: Number(l.id),
        position: l.position,
        produit_id: l.produit_id,
        reference: l.reference,
        designation: l.designation,
        unite: l.unite,
        quantite: String(l.quantite),
        quantite_recue: String(l.quantite_recue),
        prix_achat: Number(l.prix_achat),
        total: Number(l.total),
      })),
    livraisons: livraisons
      .filter((l) => l.commande_fournisseur_id === h.id)
      .map((l) => ({
        id: l.id,
        date_livraison: iso(l.date_livraison)!,
        bon_livraison: l.bon_livraison,
        remarques: l.remarques,
        recue_par: l.recue_par_nom ?? null,
        lignes: livLignes
          .filter((x) => x.livraison_id === l.id)
          .map((x) => ({
            ligne_id: Number(x.commande_fournisseur_ligne_id),
            quantite: String(x.quantite),
            etat: x.etat as LivraisonEtat,
            remarque: x.remarque,
            fichier_id: x.fichier_id ? Number(x.fichier_id) : null,
          })),
      })),
  }))
}

export async function productionDetail(commandeId: number) {
  const today = todayIso()
  const header = await commandeHeader(commandeId)
  const mesure = await db.from('mesures').where('commande_id', commandeId).first()
  const rows = mesure?.statut === 'validee' ? await rowsToOrder(db, commandeId) : []
  return {
    ...header,
    mesure: mesure
      ? {
          statut: mesure.statut as string,
          validee_le: mesure.validee_le ? new Date(mesure.validee_le).toISOString() : null,
        }
      : null,
    a_preparer: rows.filter((r) => r.fournisseur_id !== null).length,
    sans_fournisseur: rows
      .filter((r) => r.fournisseur_id === null)
      .map((r) => ({
        mesure_ligne_id: r.mesure_ligne_id,
        designation: r.designation,
        quantite: r.quantite,
      })),
    commandes_fournisseur: await cfDetails(commandeId, today),
    today,
  }
}

export async function fournitureDetail(commandeId: number) {
  const today = todayIso()
  const header = await commandeHeader(commandeId)
  const details = await cfDetails(commandeId, today)
  return {
    ...header,
    commandes_fournisseur: details.filter((cf) => cf.statut !== 'brouillon'),
    today,
  }
}
