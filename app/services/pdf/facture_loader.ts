/*
 * A facture as the customer sees it (issue 11 §1): the one DocumentData of the PDF renderer.
 * An issued facture prints its frozen parties, its number, date, due date, the structured
 * communication and the EPC QR code of what is still due; a draft prints « BROUILLON » with the
 * live parties. Legal mentions: the company's identity, 6 %, autoliquidation, and the
 * late-payment terms (B2B or consumer, decision 208).
 */
import Facture from '#models/facture'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { epcQrDataUrl } from '#services/paiement/payment_link'
import {
  type LoadOptions,
  type PartiesSnapshot,
  isoDate,
  clientParties,
  readSnapshot,
  storedLigne,
  documentLigne,
  checkedTotals,
  tauxUtilises,
  moneyPart,
} from '#services/pdf/document_parts'
import { latePaymentMention, legalMentions, type DocumentData } from '#shared/document'
import { FACTURE_TYPE_LABELS, factureReste, isOpen } from '#shared/factures'
import Bdc from '#models/bdc'
import { formatIban } from '#shared/validation/belgium'

export async function factureDocument(
  factureId: number,
  opts: LoadOptions = {}
): Promise<DocumentData> {
  const id = parseId(factureId)
  const facture = id ? await Facture.find(id) : null
  if (!facture) throw new NotFoundException()
  await facture.load((loader) => {
    loader.load('client').load('lignes')
  })
  const lignes = facture.lignes.map(storedLigne)
  const totals = checkedTotals(
    `facture ${facture.id}`,
    lignes,
    {
      total_ht: facture.totalHt,
      total_tva: facture.totalTva,
      total_ttc: facture.totalTtc,
      tva: facture.tvaDetail,
    },
    facture.remiseGlobalePct,
    null
  )
  const parties = facture.numero ? readSnapshot<PartiesSnapshot>(facture.partiesSnapshot) : null
  const {
    emetteur,
    destinataire,
    clientProfessionnel: professionnel,
  } = await clientParties(parties, facture.client, opts)
  const mentions = legalMentions({
    emetteur,
    tauxUtilises: tauxUtilises(lignes),
    clientProfessionnel: professionnel,
  })
  mentions.push(latePaymentMention(professionnel))

  const du = factureReste({
    total_ttc: facture.totalTtc,
    montant_paye: facture.montantPaye,
    montant_credite: facture.montantCredite,
  })
  const payable = isOpen(facture.statut) && du > 0 && facture.communication && emetteur.iban
  const bdc = facture.bdcId ? await Bdc.find(facture.bdcId) : null
  return {
    kind: 'facture',
    numero: facture.numero,
    brouillon: !facture.numero,
    reference: bdc
      ? `Bon de commande ${bdc.numero} (facture ${FACTURE_TYPE_LABELS[facture.type].toLowerCase()})`
      : null,
    date: isoDate(facture.dateFacture ?? facture.createdAt)!,
    echeance: isoDate(facture.echeance),
    objet: facture.objet,
    adresse_chantier: facture.adresseChantier,
    emetteur,
    destinataire,
    intro: null,
    lignes: lignes.map(documentLigne),
    ...moneyPart(totals, facture.remiseGlobalePct),
    conditions: null,
    mentions,
    paiement: payable
      ? {
          montant: du,
          iban: formatIban(emetteur.iban!),
          bic: emetteur.bic,
          communication: facture.communication!,
          qr_data_url: await epcQrDataUrl(
            {
              bic: emetteur.bic,
              beneficiaire: emetteur.nom.slice(0, 70),
              iban: emetteur.iban!.replace(/\s/g, ''),
              montant: du,
              reference: facture.communication,
            },
            facture.numero!
          ),
        }
      : null,
  }
}
