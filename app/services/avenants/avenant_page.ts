/*
 * The props of esi/commande/Avenant and the small summary the commande Show page reads
 * (avenantSummary): the current avenant, the flagged rows of the sheet beside the lines, what
 * the page may do and why not.
 */
import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import Avenant from '#models/avenant'
import Bdc from '#models/bdc'
import BdcLigne from '#models/bdc_ligne'
import type Commande from '#models/commande'
import DemandePaiement from '#models/demande_paiement'
import { currentAvenant, ecartsOf, type EcartRow } from '#services/avenants/avenant_queries'
import { AVENANT_OPEN, AVENANT_STATUT_LABELS, type AvenantStatut } from '#shared/avenants'
import type { LigneForm } from '#shared/devis'

export type AvenantSummary = {
  /** The page of the avenant (prepare, edit, sign). */
  url: string
  /** Flagged rows of the validated sheet. */
  ecarts: number
  /** « Préparer l'avenant » is possible now (écarts, step not done, no open avenant). */
  a_preparer: boolean
  avenant: {
    id: number
    numero: string
    statut: AvenantStatut
    statut_label: string
    total_ttc: number
    difference_ttc: number
    acompte_difference: number
    signe_le: string | null
    pdf_url: string
  } | null
}

async function mesurageStatut(commandeId: number): Promise<string | null> {
  const row = await db
    .from('commande_etapes')
    .where({ commande_id: commandeId, etape: 'mesurage' })
    .select('statut', 'motif_blocage')
    .first()
  return row?.statut ?? null
}

/** Why « Préparer l'avenant » / « Accepter les écarts » is off (French), or null. */
function preparerReason(
  ecarts: { validee: boolean; rows: EcartRow[] },
  mesurage: string | null
): string | null {
  if (!ecarts.validee) return 'La fiche de mesurage n’est pas encore validée.'
  if (ecarts.rows.length === 0) return 'Le mesurage n’a relevé aucun écart.'
  if (mesurage === 'faite' || mesurage === 'sans_objet')
    return 'Les écarts du mesurage sont déjà réglés.'
  return null
}

const pdfUrl = (a: Avenant) => urlFor('esi.avenants.pdf', { id: a.id })

/** What the commande Show page needs to show the avenant and link to its page. */
export async function avenantSummary(commandeId: number): Promise<AvenantSummary> {
  // One after the other: they may share one connection (a transaction)
  const ecarts = await ecartsOf(commandeId)
  const mesurage = await mesurageStatut(commandeId)
  const avenant = await currentAvenant(commandeId)
  const open = avenant && AVENANT_OPEN.includes(avenant.statut)
  return {
    url: urlFor('esi.avenants.show', { id: commandeId }),
    ecarts: ecarts.rows.length,
    a_preparer: !open && preparerReason(ecarts, mesurage) === null,
    avenant: avenant
      ? {
          id: avenant.id,
          numero: avenant.numero,
          statut: avenant.statut,
          statut_label: AVENANT_STATUT_LABELS[avenant.statut],
          total_ttc: avenant.totalTtc,
          difference_ttc: avenant.differenceTtc,
          acompte_difference: avenant.acompteDifference,
          signe_le: avenant.signeLe?.toISO() ?? null,
          pdf_url: pdfUrl(avenant),
        }
      : null,
  }
}

function ligneForm(l: ReturnType<BdcLigne['toForm']>): LigneForm & { total_ht: number | null } {
  return l
}

/** The props of esi/commande/Avenant. */
export async function avenantPageProps(commande: Commande) {
  const bdc = await Bdc.findOrFail(commande.bdcId)
  const ecarts = await ecartsOf(commande.id)
  const mesurage = await mesurageStatut(commande.id)
  const avenant = await currentAvenant(commande.id)
  const bdcLignes = await BdcLigne.query().where('bdc_id', bdc.id).orderBy('position', 'asc')
  const all = await Avenant.query().where('commande_id', commande.id).orderBy('rang', 'asc')
  if (avenant) await avenant.load('lignes')
  const demande = avenant?.demandePaiementId
    ? await DemandePaiement.find(avenant.demandePaiementId)
    : null
  const open = avenant && AVENANT_OPEN.includes(avenant.statut)
  const reason = preparerReason(ecarts, mesurage)
  return {
    commande: {
      id: commande.id,
      numero: commande.numero,
      client_nom: commande.clientNom,
      objet: commande.objet,
      total_ttc: commande.totalTtc,
      statut: commande.statut,
    },
    bdc: {
      id: bdc.id,
      numero: bdc.numero,
      total_ttc: bdc.totalTtc,
      acompte_pct: bdc.acomptePct,
      signataire: bdc.signataire,
    },
    mesurage,
    ecarts: ecarts.rows,
    /** The quoted lines (the « devis » side of the flagged rows), by id. */
    bdc_lignes: bdcLignes.map((l) => ({
      id: Number(l.id),
      designation: l.designation,
      quantite: l.quantite,
      prix_unitaire_ht: l.prixUnitaireHt,
      total_ht: l.totalHt,
    })),
    preparer: {
      reason: open ? 'Un avenant est déjà en cours.' : reason,
    },
    accepter: { reason },
    avenant: avenant
      ? {
          id: avenant.id,
          numero: avenant.numero,
          statut: avenant.statut,
          motif: avenant.motif,
          motif_annulation: avenant.motifAnnulation,
          lock_version: avenant.lockVersion,
          remise_globale_pct: avenant.remiseGlobalePct,
          lignes: avenant.lignes.map((l) => ligneForm(l.toForm())),
          origines: avenant.lignes.map((l) => l.bdcLigneId),
          total_ht: avenant.totalHt,
          total_tva: avenant.totalTva,
          total_ttc: avenant.totalTtc,
          base_total_ht: avenant.totalHt - avenant.differenceHt,
          base_total_tva: avenant.totalTva - avenant.differenceTva,
          base_total_ttc: avenant.baseTotalTtc,
          difference_ht: avenant.differenceHt,
          difference_tva: avenant.differenceTva,
          difference_ttc: avenant.differenceTtc,
          acompte_pct: avenant.acomptePct,
          acompte_difference: avenant.acompteDifference,
          signe_le: avenant.signeLe?.toISO() ?? null,
          signataire: avenant.signataire,
          pdf_url: pdfUrl(avenant),
          fichier_id: avenant.fichierId,
          /** The signed PDF as attached to the commande (its documents). */
          document_url: avenant.fichierId
            ? urlFor('esi.commandes.fichiers.show', {
                id: avenant.commandeId,
                fichier: avenant.fichierId,
              })
            : null,
          demande: demande
            ? {
                id: demande.id,
                numero: demande.numero,
                montant: demande.montant,
                url: urlFor('esi.paiement.show', { id: demande.id }),
              }
            : null,
        }
      : null,
    avenants: all.map((a) => ({
      id: a.id,
      numero: a.numero,
      statut: a.statut,
      total_ttc: a.totalTtc,
      difference_ttc: a.differenceTtc,
      pdf_url: pdfUrl(a),
    })),
  }
}
