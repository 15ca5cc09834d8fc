/*
 * Demandes de paiement (DESIGN.md §2): for a bdc's acompte (later an invoice). Numbered DP-,
 * paid to the esi company's account with a unique Belgian structured communication whose 10
 * digits are the year and the DP number (so it is unique and tells the accountant which request
 * a transfer pays), and a random public id for the customer's link (never the serial id).
 */
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import type { Actor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { lockBdcForUpdate } from '#services/bdc/bdc_service'
import DemandePaiement from '#models/demande_paiement'
import type Societe from '#models/societe'
import Bdc from '#models/bdc'
import { audit } from '#services/audit'
import { nextNumero, today } from '#services/documents/numbering'
import Facture from '#models/facture'
import { acompteFactureOf } from '#services/factures/facture_service'
import { recordPaiement } from '#services/paiements/paiement_service'
import { factureReste, isOpen } from '#shared/factures'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'
import { enforce } from '#services/documents/state'
import { bdcMachine } from '#shared/machines/bdc'
import { demandePaiementMachine } from '#shared/machines/demande_paiement'
import { structuredCommunication } from '#shared/validation/belgium'
import { DEMANDE_PAIEMENT_LIEN_JOURS } from '#shared/devis'
import { companySociete } from '#services/company'
import { paiementBloquePour } from '#services/bdc/paiement_retractation'
import DemandePaiementTransformer from '#transformers/sales/demande_paiement_transformer'

/** DP-2026-00042 → +++260/0000/04214+++ (year on 2 digits + number on 8, mod 97) */
export function communicationFor(numero: string): string {
  const m = /-(\d{4})-(\d+)$/.exec(numero)
  if (!m) throw new RangeError(`Numéro inattendu : ${numero}`)
  return structuredCommunication(`${m[1].slice(2)}${m[2].padStart(8, '0')}`)
}

/** The company that is paid: the esi société (its IBAN must be set). */
export async function beneficiaireSociete(): Promise<Societe> {
  const societe = await companySociete()
  if (!societe || !societe.iban) {
    throw new AppException(
      'Le compte bancaire de l’entreprise n’est pas renseigné : complétez l’IBAN de la société esi.',
      { status: 422 }
    )
  }
  return societe
}

/**
 * What may still be asked on a bdc: its total minus every request not cancelled. Once its
 * commande exists the total is the commande's, which a signed avenant changes (decision 392).
 */
export async function resteADemander(
  bdcId: number,
  totalTtc: number,
  client?: TransactionClientContract
): Promise<number> {
  const commande = await (client ?? db)
    .from('commandes')
    .where('bdc_id', bdcId)
    .select('total_ttc')
    .first()
  const total = commande ? Number(commande.total_ttc) : totalTtc
  const [row] = await (client ?? db)
    .from('demandes_paiement')
    .where('bdc_id', bdcId)
    .whereNot('statut', 'annulee')
    .sum('montant as total')
  return total - Number(row.total ?? 0)
}

export type CreateDemandeInput = {
  bdcId: number
  /** Cents; defaults to the bdc acompte. */
  montant?: number
  email?: string | null
  /**
   * The bdc version the user saw; creating a request raises it, so the same form sent twice
   * (double click, retry, back button) makes one request, not two.
   */
  lockVersion: number
  userId: number | null
}

/**
 * A demande de paiement of a bdc, sent: numbered DP-, to the company's account, with its own
 * structured communication and the link's expiry (the caller checks the rules and audits).
 */
export async function insertDemandePaiement(
  trx: TransactionClientContract,
  input: {
    bdc: Bdc
    societe: Societe
    objet: string
    montant: number
    email: string | null
    userId: number | null
  }
): Promise<DemandePaiement> {
  const numero = await nextNumero(trx, 'demande_paiement')
  const now = DateTime.now()
  return DemandePaiement.create(
    {
      numero,
      publicId: randomUUID(),
      bdcId: input.bdc.id,
      clientId: input.bdc.clientId,
      objet: input.objet.slice(0, 200),
      montant: input.montant,
      beneficiaire: input.societe.nom.slice(0, 70),
      iban: input.societe.iban!,
      bic: input.societe.bic,
      communication: communicationFor(numero),
      statut: 'envoyee',
      email: input.email,
      envoyeeLe: now,
      lienExpireLe: now.plus({ days: DEMANDE_PAIEMENT_LIEN_JOURS }),
      createdBy: input.userId,
    },
    { client: trx }
  )
}

/** @param outer the caller's transaction (the request mailed after its commit); else its own. */
export async function createDemandePaiementForBdc(
  actor: Actor,
  input: CreateDemandeInput,
  outer?: TransactionClientContract
) {
  const societe = await beneficiaireSociete()
  const run = async (trx: TransactionClientContract) => {
    const bdc = await lockBdcForUpdate(trx, input.bdcId, input.lockVersion)
    const montant = input.montant ?? bdc.acompte
    // All the requests of one bdc together never ask more than its total (under the row lock)
    enforce(bdcMachine, 'demander_paiement', {
      statut: bdc.statut,
      numero: bdc.numero,
      montant,
      reste: await resteADemander(bdc.id, bdc.totalTtc, trx),
    })
    // France: no payment during the 7 days after a contract signed at home (decision 190)
    const bloque = await paiementBloquePour(bdc, societe, trx)
    if (bloque) throw new AppException(bloque, { status: 422 })
    bdc.lockVersion += 1
    bdc.useTransaction(trx)
    await bdc.save()
    const demande = await insertDemandePaiement(trx, {
      bdc,
      societe,
      objet: `Acompte ${bdc.numero} — ${bdc.objet}`,
      montant,
      email: input.email ?? null,
      userId: input.userId,
    })
    await audit(
      actor,
      {
        action: 'demande_paiement.creee',
        userId: input.userId,
        subjectType: 'demande_paiement',
        subjectId: demande.id,
        after: {
          numero: demande.numero,
          bdc: bdc.numero,
          montant,
          communication: demande.communication,
        },
      },
      trx
    )
    return demande
  }
  return outer ? run(outer) : db.transaction(run)
}

/** The money actually received for a demande, when a bank line pays it (bank import). */
export type DemandeReceipt = {
  montant: number
  date: DateTime
  reference: string | null
  compte: string | null
  idempotencyKey: string
}

/**
 * The payment of a demande marked paid: a virement of its amount with its communication,
 * allocated to its acompte facture if one is issued (the facture made for this demande, else the
 * bdc's own acompte facture) up to what it still asks; the rest stays the client's credit.
 * A bank line gives its own amount, date, reference and key (`receipt`).
 */
async function recordDemandePaiement(
  actor: Actor,
  trx: TransactionClientContract,
  demande: DemandePaiement,
  userId: number | null,
  receipt?: DemandeReceipt
) {
  const facture =
    (await Facture.query({ client: trx })
      .where('demande_paiement_id', demande.id)
      .whereNotNull('numero')
      .first()) ?? (demande.bdcId ? await acompteFactureOf(demande.bdcId, trx) : null)
  const open = facture?.numero && isOpen(facture.statut) ? facture : null
  const reste = open
    ? factureReste({
        total_ttc: open.totalTtc,
        montant_paye: open.montantPaye,
        montant_credite: open.montantCredite,
      })
    : 0
  const montant = receipt?.montant ?? demande.montant
  return recordPaiement(
    actor,
    {
      clientId: demande.clientId,
      date: receipt?.date ?? today(),
      montant,
      mode: 'virement',
      reference: receipt ? receipt.reference : demande.communication,
      compte: receipt ? receipt.compte : demande.iban,
      idempotencyKey: receipt?.idempotencyKey ?? randomUUID(),
      demandePaiementId: demande.id,
      allocations: open ? [{ factureId: open.id, montant: Math.min(reste, montant) }] : [],
      userId,
    },
    trx
  )
}

/**
 * Marks a demande paid and records its payment; a bank import passes its transaction and the
 * line's receipt, and gets the payment back.
 */
export async function markDemandePayee(
  actor: Actor,
  id: number,
  userId: number | null,
  options: { trx?: TransactionClientContract; receipt?: DemandeReceipt } = {}
) {
  const run = async (trx: TransactionClientContract) => {
    const demande = await DemandePaiement.query({ client: trx }).where('id', id).forUpdate().first()
    if (!demande) throw new NotFoundException()
    enforce(demandePaiementMachine, 'payer', { statut: demande.statut, numero: demande.numero })
    demande.statut = 'payee'
    demande.payeeLe = DateTime.now()
    demande.useTransaction(trx)
    await demande.save()
    // The money itself (issue 11 §3): a payment, on the acompte facture when one is issued.
    // Its « Paiement reçu » notification reaches the demande's commercial (one, not two)
    const { paiement } = await recordDemandePaiement(actor, trx, demande, userId, options.receipt)
    await audit(
      actor,
      {
        action: 'demande_paiement.payee',
        userId,
        subjectType: 'demande_paiement',
        subjectId: demande.id,
        before: { statut: 'envoyee' },
        after: { statut: 'payee', montant: demande.montant },
      },
      trx
    )
    return { demande, paiement }
  }
  return options.trx ? run(options.trx) : db.transaction(run)
}

/** The esi/paiement/DemandePaiement page's prop, shaped by the transformer. */
export async function demandeDetail(demande: DemandePaiement) {
  await demande.load('client')
  const bdc = demande.bdcId ? await Bdc.find(demande.bdcId) : null
  return new DemandePaiementTransformer(demande).forDetail(bdc)
}
