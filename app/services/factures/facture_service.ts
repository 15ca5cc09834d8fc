/*
 * Factures (issue 11 §1): drafts (an acompte from a signed bdc, a free facture for a client),
 * issuing (number, date, due date, structured communication, parties frozen — one transaction)
 * and deleting a draft. Every change runs under the row lock with the version the user saw.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { Actor } from '#services/actor'
import Facture from '#models/facture'
import FactureLigne from '#models/facture_ligne'
import Client from '#models/client'
import Commande from '#models/commande'
import { audit } from '#services/audit'
import { notify } from '#services/events'
import { lockBdcForUpdate } from '#services/bdc/bdc_service'
import { nextNumero, today } from '#services/documents/numbering'
import { refreshAutoEtapes } from '#services/commandes/etapes_auto'
import { normaliseLignes, replaceLignes, totalsOf } from '#services/documents/lignes'
import { checkVersion } from '#services/documents/optimistic_lock'
import { enforce } from '#services/documents/state'
import { clientPartiesSnapshot } from '#services/pdf/document_parts'
import { parseId } from '#services/route_params'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'
import { acompteLignes } from '#services/factures/acompte_lignes'
import { factureMachine } from '#shared/machines/facture'
import { delaiPaiementJours } from '#shared/factures'
import { structuredCommunication } from '#shared/validation/belgium'
import { formatEuros } from '#shared/totals'
import type { LigneData } from '#shared/devis'
import { clientDisplayName } from '#shared/clients'

/**
 * FAC-2026-00042 → +++265/0000/042xx+++: the year on 2 digits, 5 (the facture series), the
 * number on 7 digits (decision 207). A demande de paiement uses the year and 8 digits, so the
 * two never meet below DP number 50 000 000.
 */
export function factureCommunication(numero: string): string {
  const m = /^FAC-(\d{4})-(\d+)$/.exec(numero)
  if (!m || m[2].length > 7) throw new RangeError(`Numéro inattendu : ${numero}`)
  return structuredCommunication(`${m[1].slice(2)}5${m[2].padStart(7, '0')}`)
}

/** A facture from a URL id: anything that is not an existing facture is a 404. */
export async function findFacture(rawId: unknown): Promise<Facture> {
  const id = parseId(rawId)
  const facture = id ? await Facture.find(id) : null
  if (!facture) throw new NotFoundException()
  return facture
}

export function factureLabel(facture: Pick<Facture, 'numero'>): string {
  return facture.numero ? `La facture ${facture.numero}` : 'Ce brouillon de facture'
}

/** Locks the facture row (FOR UPDATE) and checks the version the user saw (409). */
export async function lockFactureForUpdate(
  trx: TransactionClientContract,
  factureId: number,
  lockVersion: number
): Promise<Facture> {
  const facture = await Facture.query({ client: trx }).where('id', factureId).forUpdate().first()
  if (!facture) throw new NotFoundException()
  await checkVersion(facture, lockVersion, async () => ({
    label: factureLabel(facture),
    feminine: facture.numero !== null,
    by: null,
    at: null,
  }))
  return facture
}

/** The acompte facture of a bdc (not cancelled), if one exists. */
export async function acompteFactureOf(
  bdcId: number,
  client?: TransactionClientContract
): Promise<Facture | null> {
  return Facture.query({ client })
    .where({ bdc_id: bdcId, type: 'acompte' })
    .whereNull('demande_paiement_id')
    .whereNot('statut', 'annulee')
    .first()
}

export async function writeLignes(
  trx: TransactionClientContract,
  facture: Facture,
  lignes: LigneData[]
) {
  const totals = totalsOf(lignes, facture.remiseGlobalePct ?? 0)
  facture.merge({
    totalHt: totals.total_ht,
    totalTva: totals.total_tva,
    totalTtc: totals.total_ttc,
    tvaDetail: totals.tva,
  })
  facture.useTransaction(trx)
  await facture.save()
  await replaceLignes(trx, 'facture_lignes', 'facture_id', facture.id, lignes, totals)
  return totals
}

export type CreateAcompteInput = { bdcId: number; lockVersion: number; userId: number | null }

/**
 * The draft acompte facture of a signed bdc: its acompte split per VAT rate (decision 206).
 * Once per bdc (the bdc's version is raised, so a double submit makes one).
 */
export async function createAcompteFacture(actor: Actor, input: CreateAcompteInput) {
  return db.transaction(async (trx) => {
    const bdc = await lockBdcForUpdate(trx, input.bdcId, input.lockVersion)
    if (bdc.statut !== 'signe') {
      throw new AppException(
        `Le bon de commande ${bdc.numero} n’est pas signé : pas de facture d’acompte.`,
        { status: 422 }
      )
    }
    if (bdc.acompte <= 0) {
      throw new AppException(`Le bon de commande ${bdc.numero} ne prévoit pas d’acompte.`, {
        status: 422,
      })
    }
    const existing = await acompteFactureOf(bdc.id, trx)
    if (existing) {
      throw new AppException(
        `La facture d’acompte de ce bon de commande existe déjà (${existing.numero ?? 'brouillon'}).`,
        { status: 422 }
      )
    }
    bdc.lockVersion += 1
    bdc.useTransaction(trx)
    await bdc.save()
    const commande = await Commande.query({ client: trx }).where('bdc_id', bdc.id).first()
    const facture = await Facture.create(
      {
        type: 'acompte',
        bdcId: bdc.id,
        commandeId: commande?.id ?? null,
        clientId: bdc.clientId,
        clientNom: bdc.clientNom,
        objet: bdc.objet,
        adresseChantier: bdc.adresseChantier,
        remiseGlobalePct: '0',
        statut: 'brouillon',
        createdBy: input.userId,
      },
      { client: trx }
    )
    const totals = await writeLignes(trx, facture, acompteLignes(bdc))
    await audit(
      actor,
      {
        action: 'facture.creee',
        userId: input.userId,
        subjectType: 'facture',
        subjectId: facture.id,
        after: { type: 'acompte', bdc: bdc.numero, total_ttc: totals.total_ttc },
      },
      trx
    )
    return facture
  })
}

