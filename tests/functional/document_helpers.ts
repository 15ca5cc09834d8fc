/*
 * Documents written straight to the database for the sales tests (devis, bdc, offres, PDF):
 * line builders, and a devis whose lines and header totals come from shared/totals.ts (via
 * app/services/documents/lignes.ts), the way the services store them.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import Devis from '#models/devis'
import { replaceLignes, totalsOf } from '#services/documents/lignes'
import type { LigneData } from '#shared/devis'
import type { Totals } from '#shared/totals'

export function produit(
  designation: string,
  prixCents: number,
  tauxTva = 21,
  quantite = '1',
  remisePct = '0',
  unite = 'piece'
): LigneData {
  return {
    type: 'produit',
    produit_id: null,
    designation,
    quantite,
    unite,
    prix_unitaire_ht: prixCents,
    remise_pct: remisePct,
    taux_tva: tauxTva,
  }
}

export function autre(type: 'texte' | 'section' | 'sous_total', designation = ''): LigneData {
  return {
    type,
    produit_id: null,
    designation,
    quantite: null,
    unite: null,
    prix_unitaire_ht: null,
    remise_pct: '0',
    taux_tva: null,
  }
}

type DevisColumns = Partial<ModelAttributes<Devis>> & { clientId: number; clientNom: string }

/**
 * A devis and its lines in one transaction; the totals (and acompte) are computed from the
 * lines with the devis' remise and acompte (0 % and 30 % when not given).
 */
export async function insertDevis(
  columns: DevisColumns,
  lignes: LigneData[]
): Promise<{ devis: Devis; totals: Totals }> {
  const remise = String(columns.remiseGlobalePct ?? '0')
  const acomptePct = String(columns.acomptePct ?? '30')
  const totals = totalsOf(lignes, remise, acomptePct)
  const devis = await db.transaction(async (trx) => {
    const created = await Devis.create(
      {
        revision: 1,
        lockVersion: 1,
        dateDevis: DateTime.now(),
        valableJusquAu: DateTime.now().plus({ days: 30 }),
        objet: 'Remplacement des châssis',
        statut: 'brouillon',
        ...columns,
        remiseGlobalePct: remise,
        acomptePct,
        acompte: totals.acompte,
        totalHt: totals.total_ht,
        totalTva: totals.total_tva,
        totalTtc: totals.total_ttc,
        tvaDetail: totals.tva,
      },
      { client: trx }
    )
    await replaceLignes(trx, 'devis_lignes', 'devis_id', created.id, lignes, totals)
    return created
  })
  return { devis, totals }
}
