/*
 * Issue 12 §1 (decisions 305, 307): the end of a commande before its time. « Le client se
 * rétracte » (within the period, no waiver, the form received): one transaction cancels the
 * commande with that motif, its open demandes de paiement, stops its supplier orders
 * (stopCommandesFournisseur, decision 423) and refunds the acompte — a note de crédit on each
 * issued acompte facture and one refund payment of what they had been paid. Any other
 * cancellation takes a motif and says what is already ordered from suppliers.
 *
 * Locks, in this order: the client (money, decision 263), the commande's supplier orders, the
 * commande, then what each service locks (demandes, factures, notes de crédit, payments).
 */
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import Commande from '#models/commande'
import Facture from '#models/facture'
import { audit } from '#services/audit'
import { notify } from '#services/events'
import { lockClient } from '#services/clients/client_lock'
import { checkVersion } from '#services/documents/optimistic_lock'
import { today } from '#services/documents/numbering'
import { annulerDemandesOuvertes } from '#services/bdc/bdc_service'
import { createNoteCredit, issueNoteCredit } from '#services/notes_credit/note_credit_service'
import { recordPaiement } from '#services/paiements/paiement_service'
import { historique, syncCommande } from '#services/commandes/etapes'
import { stopCommandesFournisseur } from '#services/commandes_fournisseur/cf_service'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'
import { MOTIF_RETRACTATION, retractationRefusee } from '#shared/commande_timeline'
import { formatEuros } from '#shared/totals'
import { CF_STATUT_LABELS, type CfStatut } from '#shared/commandes_fournisseur'
import { refuseSiTerminee } from '#services/commandes/commande_terminee'

/** What a cancelled commande's hooks receive (in the cancelling transaction). */
export type CommandeAnnuleeEvent = {
  trx: TransactionClientContract
  actor: Actor
  commandeId: number
  motif: string
  retractation: boolean
}

type Hook = (event: CommandeAnnuleeEvent) => Promise<void>
type Engagements = (client: QueryClientContract, commandeId: number) => Promise<string[]>

const annuleeHooks: Hook[] = []
const engagementProviders: Engagements[] = []

/**
 * Registers what must happen when a commande is cancelled, in the same transaction (the
 * supplier-order part stops its orders here). A hook that throws rolls the cancellation back.
 */
export function onCommandeAnnulee(hook: Hook): void {
  if (!annuleeHooks.includes(hook)) annuleeHooks.push(hook)
}

/**
 * Registers a reader of what is already engaged with suppliers for a commande, in French lines
 * (« 2 commandes fournisseur envoyées : CF-2026-00001, … »), shown before a cancellation.
 */
export function onCommandeEngagements(provider: Engagements): void {
  if (!engagementProviders.includes(provider)) engagementProviders.push(provider)
}

function refuse(message: string): never {
  throw new AppException(message, { status: 422 })
}

/**
 * The supplier orders already sent (not drafts, not cancelled), one French line each
 * (« CF-2026-00001 — Profilés Wallons — 1 234,00 € HT (envoyée) »), decision 423.
 */
export async function commandesFournisseurEnvoyees(
  client: QueryClientContract,
  commandeId: number
): Promise<{ any: boolean; lines: string[] }> {
  const rows = await client
    .from('commandes_fournisseur as cf')
    .join('societes as s', 's.id', 'cf.fournisseur_id')
    .where('cf.commande_id', commandeId)
    .orderBy('cf.id')
    .select('cf.numero', 'cf.statut', 'cf.total_ht', 's.nom')
  const lines = rows
    .filter((r) => r.statut !== 'brouillon' && r.statut !== 'annulee')
    .map(
      (r) =>
        `${r.numero} — ${r.nom} — ${formatEuros(Number(r.total_ht))} HT (${CF_STATUT_LABELS[r.statut as CfStatut].toLowerCase()})`
    )
  return { any: rows.length > 0, lines }
}

/**
 * What is already ordered or received from suppliers, in French: the supplier orders sent
 * (numero, supplier, total), the registered readers', else what the steps say (approvisionnement
 * started: orders sent; fourniture started: goods in).
 */
