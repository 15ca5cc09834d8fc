/*
 * The customer's link to an issued facture (decision 234): signed on the random public id,
 * valid FACTURE_LINK_DAYS after the facture's date (long after its due date: the customer may
 * open it again to see that it is paid), and what the page shows — lines, totals, due date,
 * what was paid, and while something is due the transfer details and the EPC QR code.
 */
import { DateTime } from 'luxon'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import type Facture from '#models/facture'
import { appUrl } from '#config/app'
import { epcQrDataUrl } from '#services/paiement/payment_link'
import { readSnapshot, type PartiesSnapshot } from '#services/pdf/document_parts'
import { factureReste, isEnRetard, isOpen, type FactureStatut } from '#shared/factures'
import { formatIban } from '#shared/validation/belgium'
import { todayIso } from '#shared/dates'
import type { VatGroup } from '#shared/totals'

export const FACTURE_LINK_PURPOSE = 'facture'
export const FACTURE_LINK_DAYS = 365

/** The signed link of an issued facture; `expiresAt` defaults to its date + FACTURE_LINK_DAYS. */
export function factureLinkUrl(
  facture: Pick<Facture, 'publicId' | 'dateFacture'>,
  expiresAt: DateTime = (facture.dateFacture ?? DateTime.now()).plus({ days: FACTURE_LINK_DAYS }),
  route: 'signed.facture.show' | 'signed.facture.pdf' = 'signed.facture.show'
): string {
  const ms = Math.round(expiresAt.diffNow().as('milliseconds'))
  return signedUrlFor(
    route,
    { publicId: facture.publicId },
    { expiresIn: ms > 0 ? ms : -1000, purpose: FACTURE_LINK_PURPOSE, prefixUrl: appUrl }
  )
}

/** The page's « Télécharger le PDF »: the same signature and expiry as the page's link. */
export function facturePdfLinkUrl(facture: Pick<Facture, 'publicId' | 'dateFacture'>): string {
  return factureLinkUrl(facture, undefined, 'signed.facture.pdf')
}

/** The payment block in the demande de paiement's shape (PaiementDetails, customer mode). */
function paiementStatut(statut: FactureStatut): 'envoyee' | 'payee' | 'annulee' {
  if (statut === 'payee') return 'payee'
  if (statut === 'annulee') return 'annulee'
  return 'envoyee'
}

export type PublicFacture = Awaited<ReturnType<typeof publicFacture>>

/** What the customer's page shows of an issued facture (nothing of a draft: null). */
export async function publicFacture(facture: Facture) {
  if (!facture.numero) return null
  const parties = readSnapshot<PartiesSnapshot>(facture.partiesSnapshot)
  if (!parties) return null
  await facture.load('lignes', (q) => q.orderBy('position', 'asc'))
  const amounts = {
    total_ttc: facture.totalTtc,
    montant_paye: facture.montantPaye,
    montant_credite: facture.montantCredite,
  }
  const reste = factureReste(amounts)
  const e = parties.emetteur
  const open = isOpen(facture.statut) && reste > 0
  const echeance = facture.echeance?.toISODate() ?? null
  return {
    numero: facture.numero,
    date: facture.dateFacture?.toISODate() ?? null,
    echeance,
    objet: facture.objet,
    statut: facture.statut,
    en_retard: isEnRetard({ statut: facture.statut, echeance }, todayIso()),
    client_nom: parties.destinataire.nom,
    lignes: facture.lignes.map((l) => ({
      type: l.type,
      designation: l.designation,
      quantite: l.quantite,
      unite: l.unite,
      prix_unitaire_ht: l.prixUnitaireHt,
      taux_tva: l.tauxTva,
      total_ht: l.totalHt === null ? null : Number(l.totalHt),
    })),
    total_ht: facture.totalHt,
    total_tva: facture.totalTva,
    total_ttc: facture.totalTtc,
    tva: facture.tvaDetail as VatGroup[],
    montant_paye: facture.montantPaye,
    montant_credite: facture.montantCredite,
    reste,
    paiement: {
      numero: facture.numero,
      montant: open ? reste : facture.totalTtc,
      communication: facture.communication ?? '',
      statut: paiementStatut(facture.statut),
      payee_le: null as string | null,
      lien_expire_le:
        (facture.dateFacture ?? DateTime.now()).plus({ days: FACTURE_LINK_DAYS }).toISO() ?? '',
      objet: `Facture ${facture.numero}`,
      beneficiaire: e.nom,
      // No bank details once nothing is due (the page shows none either)
      iban: open && e.iban ? formatIban(e.iban) : '',
      bic: open ? e.bic : null,
      qr_data_url:
        open && e.iban
          ? await epcQrDataUrl(
              {
                bic: e.bic,
                beneficiaire: e.nom.slice(0, 70),
                iban: e.iban.replace(/\s/g, ''),
                montant: reste,
                reference: facture.communication,
              },
              facture.numero
            )
          : null,
    },
  }
}
