/*
 * Notes de crédit (issue 11 §2): a draft on an issued facture (total, chosen lines, or an amount
 * per VAT rate, with a motif), issuing it (number NC-YYYY-NNNNN, parties frozen, the facture's
 * credited amount raised — one transaction under the facture's row lock) and deleting a draft.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import Facture from '#models/facture'
import Client from '#models/client'
import NoteCredit from '#models/note_credit'
import NoteCreditLigne from '#models/note_credit_ligne'
import { audit } from '#services/audit'
import { nextNumero, today } from '#services/documents/numbering'
import { normaliseLignes, totalsOf } from '#services/documents/lignes'
import { checkVersion } from '#services/documents/optimistic_lock'
import { clientPartiesSnapshot } from '#services/pdf/document_parts'
import { parseId } from '#services/route_params'
import { setFactureAmounts } from '#services/factures/reste'
import { releaseAllocations } from '#services/paiements/allocations'
import { lockClient } from '#services/clients/client_lock'
import {
  buildNcLignes,
  closingTotals,
  type NcLigne,
  type NcRequest,
} from '#services/notes_credit/note_credit_lignes'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'
import { creditableTtc } from '#shared/notes_credit'
import { formatEuros } from '#shared/totals'

function refuse(message: string): never {
  throw new AppException(message, { status: 422 })
}

export async function findNoteCredit(rawId: unknown): Promise<NoteCredit> {
  const id = parseId(rawId)
  const nc = id ? await NoteCredit.find(id) : null
  if (!nc) throw new NotFoundException()
  return nc
}

const label = (nc: NoteCredit) =>
  nc.numero ? `La note de crédit ${nc.numero}` : 'Ce brouillon de note de crédit'

async function lockNoteCredit(trx: TransactionClientContract, id: number, lockVersion: number) {
  const nc = await NoteCredit.query({ client: trx }).where('id', id).forUpdate().first()
  if (!nc) throw new NotFoundException()
  await checkVersion(nc, lockVersion, async () => ({
    label: label(nc),
    feminine: true,
    by: null,
    at: null,
  }))
  return nc
}

async function lockFacture(trx: TransactionClientContract, factureId: number) {
  const facture = await Facture.query({ client: trx }).where('id', factureId).forUpdate().first()
  if (!facture) throw new NotFoundException()
  return facture
}

function assertCreditable(facture: Facture) {
  if (!facture.numero) refuse('Un brouillon de facture ne se crédite pas : supprimez-le.')
  if (facture.statut === 'annulee') refuse(`La facture ${facture.numero} est déjà annulée.`)
}

async function insertLignes(
  trx: TransactionClientContract,
  ncId: number,
  lignes: NcLigne[],
  remise: string
) {
  const normalised = normaliseLignes(lignes)
  const totals = totalsOf(normalised, remise)
  await trx.table('note_credit_lignes').multiInsert(
    normalised.map((l, index) => ({
      note_credit_id: ncId,
      position: index + 1,
      type: l.type,
      produit_id: l.produit_id,
      designation: l.designation,
      quantite: l.quantite,
      unite: l.unite,
      prix_unitaire_ht: l.prix_unitaire_ht,
      remise_pct: l.remise_pct,
      taux_tva: l.taux_tva,
      total_ht: totals.lignes[index]?.total_ht ?? null,
      facture_ligne_id: lignes[index].facture_ligne_id,
    }))
  )
  return totals
}

export type CreateNoteCreditInput = NcRequest & {
  factureId: number
  motif: string
  userId: number | null
}

/** A draft note de crédit on an issued facture; refused beyond what stays creditable. */
export async function createNoteCredit(
  actor: Actor,
  input: CreateNoteCreditInput,
  outer?: TransactionClientContract
) {
  const motif = input.motif.trim()
  if (!motif) refuse('Indiquez le motif de la note de crédit.')
  const run = async (trx: TransactionClientContract) => {
    const facture = await lockFacture(trx, input.factureId)
    assertCreditable(facture)
    const { lignes, remiseGlobalePct } = await buildNcLignes(trx, facture, input)
    const nc = await NoteCredit.create(
      {
        factureId: facture.id,
        clientId: facture.clientId,
        clientNom: facture.clientNom,
        kind: input.kind,
        motif: motif.slice(0, 2000),
        remiseGlobalePct,
        statut: 'brouillon',
        createdBy: input.userId,
      },
      { client: trx }
    )
    const totals = await closingTotals(
      trx,
      facture,
      lignes,
      await insertLignes(trx, nc.id, lignes, remiseGlobalePct)
    )
    assertWithinCap(facture, totals.total_ttc)
    nc.merge({
      totalHt: totals.total_ht,
      totalTva: totals.total_tva,
      totalTtc: totals.total_ttc,
      tvaDetail: totals.tva,
    })
    nc.useTransaction(trx)
    await nc.save()
    await audit(
      actor,
      {
        action: 'note_credit.creee',
        userId: input.userId,
        subjectType: 'note_credit',
        subjectId: nc.id,
        after: { facture: facture.numero, kind: input.kind, total_ttc: totals.total_ttc },
      },
      trx
    )
    return nc
  }
  return outer ? run(outer) : db.transaction(run)
}

