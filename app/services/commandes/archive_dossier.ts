/*
 * Issue 14 §4: esi/archive/Show — the whole file of one finished or cancelled commande, read
 * only. Each part comes from the loader its own page uses (decision 522): the commande's header
 * and timeline (without the automatic steps' refresh: nothing is written behind this GET), the
 * bdc's detail, the measurement sheet's props (only when the sheet exists: opening it would
 * create it), the supplier orders of the production page, the active PV, the factures block,
 * the files. Only what no page gathered per commande is read here: its notes de crédit and
 * payments (through the compta lists' own queries and rows) and the emails sent about its
 * documents, from the audit log, and the visit reminders, from the planning's record of them
 * (the app keeps no other record of a sent mail).
 */
import db from '@adonisjs/lucid/services/db'
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import Devis from '#models/devis'
import Mesure from '#models/mesure'
import type User from '#models/user'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { commandeDetail } from '#services/commandes/commande_service'
import { commandeTimeline } from '#services/commandes/commande_timeline'
import { commandeFichiers } from '#services/commandes/commande_fichiers'
import { mesureSheetProps } from '#services/commandes/mesure_page'
import { bdcDetail } from '#services/bdc/bdc_service'
import { revisionItems } from '#services/devis/devis_queries'
import { productionDetail } from '#services/commandes_fournisseur/cf_detail'
import { activeReception, receptionView } from '#services/receptions/reception_queries'
import { commandeFacturation } from '#services/factures/commande_factures'
import { avenantSummary } from '#services/avenants/avenant_page'
import {
  noteCreditListItem,
  noteCreditListQuery,
  parseNoteCreditListParams,
} from '#services/notes_credit/note_credit_list'
import {
  paiementListItem,
  paiementListQuery,
  parsePaiementListParams,
} from '#services/paiements/paiement_list'
import { ARCHIVE_MAIL_ACTIONS, isArchivee, type ArchiveMail } from '#shared/archive'

/** An archived commande, else 404: a running one lives in the commandes pages (decision 520). */
export async function findArchivedCommande(rawId: unknown): Promise<Commande> {
  const id = parseId(rawId)
  const commande = id ? await Commande.find(id) : null
  if (!commande || !isArchivee(commande.statut)) throw new NotFoundException()
  return commande
}

async function devisOf(bdc: Bdc) {
  const devis = await Devis.find(bdc.devisId)
  if (!devis) return null
  return {
    id: devis.id,
    numero: devis.numero,
    revision: devis.revision,
    statut: devis.statut,
    date_devis: devis.dateDevis.toISODate(),
    objet: devis.objet,
    total_ttc: devis.totalTtc,
    envoye_le: devis.envoyeLe?.toISO() ?? null,
    accepte_le: devis.accepteLe?.toISO() ?? null,
    // The versions sent before (frozen), newest first; the current one is the devis itself
    revisions: await revisionItems(devis.id),
  }
}

/** The commande's notes de crédit, as the compta list shows them. */
async function notesCreditOf(factureIds: number[]) {
  if (!factureIds.length) return []
  const rows = await noteCreditListQuery(parseNoteCreditListParams({}))
    .whereIn('notes_credit.facture_id', factureIds)
    .orderBy('notes_credit.id', 'asc')
  return rows.map(noteCreditListItem)
}

/** The payments allocated to its factures, as the compta list shows them. */
async function paiementsOf(factureIds: number[]) {
  if (!factureIds.length) return []
  const rows = await paiementListQuery(parsePaiementListParams({}))
    .whereIn(
      'paiements.id',
      db.from('paiement_allocations').whereIn('facture_id', factureIds).select('paiement_id')
    )
    .orderBy('paiements.date_paiement', 'asc')
    .orderBy('paiements.id', 'asc')
  return rows.map(paiementListItem)
}

type Subject = { type: string; id: number; document: string | null }

