/*
 * Writes on devis (DESIGN.md §2–§3): create, update (optimistic lock, reference B3), the new
 * revision made when a sent devis is edited, duplicate, delete a draft. Every total comes from
 * shared/totals.ts (via app/services/documents/lignes.ts), the function the editor shows; each
 * change is one transaction with its audit row. Locks: devis_locks.ts; defaults:
 * devis_defaults.ts; the frozen version: devis_snapshot.ts.
 */
import type { Actor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import DevisRevision from '#models/devis_revision'
import { audit } from '#services/audit'
import { today } from '#services/documents/numbering'
import {
  normaliseLignes,
  replaceLignes,
  totalColumnsOf,
  totalsOf,
} from '#services/documents/lignes'
import { NotFoundException, TransitionException } from '#exceptions/http_exceptions'
import type { DevisInput } from '#validators/devis'
import {
  DEVIS_ACOMPTE_PCT_DEFAULT,
  DEVIS_EDITABLE,
  DEVIS_REVISABLE,
  DEVIS_STATUT_LABELS,
} from '#shared/devis'
import { clientDisplayName } from '#shared/clients'
import { defaultTexte, defaultValidity } from '#services/devis/devis_defaults'
import { snapshotOf } from '#services/devis/devis_snapshot'
import { findClient, lockDevisWithClient, type SaveClient } from '#services/devis/devis_locks'
import {
  type ClientNameColumns,
  type SavedDevis,
  saveDraftInOneStatement,
} from '#services/devis/devis_draft_save'
import type { DevisStatut } from '#shared/devis'

/** The header columns and lines of an input; totals computed once, here. */
async function applyInput(
  trx: TransactionClientContract,
  devis: Devis,
  input: DevisInput,
  client: SaveClient
) {
  const lignes = normaliseLignes(input.lignes)
  const remise = input.remise_globale_pct ?? devis.remiseGlobalePct ?? '0'
  const acomptePct = input.acompte_pct ?? devis.acomptePct ?? String(DEVIS_ACOMPTE_PCT_DEFAULT)
  const totals = totalsOf(lignes, remise, acomptePct)
  const columns = totalColumnsOf(totals)
  const dateDevis = input.date_devis ?? devis.dateDevis ?? today()
  devis.merge({
    clientId: client.idClient,
    clientNom: clientDisplayName(client).slice(0, 300),
    dateDevis,
    valableJusquAu: input.valable_jusqu_au ?? devis.valableJusquAu ?? defaultValidity(dateDevis),
    objet: input.objet,
    adresseChantier: input.adresse_chantier ?? null,
    remiseGlobalePct: String(remise),
    acomptePct: String(acomptePct),
    acompte: totals.acompte,
    totalHt: columns.total_ht,
    totalTva: columns.total_tva,
    totalTtc: columns.total_ttc,
    tvaDetail: totals.tva,
  })
  if (input.commercial_id !== undefined) devis.commercialId = input.commercial_id
  if (input.intro !== undefined) devis.intro = input.intro || null
  if (input.conditions !== undefined) devis.conditions = input.conditions || null
  devis.useTransaction(trx)
  await devis.save()
  await replaceLignes(trx, 'devis_lignes', 'devis_id', devis.id, lignes, totals)
  return totals
}

export type CreateDevisOptions = {
  userId: number
  offreId?: number | null
  /** The pro société that brought the deal; defaults to the client's apporteur. */
  apporteurId?: number | null
  /** The apporteur's commission rate frozen at conversion of his offre (decision 187). */
  commissionApporteurPct?: string | null
  /** The caller's transaction (an offre turned into a devis); else its own. */
  trx?: TransactionClientContract
  /** More facts for the 'devis.created' audit row (where the devis comes from). */
  auditAfter?: Record<string, unknown>
}

/**
 * A new brouillon: every default of a devis (client name, totals, validity, acompte, textes
 * modèles, audit row) is set here, for the editor and for an offre turned into a devis alike.
 */
export async function createDevis(
  actor: Actor,
  input: DevisInput,
  options: CreateDevisOptions
): Promise<Devis> {
  const intro =
    input.intro !== undefined ? input.intro : await defaultTexte('devis_intro', options.userId)
  const conditions =
    input.conditions !== undefined
      ? input.conditions
      : await defaultTexte('devis_conditions', options.userId)
  const create = async (trx: TransactionClientContract) => {
    const client = await findClient(input.client_id, trx)
    const devis = new Devis()
    devis.merge({
      statut: 'brouillon',
      revision: 1,
      lockVersion: 1,
      commercialId: input.commercial_id ?? options.userId,
      apporteurId:
        options.apporteurId !== undefined ? options.apporteurId : (client.apporteurId ?? null),
      offreId: options.offreId ?? null,
      commissionApporteurPct: options.commissionApporteurPct ?? null,
      acomptePct: input.acompte_pct ?? String(DEVIS_ACOMPTE_PCT_DEFAULT),
      remiseGlobalePct: input.remise_globale_pct ?? '0',
      createdBy: options.userId,
      updatedBy: options.userId,
    })
    const totals = await applyInput(trx, devis, { ...input, intro, conditions }, client)
    await audit(
      actor,
      {
        action: 'devis.created',
        userId: options.userId,
        subjectType: 'devis',
        subjectId: devis.id,
        after: {
          client_id: devis.clientId,
          lignes: input.lignes.length,
          total_ttc: totals.total_ttc,
          ...options.auditAfter,
        },
      },
      trx
    )
    return devis
  }
  return options.trx ? create(options.trx) : db.transaction(create)
}

export type UpdateDevisResult = { devis: SavedDevis; revised: boolean }

/**
 * Saves the editor's content. A sent (or refused, expired) devis becomes a new revision: the
 * version the client received is frozen in devis_revisions, the devis goes back to brouillon
 * with the same number and revision + 1. A brouillon whose client the caller looked up is
 * saved in one statement (devis_draft_save.ts, decision 736); anything that statement does not
 * save (a stale version, another statut, the client changed) takes the transaction below,
 * which answers as it always did.
 */
export async function updateDevis(
  actor: Actor,
  devisId: number,
  lockVersion: number,
  input: DevisInput,
  userId: number,
  lookedUp?: { client: ClientNameColumns | null; devisStatut: string | null }
): Promise<UpdateDevisResult> {
  if (lookedUp?.client && DEVIS_EDITABLE.includes(lookedUp.devisStatut as DevisStatut)) {
    const saved = await saveDraftInOneStatement(
      actor,
      devisId,
      lockVersion,
      input,
      userId,
      lookedUp.client
    )
    if (saved) return { devis: saved, revised: false }
  }
  return db.transaction(async (trx) => {
    const { devis, client } = await lockDevisWithClient(trx, devisId, lockVersion, input.client_id)
    const from = devis.statut
    const revised = DEVIS_REVISABLE.includes(from)
    if (!revised && !DEVIS_EDITABLE.includes(from)) {
      throw new TransitionException(
        `Un devis « ${DEVIS_STATUT_LABELS[from]} » ne peut plus être modifié.`
      )
    }
    if (revised) {
      await DevisRevision.create(
        {
          devisId: devis.id,
          revision: devis.revision,
          snapshot: await snapshotOf(devis, trx),
          createdBy: userId,
        },
        { client: trx }
      )
      devis.revision += 1
      devis.statut = 'brouillon'
      devis.refuseLe = null
      // A draft again: it prints the live parties until it is sent
      devis.partiesSnapshot = null
    }
    // A new client brings his apporteur unless the devis came from a pro's offre
    if (client.idClient !== devis.clientId && !devis.offreId) devis.apporteurId = client.apporteurId
    devis.lockVersion += 1
    devis.updatedBy = userId
    const totals = await applyInput(trx, devis, input, client)
    await audit(
      actor,
      {
        action: revised ? 'devis.revised' : 'devis.updated',
        userId,
        subjectType: 'devis',
        subjectId: devis.id,
        before: revised ? { statut: from, revision: devis.revision - 1 } : null,
        after: {
          revision: devis.revision,
          lignes: input.lignes.length,
          total_ttc: totals.total_ttc,
        },
      },
      trx
    )
    return { devis, revised }
  })
}

/** A new draft with the same client, lines and texts: no number, today's dates. */
export async function duplicateDevis(
  actor: Actor,
  devisId: number,
  userId: number
): Promise<Devis> {
  return db.transaction(async (trx) => {
    const source = await Devis.query({ client: trx }).where('id', devisId).first()
    if (!source) throw new NotFoundException()
    const lignes = await DevisLigne.query({ client: trx })
      .where('devis_id', source.id)
      .orderBy('position')
    const client = await findClient(source.clientId, trx)
    const dateDevis = today()
    const copy = new Devis()
    copy.merge({
      statut: 'brouillon',
      revision: 1,
      lockVersion: 1,
      commercialId: source.commercialId,
      apporteurId: source.apporteurId,
      // Same deal, same partner: the copy keeps the rate agreed when the offre came in
      commissionApporteurPct: source.commissionApporteurPct,
      offreId: null,
      createdBy: userId,
      updatedBy: userId,
    })
    await applyInput(
      trx,
      copy,
      {
        client_id: source.clientId,
        date_devis: dateDevis,
        valable_jusqu_au: defaultValidity(dateDevis),
        objet: source.objet,
        adresse_chantier: source.adresseChantier,
        remise_globale_pct: String(source.remiseGlobalePct),
        acompte_pct: String(source.acomptePct),
        intro: source.intro,
        conditions: source.conditions,
        lignes: lignes.map((l) => l.toData()),
      },
      client
    )
    await audit(
      actor,
      {
        action: 'devis.duplicated',
        userId,
        subjectType: 'devis',
        subjectId: copy.id,
        after: { source_id: source.id, source_numero: source.numero },
      },
      trx
    )
    return copy
  })
}

/** Only a draft that was never sent (no number) may be deleted: numbers stay gapless. */
export async function deleteDevis(actor: Actor, devisId: number, userId: number) {
  await db.transaction(async (trx) => {
    const devis = await Devis.query({ client: trx }).where('id', devisId).forUpdate().first()
    if (!devis) throw new NotFoundException()
    if (devis.statut !== 'brouillon' || devis.numero) {
      throw new TransitionException(
        'Seul un brouillon jamais envoyé peut être supprimé : annulez plutôt ce devis.'
      )
    }
    await devis.useTransaction(trx).delete()
    await audit(
      actor,
      {
        action: 'devis.deleted',
        userId,
        subjectType: 'devis',
        subjectId: devisId,
        before: { objet: devis.objet, client_id: devis.clientId },
      },
      trx
    )
  })
}
