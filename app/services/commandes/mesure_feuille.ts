// The measurement sheet opened (created and prefilled the first time), its rows as shown.
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Commande from '#models/commande'
import Mesure from '#models/mesure'
import MesureLigne from '#models/mesure_ligne'
import { NotFoundException } from '#exceptions/http_exceptions'
import { MESURE_LIMITS, ligneAMesurer, referenceFromDesignation } from '#shared/mesurage'

/** The quoted lines of a commande's bdc, with their product's category. */
export async function quotedLines(client: TransactionClientContract, commandeId: number) {
  return client
    .from('bdc_lignes')
    .join('commandes', 'commandes.bdc_id', 'bdc_lignes.bdc_id')
    .leftJoin('produits', 'produits.id', 'bdc_lignes.produit_id')
    .where('commandes.id', commandeId)
    .orderBy('bdc_lignes.position')
    .select(
      'bdc_lignes.id',
      'bdc_lignes.type',
      'bdc_lignes.produit_id',
      'bdc_lignes.designation',
      'bdc_lignes.quantite',
      'bdc_lignes.unite',
      'produits.categorie'
    )
}

export function toMesurer(lines: Awaited<ReturnType<typeof quotedLines>>) {
  return lines.filter((l) =>
    ligneAMesurer({
      type: l.type,
      unite: l.unite,
      categorie: l.categorie,
      produit_id: l.produit_id === null ? null : Number(l.produit_id),
      designation: l.designation ?? '',
    })
  )
}

/**
 * The sheet of a commande, created (and prefilled) the first time it is opened. Two first
 * openings at once make one sheet: the insert is ON CONFLICT DO NOTHING and the loser reads it.
 */
export async function ensureMesure(commandeId: number): Promise<Mesure> {
  const existing = await Mesure.findBy('commandeId', commandeId)
  if (existing) return existing
  return db.transaction(async (trx) => {
    const inserted = await trx.rawQuery(
      `INSERT INTO mesures (commande_id, statut, created_at, updated_at)
       VALUES (?, 'brouillon', now(), now()) ON CONFLICT (commande_id) DO NOTHING RETURNING id`,
      [commandeId]
    )
    if (inserted.rows.length) {
      const mesureId = Number(inserted.rows[0].id)
      const lines = toMesurer(await quotedLines(trx, commandeId))
      let position = 1
      for (const l of lines) {
        const quantite = l.quantite === null ? 1 : Number(l.quantite)
        const ref = referenceFromDesignation(l.designation ?? '', quantite)
        await trx.table('mesure_lignes').insert({
          mesure_id: mesureId,
          bdc_ligne_id: l.id,
          client_uuid: randomUUID(),
          position: position++,
          repere: '',
          designation: (l.designation ?? '').slice(0, MESURE_LIMITS.designation),
          largeur_mm: null,
          hauteur_mm: null,
          sens_ouverture: ref.sens_ouverture ?? null,
          couleur: ref.couleur ?? null,
          vitrage: ref.vitrage ?? null,
          quantite: quantite > 0 ? quantite : 1,
          remarques: null,
          reference: JSON.stringify(ref),
          ecarts: JSON.stringify([]),
        })
      }
    }
    return Mesure.query({ client: trx }).where('commandeId', commandeId).firstOrFail()
  })
}

export async function findCommandeForMesure(id: number): Promise<Commande> {
  const commande = await Commande.find(id)
  if (!commande) throw new NotFoundException()
  return commande
}

/** A row as the page and the sync answer show it. */
export function ligneProps(l: MesureLigne) {
  return {
    id: l.id,
    client_uuid: l.clientUuid,
    bdc_ligne_id: l.bdcLigneId === null ? null : Number(l.bdcLigneId),
    position: l.position,
    repere: l.repere,
    designation: l.designation,
    largeur_mm: l.largeurMm,
    hauteur_mm: l.hauteurMm,
    sens_ouverture: l.sensOuverture,
    couleur: l.couleur,
    vitrage: l.vitrage,
    quantite: Number(l.quantite),
    remarques: l.remarques,
    reference: l.reference ?? {},
    ecarts: l.ecarts ?? [],
  }
}
export type MesureLigneProps = ReturnType<typeof ligneProps>

export async function lignesOf(mesureId: number, client?: TransactionClientContract) {
  const rows = await MesureLigne.query({ client })
    .where('mesureId', mesureId)
    .orderBy('position')
    .orderBy('id')
  return rows.map(ligneProps)
}