export async function engagementsFournisseur(
  client: QueryClientContract,
  commandeId: number
): Promise<string[]> {
  const cfs = await commandesFournisseurEnvoyees(client, commandeId)
  const lines = [...cfs.lines]
  for (const provider of engagementProviders) lines.push(...(await provider(client, commandeId)))
  // Supplier orders recorded (even all cancelled): they are the truth, not the steps
  if (lines.length || cfs.any) return lines
  const rows = await client
    .from('commande_etapes')
    .where('commande_id', commandeId)
    .whereIn('etape', ['approvisionnement', 'fourniture'])
    .select('etape', 'statut')
  const of = (e: string) => rows.find((r) => r.etape === e)?.statut
  if (of('approvisionnement') === 'faite') lines.push('Les commandes fournisseur sont confirmées.')
  else if (of('approvisionnement') === 'en_cours')
    lines.push('Des commandes fournisseur ont été envoyées.')
  if (of('fourniture') === 'faite') lines.push('Toutes les marchandises sont reçues.')
  else if (of('fourniture') === 'en_cours') lines.push('Des marchandises ont été reçues.')
  return lines
}

async function lockCommande(trx: TransactionClientContract, commandeId: number, version: number) {
  // Its supplier orders first (decision 423): sending or receiving one locks it, then the step,
  // then writes the commande — the same order here, so a cancellation and a send cannot deadlock
  await trx.from('commandes_fournisseur').where('commande_id', commandeId).forUpdate().select('id')
  const commande = await Commande.query({ client: trx }).where('id', commandeId).forUpdate().first()
  if (!commande) throw new NotFoundException()
  await checkVersion(commande, version, async () => ({
    label: `La commande ${commande.numero}`,
    feminine: true,
    by: null,
    at: null,
  }))
  if (commande.statut === 'annulee') refuse(`La commande ${commande.numero} est déjà annulée.`)
  refuseSiTerminee(commande.statut)
  return commande
}

async function annuler(
  trx: TransactionClientContract,
  actor: Actor,
  commande: Commande,
  motif: string,
  retractation: boolean
) {
  const userId = actor.user?.id ?? null
  const before = commande.statut
  commande.merge({
    statut: 'annulee',
    motifAnnulation: motif,
    annuleeLe: DateTime.now(),
    lockVersion: commande.lockVersion + 1,
  })
  commande.useTransaction(trx)
  await commande.save()
  const demandes = await annulerDemandesOuvertes(actor, trx, commande.bdcId, userId, motif)
  // Decision 410: its supplier orders stopped in the same transaction (drafts and sent orders
  // not wholly received are « annulée »; what had been sent is returned for the history)
  const stoppees = await stopCommandesFournisseur(trx, commande.id, motif, actor)
  for (const hook of annuleeHooks) {
    await hook({ trx, actor, commandeId: commande.id, motif, retractation })
  }
  await syncCommande(trx, commande.id)
  return { before, demandes, stoppees }
}

export type RetractationInput = {
  commandeId: number
  lockVersion: number
  /** The day the withdrawal form was received (ISO date). */
  recueLe: string
}

/**
 * « Le client se rétracte » (decision 305): refused outside the period, with a waiver, or with a
 * form dated in the future. The acompte factures are credited whole (what they still asked is
 * no longer due) and what they had been paid is refunded, one payment « virement ».
 */
