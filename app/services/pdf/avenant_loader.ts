/*
 * An avenant as the customer sees it (issue 12 §2): the company, the client, the bdc it amends,
 * the amended lines and totals, the difference and the acompte difference, and the signature.
 * The printed figures are the stored ones, checked against shared/totals.ts on the stored lines.
 */
import Avenant from '#models/avenant'
import Bdc from '#models/bdc'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { storedSignature } from '#services/bdc/signature_storage'
import { legalMentions, type DocumentData } from '#shared/document'
import { formatDate } from '#shared/dates'
import { formatEuros } from '#shared/totals'
import { signedEuros } from '#shared/avenants'
import { formatPct } from '#shared/document'
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
import { renderPdf } from '#services/pdf/pdf_pool'

function signatureImage(name: string | null): string | null {
  const stored = storedSignature(name)
  return stored && (stored.format === 'png' || stored.format === 'jpg') ? stored.key : null
}

/** The sentences under the title: what is amended, why, and the money it changes. */
export function avenantIntro(avenant: Avenant, bdc: Bdc): string {
  const signe = bdc.signeLe ? ` signé le ${formatDate(isoDate(bdc.signeLe))}` : ''
  return [
    `Avenant au bon de commande ${bdc.numero}${signe}. ${avenant.motif}`.trim(),
    `Total précédent : ${formatEuros(avenant.baseTotalTtc)} TTC. Nouveau total : ${formatEuros(avenant.totalTtc)} TTC.`,
    `Différence : ${signedEuros(avenant.differenceHt, formatEuros)} HT, ${signedEuros(avenant.differenceTva, formatEuros)} TVA, ${signedEuros(avenant.differenceTtc, formatEuros)} TTC.`,
    avenant.acompteDifference > 0
      ? `Acompte complémentaire (${formatPct(avenant.acomptePct)} de la différence) : ${formatEuros(avenant.acompteDifference)}.`
      : `Aucun acompte complémentaire n’est demandé.`,
    'Les autres conditions du bon de commande restent inchangées.',
  ].join('\n')
}

export async function avenantDocument(
  avenantId: number,
  opts: LoadOptions = {}
): Promise<DocumentData> {
  const id = parseId(avenantId)
  const avenant = id ? await Avenant.find(id) : null
  if (!avenant) throw new NotFoundException()
  await avenant.load('lignes')
  const bdc = await Bdc.findOrFail(avenant.bdcId)
  await bdc.load((loader) => loader.load('client').load('commercial'))
  const lignes = avenant.lignes.map(storedLigne)
  const totals = checkedTotals(
    `avenant ${avenant.id}`,
    lignes,
    {
      total_ht: avenant.totalHt,
      total_tva: avenant.totalTva,
      total_ttc: avenant.totalTtc,
      tva: avenant.tvaDetail,
    },
    avenant.remiseGlobalePct,
    null
  )
  const parties = readSnapshot(bdc.partiesSnapshot)
  const { emetteur, destinataire, clientProfessionnel } = await clientParties(
    parties,
    bdc.client,
    opts
  )
  const signed = avenant.statut === 'signe'
  return {
    kind: 'avenant',
    numero: avenant.numero,
    brouillon: avenant.statut === 'brouillon',
    date: isoDate(signed ? avenant.signeLe : avenant.createdAt)!,
    valable_jusqu_au: null,
    reference: `Bon de commande ${bdc.numero}`,
    objet: bdc.objet,
    adresse_chantier: bdc.adresseChantier,
    emetteur,
    destinataire,
    contact_commercial: bdc.commercial?.name ?? null,
    intro: avenantIntro(avenant, bdc),
    lignes: lignes.map(documentLigne),
    ...moneyPart(totals, avenant.remiseGlobalePct),
    acompte_pct: null,
    acompte: null,
    conditions: null,
    mentions: legalMentions({ emetteur, tauxUtilises: tauxUtilises(lignes), clientProfessionnel }),
    signature: signed
      ? {
          signe_le: isoDate(avenant.signeLe),
          signataire: avenant.signataire,
          lieu: 'Signé sur l’appareil de l’entreprise',
          image_path: opts.forBrowser ? null : signatureImage(avenant.signaturePath),
        }
      : null,
    bon_pour_accord: false,
    signature_a_apposer: avenant.statut === 'a_signer',
    retractation: null,
  }
}

export async function avenantPdf(avenantId: number) {
  const doc = await avenantDocument(avenantId)
  return { filename: `${doc.numero}.pdf`, content: await renderPdf(doc) }
}
