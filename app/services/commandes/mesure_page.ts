/*
 * The props of esi/mesurage/Show (issue 12 §2): the commande and its site, the sheet (created and
 * prefilled the first time it is opened) with its rows, the tolerance, the mesurage step and
 * whether the sheet may be reopened, and the step's history.
 */
import db from '@adonisjs/lucid/services/db'
import type Commande from '#models/commande'
import { ensureMesure, lignesOf } from '#services/commandes/mesure_feuille'
import { reouvertureRaison, toleranceMm } from '#services/commandes/mesure_service'
import type { EtapeStatut } from '#shared/commande_etapes'
import { commandeFichiers } from '#services/commandes/commande_fichiers'

export async function mesureSheetProps(commande: Commande) {
  const mesure = await ensureMesure(commande.id)
  // One after the other: inside a transaction (tests, demo) they share one connection
  const lignes = await lignesOf(mesure.id)
  const bdc = await db
    .from('bdcs')
    .where('id', commande.bdcId)
    .select('numero', 'adresse_chantier')
    .first()
  const etapes = await db
    .from('commande_etapes')
    .where('commande_id', commande.id)
    .whereIn('etape', ['mesurage', 'approvisionnement'])
    .select('etape', 'statut', 'motif_blocage')
  const historique = await db
    .from('commande_etape_historique as h')
    .leftJoin('users', 'users.id', 'h.user_id')
    .where('h.commande_id', commande.id)
    .where('h.etape', 'mesurage')
    .orderBy('h.id', 'desc')
    .limit(20)
    .select('h.id', 'h.action', 'h.de', 'h.vers', 'h.detail', 'h.created_at', 'users.name')
  const tolerance = await toleranceMm()
  const valideur = mesure.valideePar
    ? await db.from('users').where('id', mesure.valideePar).select('name').first()
    : null
  const fichiers = await commandeFichiers(commande.id, 'mesurage')
  const etape = etapes.find((e) => e.etape === 'mesurage')
  const appro = etapes.find((e) => e.etape === 'approvisionnement')
  return {
    commande: {
      id: commande.id,
      numero: commande.numero,
      client_nom: commande.clientNom,
      objet: commande.objet,
      statut: commande.statut,
      bdc_numero: bdc?.numero ?? null,
      adresse_chantier: bdc?.adresse_chantier ?? null,
    },
    mesure: {
      id: mesure.id,
      statut: mesure.statut,
      lock_version: mesure.lockVersion,
      remarques: mesure.remarques ?? '',
      tolerance_mm: mesure.toleranceMm,
      validee_le: mesure.valideeLe?.toISO() ?? null,
      validee_par: valideur?.name ?? null,
      ecarts: mesure.ecarts ?? [],
    },
    lignes,
    tolerance_mm: tolerance,
    etape: {
      statut: (etape?.statut ?? 'a_faire') as EtapeStatut,
      motif_blocage: (etape?.motif_blocage as string | null) ?? null,
    },
    reouverture: {
      raison:
        mesure.statut === 'validee'
          ? reouvertureRaison((appro?.statut as string) ?? 'a_faire', mesure.statut)
          : null,
    },
    photos: fichiers
      .filter((f) => f.kind === 'photo')
      .map((f) => ({
        id: f.id,
        mesure_ligne_id: f.mesure_ligne_id === null ? null : Number(f.mesure_ligne_id),
        nom: f.nom,
        legende: f.legende,
      })),
    /** The PDF stored at the last validation. */
    document: fichiers.find((f) => f.kind === 'document') ?? null,
    historique: historique.map((h) => ({
      id: Number(h.id),
      action: h.action as string,
      de: h.de as string | null,
      vers: h.vers as string | null,
      detail: h.detail as string | null,
      at: new Date(h.created_at).toISOString(),
      par: (h.name as string | null) ?? null,
    })),
  }
}

export type MesureSheetProps = Awaited<ReturnType<typeof mesureSheetProps>>