/** Never more than the facture's total less what issued notes de crédit already took. */
function assertWithinCap(facture: Facture, totalTtc: number) {
  const cap = creditableTtc({
    total_ttc: facture.totalTtc,
    montant_credite: facture.montantCredite,
  })
  if (totalTtc <= 0) refuse('Le total d’une note de crédit doit être positif.')
  if (totalTtc > cap) {
    refuse(
      `La facture ${facture.numero} ne peut plus être créditée que de ${formatEuros(cap)} : cette note de crédit en demande ${formatEuros(totalTtc)}.`
    )
  }
}

export type NoteCreditActionInput = {
  noteCreditId: number
  lockVersion: number
  userId: number | null
}

/**
 * Issues a draft: under the facture's row lock, the lines are checked again against issued notes
 * and the cap, the number taken, the parties frozen, and the facture's montant_credite raised.
 * On a facture already paid beyond what stays due, the surplus is taken back from its
 * allocations: those payments keep it as the client's credit (to refund or allocate).
 */
export async function issueNoteCredit(
  actor: Actor,
  input: NoteCreditActionInput,
  outer?: TransactionClientContract
) {
  const run = async (trx: TransactionClientContract) => {
    const nc = await lockNoteCredit(trx, input.noteCreditId, input.lockVersion)
    if (nc.numero) refuse(`La note de crédit ${nc.numero} est déjà émise.`)
    await lockClient(trx, nc.clientId)
    const facture = await lockFacture(trx, nc.factureId)
    assertCreditable(facture)
    const lignes = await NoteCreditLigne.query({ client: trx }).where('note_credit_id', nc.id)
    // Quantities still available now that other notes may have been issued meanwhile
    if (nc.kind !== 'montant') {
      await buildNcLignes(trx, facture, {
        kind: 'lignes',
        lignes: lignes.map((l) => ({
          facture_ligne_id: l.factureLigneId!,
          quantite: l.quantite ?? '0',
        })),
      })
      // Closing or not is decided now: other notes may have been issued since the draft
      const totals = await closingTotals(
        trx,
        facture,
        lignes.map((l) => ({ ...l.toData(), facture_ligne_id: l.factureLigneId })),
        totalsOf(
          lignes.map((l) => l.toData()),
          nc.remiseGlobalePct
        )
      )
      nc.merge({
        totalHt: totals.total_ht,
        totalTva: totals.total_tva,
        totalTtc: totals.total_ttc,
        tvaDetail: totals.tva,
      })
    }
    assertWithinCap(facture, nc.totalTtc)
    const client = await Client.findOrFail(nc.clientId, { client: trx })
    const numero = await nextNumero(trx, 'note_credit')
    nc.merge({
      numero,
      statut: 'emise',
      dateNc: today(),
      partiesSnapshot: await clientPartiesSnapshot(client, trx),
      emiseLe: DateTime.now(),
      lockVersion: nc.lockVersion + 1,
    })
    nc.useTransaction(trx)
    await nc.save()

    const montantCredite = facture.montantCredite + nc.totalTtc
    const surplus = facture.montantPaye + montantCredite - facture.totalTtc
    const released = surplus > 0 ? await releaseAllocations(trx, facture.id, surplus) : 0
    const updated = await setFactureAmounts(trx, facture.id, {
      montantCredite,
      montantPaye: facture.montantPaye - released,
    })
    await audit(
      actor,
      {
        action: 'note_credit.emise',
        userId: input.userId,
        subjectType: 'note_credit',
        subjectId: nc.id,
        before: { statut: 'brouillon', facture_statut: facture.statut },
        after: {
          numero,
          facture: facture.numero,
          total_ttc: nc.totalTtc,
          facture_statut: updated.statut,
          credit_client: released,
        },
      },
      trx
    )
    return nc
  }
  return outer ? run(outer) : db.transaction(run)
}

/** Deletes a draft; an issued note is never deleted (the trigger refuses it too). */
export async function deleteNoteCreditBrouillon(actor: Actor, input: NoteCreditActionInput) {
  return db.transaction(async (trx) => {
    const nc = await lockNoteCredit(trx, input.noteCreditId, input.lockVersion)
    if (nc.numero) {
      refuse(`La note de crédit ${nc.numero} est émise : elle n’est jamais supprimée.`)
    }
    await audit(
      actor,
      {
        action: 'note_credit.supprimee',
        userId: input.userId,
        subjectType: 'note_credit',
        subjectId: nc.id,
        before: { facture_id: nc.factureId, total_ttc: nc.totalTtc },
      },
      trx
    )
    await trx.from('note_credit_lignes').where('note_credit_id', nc.id).delete()
    nc.useTransaction(trx)
    await nc.delete()
    return nc
  })
}