export async function retracterCommande(actor: Actor, input: RetractationInput) {
  const first = await Commande.find(input.commandeId)
  if (!first) throw new NotFoundException()
  return db.transaction(async (trx) => {
    await lockClient(trx, first.clientId)
    const commande = await lockCommande(trx, input.commandeId, input.lockVersion)
    const bdc = await trx
      .from('bdcs')
      .where('id', commande.bdcId)
      .select('fin_retractation', 'renonciation_retractation', 'numero')
      .first()
    const jour = today().toISODate()!
    const fin = bdc?.fin_retractation
      ? DateTime.fromJSDate(new Date(bdc.fin_retractation)).toISODate()
      : null
    const refused = retractationRefusee({
      annulee: false,
      finRetractation: fin,
      renonciation: Boolean(bdc?.renonciation_retractation),
      today: jour,
    })
    if (refused) refuse(refused)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(input.recueLe) || input.recueLe > jour) {
      refuse('La date de réception du formulaire ne peut pas être dans le futur.')
    }
    const userId = actor.user?.id ?? null
    commande.retractationRecueLe = DateTime.fromISO(input.recueLe)
    const { before, demandes, stoppees } = await annuler(
      trx,
      actor,
      commande,
      MOTIF_RETRACTATION,
      true
    )

    // The acompte: each issued acompte facture credited whole, what it was paid refunded
    const factures = await Facture.query({ client: trx })
      .where('bdc_id', commande.bdcId)
      .where('type', 'acompte')
      .whereNotNull('numero')
      .whereNot('statut', 'annulee')
      .orderBy('id')
    const notes: string[] = []
    let rembourse = 0
    for (const facture of factures) {
      if (facture.totalTtc - facture.montantCredite <= 0) continue
      rembourse += facture.montantPaye
      const draft = await createNoteCredit(
        actor,
        {
          factureId: facture.id,
          kind: 'total',
          motif: `${MOTIF_RETRACTATION} (commande ${commande.numero}, formulaire reçu le ${input.recueLe.split('-').reverse().join('/')})`,
          userId,
        },
        trx
      )
      const version = await trx.from('notes_credit').where('id', draft.id).select('lock_version')
      const nc = await issueNoteCredit(
        actor,
        { noteCreditId: draft.id, lockVersion: Number(version[0].lock_version), userId },
        trx
      )
      notes.push(nc.numero!)
    }
    let paiementId: number | null = null
    if (rembourse > 0) {
      const { paiement } = await recordPaiement(
        actor,
        {
          clientId: commande.clientId,
          date: today(),
          montant: -rembourse,
          mode: 'virement',
          reference: `Remboursement rétractation ${commande.numero}`,
          compte: null,
          // The commande's lock and statut make the withdrawal happen once
          idempotencyKey: randomUUID(),
          allocations: [],
          userId,
        },
        trx
      )
      paiementId = paiement.id
    }
    const detail = [
      `Formulaire reçu le ${input.recueLe.split('-').reverse().join('/')}`,
      notes.length ? `note(s) de crédit ${notes.join(', ')}` : null,
      rembourse > 0 ? `remboursement de ${formatEuros(rembourse)}` : 'aucun acompte à rembourser',
      demandes.length ? `demande(s) annulée(s) ${demandes.join(', ')}` : null,
      stoppees.length
        ? `commande(s) fournisseur arrêtée(s) ${stoppees.map((c) => c.numero).join(', ')} — prévenir les fournisseurs`
        : null,
    ]
      .filter(Boolean)
      .join(' ; ')
    await historique(trx, {
      commandeId: commande.id,
      etape: 'retractation',
      userId,
      action: 'retractation',
      de: before,
      vers: 'annulee',
      detail,
    })
    await audit(
      actor,
      {
        action: 'commande.retractation',
        subjectType: 'commande',
        subjectId: commande.id,
        before: { statut: before },
        after: {
          statut: 'annulee',
          motif: MOTIF_RETRACTATION,
          recue_le: input.recueLe,
          notes_credit: notes,
          rembourse,
          paiement_id: paiementId,
          demandes_annulees: demandes,
        },
      },
      trx
    )
    await notifyAnnulee(trx, commande, `${MOTIF_RETRACTATION}`, userId)
    return { commande, notes, rembourse, paiementId }
  })
}

export type AnnulationInput = { commandeId: number; lockVersion: number; motif: string }

/** Cancels a commande for another reason (decision 307): the motif of SPEC's dialog. */
export async function annulerCommande(actor: Actor, input: AnnulationInput) {
  const motif = input.motif.trim().slice(0, 500)
  if (!motif) refuse('Indiquez le motif de l’annulation.')
  return db.transaction(async (trx) => {
    const commande = await lockCommande(trx, input.commandeId, input.lockVersion)
    const engagements = await engagementsFournisseur(trx, commande.id)
    const userId = actor.user?.id ?? null
    const { before, demandes } = await annuler(trx, actor, commande, motif, false)
    await historique(trx, {
      commandeId: commande.id,
      etape: null,
      userId,
      action: 'annulation',
      de: before,
      vers: 'annulee',
      detail: [motif, ...engagements].join(' ; '),
    })
    await audit(
      actor,
      {
        action: 'commande.annulee',
        subjectType: 'commande',
        subjectId: commande.id,
        before: { statut: before },
        after: { statut: 'annulee', motif, engagements, demandes_annulees: demandes },
      },
      trx
    )
    await notifyAnnulee(trx, commande, motif, userId)
    return commande
  })
}

async function notifyAnnulee(
  trx: TransactionClientContract,
  commande: Commande,
  motif: string,
  userId: number | null
) {
  await notify(trx, {
    userIds: [commande.chefProjetId],
    exceptUserId: userId,
    type: 'commande.annulee',
    titre: `Commande ${commande.numero} (${commande.clientNom}) annulée : ${motif}`,
    lien: urlFor('esi.commandes.show', { id: commande.id }),
    icon: 'bi bi-x-circle',
  })
}
