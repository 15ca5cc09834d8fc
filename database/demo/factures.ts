/*
 * Demo factures (issue 11 §1), consistent with the demo sales: the acompte facture of the bdc
 * whose demande de paiement is paid (issued the day the transfer came, paid), a draft acompte
 * facture for another signed bdc, and a free SAV facture issued 45 days ago and overdue
 * (« en retard » on the list), and the draft solde of the paid bdc's commande, deducting its
 * acompte (decision 230). Numbers FAC- in date order, like the services give them.
 */
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { systemActor } from '#services/actor'
import { recordPaiement } from '#services/paiements/paiement_service'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DemoBase } from '#database/demo/index'
import Bdc from '#models/bdc'
import Client from '#models/client'
import Facture from '#models/facture'
import { nextNumero } from '#services/documents/numbering'
import { replaceLignes, totalsOf } from '#services/documents/lignes'
import { clientPartiesSnapshot } from '#services/pdf/document_parts'
import { acompteLignes } from '#services/factures/acompte_lignes'
import { soldeLignes } from '#services/factures/solde_lignes'
import BdcLigne from '#models/bdc_ligne'
import { factureCommunication } from '#services/factures/facture_service'
import { delaiPaiementJours, type FactureStatut, type FactureType } from '#shared/factures'
import { clientDisplayName } from '#shared/clients'
import { TIME_ZONE } from '#shared/app'
import type { LigneData } from '#shared/devis'

const sav = (designation: string, quantite: string, unite: string, prix: number): LigneData => ({
  type: 'produit',
  produit_id: null,
  designation,
  quantite,
  unite,
  prix_unitaire_ht: prix,
  remise_pct: '0',
  taux_tva: 21,
})

const SAV_LIGNES: LigneData[] = [
  sav('Déplacement', '1', 'forfait', 4500),
  sav('Réglage et graissage des quincailleries de 6 châssis', '2.5', 'h', 6200),
  sav('Remplacement du joint de vitrage', '12', 'm', 450),
]

type Draft = {
  type: FactureType
  client: Client
  objet: string
  lignes: LigneData[]
  createdAt: DateTime
  bdc?: Bdc
  commandeId?: number | null
}

async function insertDraft(trx: TransactionClientContract, userId: number, d: Draft) {
  const totals = totalsOf(d.lignes, '0')
  const facture = await Facture.create(
    {
      type: d.type,
      bdcId: d.bdc?.id ?? null,
      commandeId: d.commandeId ?? null,
      clientId: d.client.idClient,
      clientNom: d.bdc?.clientNom ?? clientDisplayName(d.client).slice(0, 300),
      objet: d.objet,
      adresseChantier: d.bdc?.adresseChantier ?? null,
      remiseGlobalePct: '0',
      totalHt: totals.total_ht,
      totalTva: totals.total_tva,
      totalTtc: totals.total_ttc,
      tvaDetail: totals.tva,
      statut: 'brouillon',
      createdBy: userId,
      createdAt: d.createdAt,
      updatedAt: d.createdAt,
    },
    { client: trx }
  )
  await replaceLignes(trx, 'facture_lignes', 'facture_id', facture.id, d.lignes, totals)
  return facture
}

/** Issued on `date` as issueFacture does (number, due date, communication, parties frozen). */
async function issue(
  trx: TransactionClientContract,
  facture: Facture,
  client: Client,
  date: DateTime,
  statut: FactureStatut,
  montantPaye: number
) {
  const numero = await nextNumero(trx, 'facture', { annee: date.year })
  const day = date.setZone(TIME_ZONE).startOf('day')
  await trx
    .from('factures')
    .where('id', facture.id)
    .update({
      numero,
      statut,
      date_facture: day.toISODate(),
      echeance: day.plus({ days: delaiPaiementJours(client) }).toISODate(),
      communication: factureCommunication(numero),
      parties_snapshot: JSON.stringify(await clientPartiesSnapshot(client, trx)),
      emise_le: date.toJSDate(),
      montant_paye: montantPaye,
      lock_version: 2,
      updated_at: date.toJSDate(),
    })
}