/** The emails sent about the commande's documents: the audit rows of a sending action. */
async function mailsOf(subjects: Subject[]): Promise<ArchiveMail[]> {
  if (!subjects.length) return []
  const rows = await db
    .from('audit_logs as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .whereIn('a.action', Object.keys(ARCHIVE_MAIL_ACTIONS))
    .where((q) => {
      for (const s of subjects) {
        q.orWhere((w) => w.where('a.subject_type', s.type).where('a.subject_id', String(s.id)))
      }
    })
    .orderBy('a.created_at', 'asc')
    .orderBy('a.id', 'asc')
    .select('a.id', 'a.action', 'a.subject_type', 'a.subject_id', 'a.after', 'a.created_at')
    .select('u.name as par')
  return rows.map((r) => {
    const subject = subjects.find((s) => s.type === r.subject_type && String(s.id) === r.subject_id)
    const after = (r.after ?? {}) as Record<string, unknown>
    return {
      id: Number(r.id),
      quoi: ARCHIVE_MAIL_ACTIONS[r.action] ?? r.action,
      document: subject?.document ?? (typeof after.numero === 'string' ? after.numero : null),
      destinataire: typeof after.to === 'string' ? after.to : null,
      par: r.par ?? null,
      le: new Date(r.created_at).toISOString(),
    }
  })
}

/** The visit reminders mailed to the customer (the planning's own record of each). */
async function rappelsOf(commandeId: number): Promise<ArchiveMail[]> {
  const rows = await db
    .from('planification_rappels as r')
    .join('planifications as p', 'p.id', 'r.planification_id')
    .where('p.commande_id', commandeId)
    .where('r.envoye', true)
    .orderBy('r.created_at', 'asc')
    .select('r.planification_id', 'r.email', 'r.created_at', 'p.titre')
  return rows.map((r) => ({
    // Negative: apart from the audit rows' ids in the page's keys
    id: -Number(r.planification_id),
    quoi: 'Rappel de visite',
    document: r.titre,
    destinataire: r.email ?? null,
    par: null,
    le: new Date(r.created_at).toISOString(),
  }))
}

/** Every prop of esi/archive/Show. */
export async function archiveDossier(commande: Commande, user: User | null) {
  const bdc = await Bdc.findOrFail(commande.bdcId)
  // One after the other: inside a transaction (tests, demo) they share one connection
  const header = await commandeDetail(commande)
  const timeline = await commandeTimeline(commande, user, { refresh: false })
  const devis = await devisOf(bdc)
  const bdcProps = await bdcDetail(bdc)
  const sheet = (await Mesure.findBy('commandeId', commande.id))
    ? await mesureSheetProps(commande)
    : null
  const production = await productionDetail(commande.id)
  const reception = await receptionView(await activeReception(db.connection(), commande.id))
  const facturation = await commandeFacturation(commande)
  const factureIds = facturation.factures.map((f) => f.id)
  const notesCredit = await notesCreditOf(factureIds)
  const paiements = await paiementsOf(factureIds)
  const cfs = production.commandes_fournisseur
  const mails = await mailsOf([
    ...(devis ? [{ type: 'devis', id: devis.id, document: devis.numero }] : []),
    ...bdcProps.demandes.map((d) => ({ type: 'demande_paiement', id: d.id, document: d.numero })),
    ...facturation.factures.map((f) => ({ type: 'facture', id: f.id, document: f.numero })),
    ...cfs.map((cf) => ({ type: 'commande_fournisseur', id: cf.id, document: cf.numero })),
  ])
  const rappels = await rappelsOf(commande.id)
  return {
    commande: header,
    fin_le: (commande.termineeLe ?? commande.annuleeLe)?.toISO() ?? null,
    timeline,
    devis,
    bdc: bdcProps,
    mesure: sheet
      ? {
          statut: sheet.mesure.statut,
          validee_le: sheet.mesure.validee_le,
          validee_par: sheet.mesure.validee_par,
          remarques: sheet.mesure.remarques,
          lignes: sheet.lignes,
          document: sheet.document,
        }
      : null,
    avenant: await avenantSummary(commande.id),
    commandes_fournisseur: cfs,
    reception,
    facturation: { factures: facturation.factures, balance: facturation.balance },
    notes_credit: notesCredit,
    paiements,
    mails: [...mails, ...rappels].sort((a, b) => a.le.localeCompare(b.le)),
    fichiers: await commandeFichiers(commande.id),
  }
}

export type ArchiveDossier = Awaited<ReturnType<typeof archiveDossier>>
