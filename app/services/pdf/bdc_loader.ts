/*
 * Loading a bon de commande into a DocumentData (shared/document.ts), the
 * one shape that the PDF and the Preview pages show. The figures printed are the stored ones,
 * checked against shared/totals.ts on the stored lines (document_parts.ts): a document whose
 * totals do not follow from its lines is never printed (a customer would receive figures that
 * do not add up).
 */
import Bdc from '#models/bdc'
import Devis from '#models/devis'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { storedSignature } from '#services/bdc/signature_storage'
import { LIEU_SIGNATURE_LABELS, type LieuSignature } from '#shared/devis'
import { legalMentions, type DocumentData } from '#shared/document'
import { formatDate } from '#shared/dates'
import { companySociete } from '#services/company'
import { ACOMPTE_RETRACTATION_DEFAULT, retractationAnnexe } from '#shared/retractation'
import {
  type LoadOptions,
  isoDate,
  clientParties,
  readSnapshot,
  storedLigne,
  documentLigne,
  checkedTotals,
  tauxUtilises,
  moneyPart,
} from '#services/pdf/document_parts'
import { filledTexts } from '#services/pdf/devis_loader'
import { preuveOfBdc } from '#services/signature_en_ligne/preuve'

export function retractationMention(bdc: Bdc): string | null {
  if (bdc.lieuSignature === 'distance') {
    const fin = bdc.finRetractation ? ` (jusqu’au ${formatDate(isoDate(bdc.finRetractation))})` : ''
    return `Contrat conclu à distance (signé en ligne) : le client dispose d’un délai de 14 jours pour se rétracter sans frais ni justification${fin}, par écrit adressé à l’entreprise.`
  }
  if (bdc.lieuSignature !== 'domicile') return null
  if (bdc.renonciationRetractation)
    return 'Contrat conclu hors établissement : le client a expressément demandé l’exécution immédiate et renoncé à son droit de rétractation de 14 jours.'
  const fin = bdc.finRetractation ? ` (jusqu’au ${formatDate(isoDate(bdc.finRetractation))})` : ''
  return `Contrat conclu hors établissement : le client dispose d’un délai de 14 jours pour se rétracter sans frais ni justification${fin}, par écrit adressé à l’entreprise.`
}

/** The stored signature when the PDF can draw it (a drawn PNG or a scanned image, not a PDF scan). */
function signatureImage(name: string | null): string | null {
  const stored = storedSignature(name)
  return stored && (stored.format === 'png' || stored.format === 'jpg') ? stored.key : null
}

export async function bdcDocument(bdcId: number, opts: LoadOptions = {}): Promise<DocumentData> {
  const id = parseId(bdcId)
  const bdc = id ? await Bdc.find(id) : null
  if (!bdc) throw new NotFoundException()
  await bdc.load((loader) => {
    loader.load('client').load('commercial').load('lignes')
  })
  const devis = await Devis.find(bdc.devisId)
  const lignes = bdc.lignes.map(storedLigne)
  const totals = checkedTotals(
    `bdc ${bdc.id}`,
    lignes,
    {
      total_ht: bdc.totalHt,
      total_tva: bdc.totalTva,
      total_ttc: bdc.totalTtc,
      tva: bdc.tvaDetail,
      acompte: bdc.acompte,
    },
    bdc.remiseGlobalePct,
    bdc.acomptePct
  )
  // A bdc is issued when created: its parties are those of that moment, never the live ones
  const parties = readSnapshot(bdc.partiesSnapshot)
  const { emetteur, destinataire, clientProfessionnel } = await clientParties(
    parties,
    bdc.client,
    opts
  )
  const signed = bdc.statut === 'signe'
  const mentions = legalMentions({
    emetteur,
    tauxUtilises: tauxUtilises(lignes),
    clientProfessionnel,
  })
  const retractation = retractationMention(bdc)
  if (retractation) mentions.push(retractation)
  const devisRef = devis?.numero
    ? `Devis ${devis.numero}${bdc.devisRevision > 1 ? ` (version ${bdc.devisRevision})` : ''}`
    : null
  const date = isoDate(bdc.createdAt)!
  const signeLe = isoDate(bdc.signeLe)
  // The bdc's own conditions (decision 189): never the devis's, which speak of its validity
  const texts = devis
    ? await filledTexts(devis, bdc.client, null, parties, {
        numero: bdc.numero,
        signe_le: formatDate(signeLe),
      })
    : null
  const conditions = texts && bdc.conditions ? texts.fill(bdc.conditions) : null
  const company = await companySociete()
  const regle = company?.acomptePendantRetractation ?? ACOMPTE_RETRACTATION_DEFAULT
  return {
    kind: 'bdc',
    numero: bdc.numero,
    brouillon: false,
    date,
    valable_jusqu_au: null,
    reference: devisRef,
    objet: bdc.objet,
    adresse_chantier: bdc.adresseChantier,
    emetteur,
    destinataire,
    contact_commercial: bdc.commercial?.name ?? null,
    intro: null,
    lignes: lignes.map(documentLigne),
    ...moneyPart(totals, bdc.remiseGlobalePct),
    acompte_pct: bdc.acomptePct,
    acompte: totals.acompte,
    conditions,
    mentions,
    signature: signed
      ? {
          signe_le: signeLe,
          signataire: bdc.signataire,
          lieu: bdc.lieuSignature
            ? LIEU_SIGNATURE_LABELS[bdc.lieuSignature as LieuSignature]
            : null,
          image_path: opts.forBrowser ? null : signatureImage(bdc.signaturePath),
        }
      : null,
    bon_pour_accord: false,
    signature_a_apposer: bdc.statut === 'a_signer',
    retractation: retractationAnnexe({
      statut: bdc.statut,
      lieu: bdc.lieuSignature,
      renonciation: bdc.renonciationRetractation,
      clientProfessionnel,
      numero: bdc.numero,
      date,
      objet: bdc.objet,
      signeLe,
      fin: isoDate(bdc.finRetractation),
      regle,
      emetteur,
      destinataire,
    }),
    // Signed online (issue 14 §1): the evidence record, on the last page of the PDF
    preuve_signature: bdc.lieuSignature === 'distance' ? await preuveOfBdc(bdc.id) : null,
  }
}