export type CreateLibreInput = {
  clientId: number
  objet: string
  lignes: LigneData[]
  remiseGlobalePct?: string
  userId: number | null
}

/** A free draft facture for a client (repairs, SAV): the lines given. */
export async function createFactureLibre(actor: Actor, input: CreateLibreInput) {
  return db.transaction(async (trx) => {
    const client = await Client.find(input.clientId, { client: trx })
    if (!client) throw new NotFoundException()
    const facture = await Facture.create(
      {
        type: 'libre',
        clientId: client.idClient,
        clientNom: clientDisplayName(client).slice(0, 300),
        objet: input.objet.trim().slice(0, 200),
        adresseChantier: null,
        remiseGlobalePct: input.remiseGlobalePct ?? '0',
        statut: 'brouillon',
        createdBy: input.userId,
      },
      { client: trx }
    )
    const totals = await writeLignes(trx, facture, normaliseLignes(input.lignes))
    await audit(
      actor,
      {
        action: 'facture.creee',
        userId: input.userId,
        subjectType: 'facture',
        subjectId: facture.id,
        after: { type: 'libre', client: client.idClient, total_ttc: totals.total_ttc },
      },
      trx
    )
    return facture
  })
}

export type FactureActionInput = { factureId: number; lockVersion: number; userId: number | null }

/**
 * Issues a draft: in one transaction the row is locked and its version checked, the number
 * taken from the locked counter, dated today, due in the client's term (else 30 days), its
 * communication computed and its parties frozen. Afterwards the database refuses any change.
 */
export async function issueFacture(actor: Actor, input: FactureActionInput) {
  return db.transaction(async (trx) => {
    const facture = await lockFactureForUpdate(trx, input.factureId, input.lockVersion)
    const lignes = await FactureLigne.query({ client: trx }).where('facture_id', facture.id)
    enforce(factureMachine, 'emettre', {
      statut: facture.statut,
      numero: facture.numero,
      lignesProduit: lignes.filter((l) => l.type === 'produit').length,
      totalTtc: facture.totalTtc,
    })
    const client = await Client.findOrFail(facture.clientId, { client: trx })
    const partiesSnapshot = await clientPartiesSnapshot(client, trx)
    const bdcRow = facture.bdcId
      ? await trx.from('bdcs').where('id', facture.bdcId).select('commercial_id').first()
      : null
    // The number last: the counter row stays locked until the commit, so every other issuer
    // waits only for the few writes below (measured by `npm run bench`)
    const numero = await nextNumero(trx, 'facture')
    const date = today()
    facture.merge({
      numero,
      statut: 'emise',
      dateFacture: date,
      echeance: date.plus({ days: delaiPaiementJours(client) }),
      communication: factureCommunication(numero),
      partiesSnapshot,
      emiseLe: DateTime.now(),
      lockVersion: facture.lockVersion + 1,
    })
    facture.useTransaction(trx)
    await facture.save()
    await audit(
      actor,
      {
        action: 'facture.emise',
        userId: input.userId,
        subjectType: 'facture',
        subjectId: facture.id,
        before: { statut: 'brouillon' },
        after: { statut: 'emise', numero, total_ttc: facture.totalTtc },
      },
      trx
    )
    // Issue 12: the facture de solde issued ends its commande's « solde » step
    if (facture.type === 'solde' && facture.commandeId) {
      await refreshAutoEtapes(trx, facture.commandeId)
    }
    const commercialId: number | null = bdcRow?.commercial_id ?? null
    await notify(trx, {
      userIds: [commercialId, facture.createdBy],
      exceptUserId: input.userId,
      type: 'facture.emise',
      titre: `Facture ${numero} émise (${facture.clientNom}, ${formatEuros(facture.totalTtc)})`,
      lien: urlFor('esi.factures.show', { id: facture.id }),
      icon: 'bi bi-receipt',
    })
    return facture
  })
}

/** Deletes a draft (its lines go with it); an issued facture is refused (machine and trigger). */
export async function deleteFactureBrouillon(actor: Actor, input: FactureActionInput) {
  return db.transaction(async (trx) => {
    const facture = await lockFactureForUpdate(trx, input.factureId, input.lockVersion)
    enforce(factureMachine, 'supprimer', { statut: facture.statut, numero: facture.numero })
    await audit(
      actor,
      {
        action: 'facture.supprimee',
        userId: input.userId,
        subjectType: 'facture',
        subjectId: facture.id,
        before: { type: facture.type, client: facture.clientId, total_ttc: facture.totalTtc },
      },
      trx
    )
    facture.useTransaction(trx)
    await facture.delete()
    return facture
  })
}
