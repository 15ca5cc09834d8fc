/*
 * What the customer's page of a devis shows (issue 14 §1): the version his link names, as the
 * PDF shows it, the versions sent, the options he may tick with the lines the browser recomputes
 * the totals from, the general conditions he consents to, and the state of the devis (to sign,
 * accepted — with the way to the acompte's payment page —, refused, replaced, no longer valid).
 */
import Client from '#models/client'
import DemandePaiement from '#models/demande_paiement'
import type Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import DevisRevision from '#models/devis_revision'
import Texte from '#models/texte'
import Bdc from '#models/bdc'
import { companySociete } from '#services/company'
import { devisDocument, devisRevisionDocument } from '#services/pdf/index'
import { readSnapshot } from '#services/pdf/document_parts'
import { devisTexteContext } from '#services/devis/devis_texte_context'
import { BDC_CONDITIONS_CODE } from '#services/bdc/create_bdc'
import { paymentLinkUrl, isLinkExpired } from '#services/paiement/payment_link'
import { logoDataUrl } from '#controllers/public/demande_paiement_controller'
import { devisLinkUrl, type DevisLinkRoute } from '#services/signature_en_ligne/devis_link'
import { signableRefusal } from '#services/signature_en_ligne/acceptation'
import type { DocumentData } from '#shared/document'
import { renderTexte } from '#shared/textes'
import { optionsOf, type DevisSignaturePage, type EtatSignature } from '#shared/signature_en_ligne'

/** A path of the link (the page's own forms and downloads stay on the host it was opened on). */
function path(devis: Devis, route: DevisLinkRoute, version: number) {
  const url = new URL(devisLinkUrl(devis, { route, version }))
  return url.pathname + url.search
}

/** The relative signed URL of the acompte's payment page, while valid; else null. */
export async function paiementPath(devisId: number): Promise<string | null> {
  const bdc = await Bdc.query().where('devis_id', devisId).whereNot('statut', 'annule').first()
  if (!bdc) return null
  const demande = await DemandePaiement.query()
    .where('bdc_id', bdc.id)
    .where('statut', 'envoyee')
    .orderBy('id', 'desc')
    .first()
  if (!demande || isLinkExpired(demande)) return null
  const url = new URL(paymentLinkUrl(demande))
  return url.pathname + url.search
}

/** The page of the version the link names; null for one never sent (a draft is nobody's). */
export async function devisSignaturePage(
  devis: Devis,
  version: number
): Promise<DevisSignaturePage | null> {
  const current = version === devis.revision
  if (current && devis.statut === 'brouillon') return null
  const old = current
    ? null
    : await DevisRevision.query().where('devis_id', devis.id).where('revision', version).first()
  if (!current && !old) return null

  const societe = await companySociete()
  const logo = await logoDataUrl(societe)
  const base = current
    ? await devisDocument(devis.id, { forBrowser: true })
    : await devisRevisionDocument(devis.id, version, { forBrowser: true })
  const document: DocumentData = { ...base, emetteur: { ...base.emetteur, logo_url: logo } }

  const raison = signableRefusal(devis, version)
  const etat: EtatSignature = !raison
    ? 'a_signer'
    : devis.statut === 'accepte' && current
      ? 'accepte'
      : devis.statut === 'refuse' && current
        ? 'refuse'
        : !current
          ? 'remplace'
          : 'plus_valable'

  const rows =
    etat === 'a_signer'
      ? await DevisLigne.query().where('devis_id', devis.id).orderBy('position')
      : []
  const lignes = rows.map((l) => l.toData())

  const revisions = await DevisRevision.query().where('devis_id', devis.id).orderBy('revision')
  const versions = revisions.map((r) => ({
    revision: r.revision,
    envoye_le: r.snapshot?.header?.envoye_le ?? null,
    actuelle: false,
    pdf_url: path(devis, 'signed.devis.pdf', r.revision),
  }))
  if (devis.statut !== 'brouillon')
    versions.push({
      revision: devis.revision,
      envoye_le: devis.envoyeLe?.toISO() ?? null,
      actuelle: true,
      pdf_url: path(devis, 'signed.devis.pdf', devis.revision),
    })

  const texte = await Texte.findBy('code', BDC_CONDITIONS_CODE)
  const client = await Client.find(devis.clientId)
  const parties = readSnapshot(devis.partiesSnapshot)
  const context = client
    ? await devisTexteContext(devis, client, null, parties?.placeholders)
    : null
  // The bdc's number and date are given at the signature
  if (context)
    context.bdc = { numero: '(attribué à la signature)', signe_le: '(date de signature)' }
  const conditions = texte?.contenu && context ? renderTexte(texte.contenu, context) : null

  return {
    etat,
    raison,
    version,
    version_actuelle: devis.revision,
    document,
    lignes,
    options: optionsOf(lignes),
    versions,
    conditions_generales: conditions,
    lock_version: devis.lockVersion,
    urls: {
      pdf: path(devis, 'signed.devis.pdf', version),
      accepter: path(devis, 'signed.devis.accepter', version),
      refuser: path(devis, 'signed.devis.refuser', version),
    },
    paiement_url: etat === 'accepte' ? await paiementPath(devis.id) : null,
    accepte_le: devis.accepteLe?.toISO() ?? null,
    refuse_le: devis.refuseLe?.toISO() ?? null,
    societe: {
      nom: document.emetteur.nom,
      email: document.emetteur.email ?? societe?.email ?? null,
      telephone: document.emetteur.telephone ?? societe?.telephone ?? null,
      logo,
    },
  }
}