export async function seedDemoFactures(trx: TransactionClientContract, base: DemoBase) {
  const now = DateTime.now().setZone(TIME_ZONE)
  const userId = base.users.esi.id
  const paid = await trx
    .from('demandes_paiement')
    .where('statut', 'payee')
    .whereNotNull('bdc_id')
    .orderBy('id')
    .first()
  const signed = await Bdc.query({ client: trx }).where('statut', 'signe').orderBy('id')
  const issues: { facture: Facture; client: Client; date: DateTime; paye: boolean }[] = []

  // The acompte paid through its demande: invoiced the day the transfer came, paid
  const paidBdc = paid ? signed.find((b) => b.id === paid.bdc_id) : undefined
  if (paid && paidBdc) {
    const client = await Client.findOrFail(paidBdc.clientId, { client: trx })
    const commande = await trx.from('commandes').where('bdc_id', paidBdc.id).first()
    const date = DateTime.fromJSDate(paid.payee_le).setZone(TIME_ZONE)
    const facture = await insertDraft(trx, userId, {
      type: 'acompte',
      client,
      objet: paidBdc.objet,
      lignes: acompteLignes(paidBdc),
      createdAt: date,
      bdc: paidBdc,
      commandeId: commande?.id ?? null,
    })
    issues.push({ facture, client, date, paye: true })
  }

  // A draft acompte facture for another signed bdc, to be checked and issued
  const other = signed.find((b) => b.id !== paidBdc?.id && b.acompte > 0)
  if (other) {
    const client = await Client.findOrFail(other.clientId, { client: trx })
    const commande = await trx.from('commandes').where('bdc_id', other.id).first()
    await insertDraft(trx, userId, {
      type: 'acompte',
      client,
      objet: other.objet,
      lignes: acompteLignes(other),
      createdAt: now.minus({ days: 1 }),
      bdc: other,
      commandeId: commande?.id ?? null,
    })
  }

  // A free SAV facture, issued 45 days ago and not paid: overdue
  const clients = await Client.query({ client: trx })
    .where('type', 'particulier')
    .orderBy('id_client')
    .limit(5)
  const savClient = clients.at(-1)
  if (savClient) {
    const date = now.minus({ days: 45 }).set({ hour: 16, minute: 20 })
    const facture = await insertDraft(trx, userId, {
      type: 'libre',
      client: savClient,
      objet: 'Intervention SAV : réglage des châssis',
      lignes: SAV_LIGNES,
      createdAt: date.minus({ hours: 2 }),
    })
    issues.push({ facture, client: savClient, date, paye: false })
  }

  // Numbers in the order of the issue dates (gapless per year, like the service)
  issues.sort((a, b) => a.date.toMillis() - b.date.toMillis())
  for (const i of issues) {
    await issue(trx, i.facture, i.client, i.date, 'emise', 0)
  }

  // The transfer of the paid demande, recorded and allocated by the real payments service
  // (the facture's montant_paye and statut follow; a cent the acompte split could not reach
  // stays as the client's credit)
  const paidIssue = issues.find((i) => i.paye)
  if (paid && paidIssue) {
    await recordPaiement(
      systemActor(),
      {
        clientId: paidIssue.client.idClient,
        date: paidIssue.date,
        montant: Number(paid.montant),
        mode: 'virement',
        reference: paid.communication,
        compte: paid.iban,
        idempotencyKey: randomUUID(),
        allocations: [
          {
            factureId: paidIssue.facture.id,
            montant: Math.min(Number(paid.montant), paidIssue.facture.totalTtc),
          },
        ],
        demandePaiementId: paid.id,
        userId,
      },
      trx
    )
  }

  // The paid bdc's commande: its solde drafted today, the acompte deducted, to be issued
  const acompte = issues.find((i) => i.facture.bdcId === paidBdc?.id)
  if (paidBdc && acompte) {
    const issuedAcompte = await Facture.findOrFail(acompte.facture.id, { client: trx })
    const bdcLignes = await BdcLigne.query({ client: trx })
      .where('bdc_id', paidBdc.id)
      .orderBy('position')
    await insertDraft(trx, userId, {
      type: 'solde',
      client: acompte.client,
      objet: paidBdc.objet,
      lignes: soldeLignes(
        {
          lignes: bdcLignes.map((l) => l.toData()),
          remiseGlobalePct: paidBdc.remiseGlobalePct ?? '0',
          totalTtc: paidBdc.totalTtc,
          tvaDetail: paidBdc.tvaDetail,
        },
        [
          {
            numero: issuedAcompte.numero!,
            type: 'acompte',
            totalTtc: issuedAcompte.totalTtc,
            tvaDetail: issuedAcompte.tvaDetail,
          },
        ]
      ),
      createdAt: now.minus({ hours: 3 }),
      bdc: paidBdc,
      commandeId: issuedAcompte.commandeId,
    })
  }
}
