/*
 * Loading a sales document into a DocumentData (shared/document.ts), the one shape that the PDF
 * and the Preview pages show. The figures printed are the stored ones, checked here against
 * shared/totals.ts on the stored lines (document_parts.ts): a document whose totals do not follow from its lines
 * is never printed (a customer would receive figures that do not add up).
 */
import Bdc from '#models/bdc'
import Client from '#models/client'
import { devisTexteContext } from '#services/devis/devis_texte_context'
import { renderTexte } from '#shared/textes'
import Devis from '#models/devis'
import DevisRevision, { type DevisSnapshot } from '#models/devis_revision'
import Offre from '#models/offre'
import OffreRevision, { type OffreSnapshot } from '#models/offre_revision'
import Contact from '#models/contact'
import Societe from '#models/societe'
import User from '#models/user'
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
  emetteurOf,
  clientParties,
  contactParty,
  frozenEmetteur,
  readSnapshot,
  type PartiesSnapshot,
  type StoredLigne,
  storedLigne,
  documentLigne,
  checkedTotals,
  tauxUtilises,
  moneyPart,
} from '#services/pdf/document_parts'

// ── Devis ────────────────────────────────────────────────────────────────────────────────────

async function findDevis(devisId: number): Promise<Devis> {
  const id = parseId(devisId)
  const devis = id ? await Devis.find(id) : null
  if (!devis) throw new NotFoundException()
  return devis
}

/**
 * Intro and conditions are stored as written, placeholders included ({{client.nom}},
 * {{devis.numero}}…): they are filled when the document is shown, once the number is known.
 */
async function filledTexts(
  devis: Devis,
  client: Client,
  user: User | null,
  parties: PartiesSnapshot | null,
  bdc?: { numero: string; signe_le: string }
) {
  const context = await devisTexteContext(devis, client, user, parties?.placeholders)
  if (bdc) context.bdc = bdc
  return { fill: (text: string | null) => (text ? renderTexte(text, context) : text) }
}

export async function devisDocument(
  devisId: number,
  opts: LoadOptions = {}
): Promise<DocumentData> {
  const devis = await findDevis(devisId)
  await devis.load((loader) => {
    loader.load('client').load('commercial').load('lignes')
  })
  const lignes = devis.lignes.map(storedLigne)
  const totals = checkedTotals(
    `devis ${devis.id}`,
    lignes,
    {
      total_ht: devis.totalHt,
      total_tva: devis.totalTva,
      total_ttc: devis.totalTtc,
      tva: devis.tvaDetail,
      acompte: devis.acompte,
    },
    devis.remiseGlobalePct,
    devis.acomptePct
  )
  const parties = devis.statut === 'brouillon' ? null : readSnapshot(devis.partiesSnapshot)
  const { emetteur, destinataire, clientProfessionnel } = await clientParties(
    parties,
    devis.client,
    opts
  )
  const texts = await filledTexts(devis, devis.client, devis.commercial ?? null, parties)
  return {
    kind: 'devis',
    numero: devis.numero,
    brouillon: devis.statut === 'brouillon',
    revision: devis.revision,
    date: isoDate(devis.dateDevis)!,
    valable_jusqu_au: isoDate(devis.valableJusquAu),
    objet: devis.objet,
    adresse_chantier: devis.adresseChantier,
    emetteur,
    destinataire,
    contact_commercial: devis.commercial?.name ?? null,
    intro: texts.fill(devis.intro),
    lignes: lignes.map(documentLigne),
    ...moneyPart(totals, devis.remiseGlobalePct),
    acompte_pct: devis.acomptePct,
    acompte: totals.acompte,
    conditions: texts.fill(devis.conditions),
    mentions: legalMentions({
      emetteur,
      tauxUtilises: tauxUtilises(lignes),
      clientProfessionnel,
    }),
    signature: null,
    bon_pour_accord: true,
  }
}

export async function devisRevisionDocument(
  devisId: number,
  revision: number,
  opts: LoadOptions = {}
): Promise<DocumentData> {
  const devis = await findDevis(devisId)
  const number = parseId(revision)
  const row = number
    ? await DevisRevision.query().where('devis_id', devis.id).where('revision', number).first()
    : null
  if (!row) throw new NotFoundException()
  // pg returns jsonb parsed; a driver handing back text is read the same
  const snapshot: DevisSnapshot =
    typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot
  const header = snapshot.header ?? {}
  const lignes: StoredLigne[] = (snapshot.lignes ?? []).map((l) => ({
    ...l,
    remise_pct: String(l.remise_pct ?? '0'),
    total_ht: l.total_ht ?? null,
  }))
  const remise = String(header.remise_globale_pct ?? '0')
  const acomptePct = String(header.acompte_pct ?? '0')
  const totals = checkedTotals(
    `devis ${devis.id} version ${row.revision}`,
    lignes,
    snapshot.totals,
    remise,
    acomptePct
  )
  const client = await Client.find(header.client_id ?? devis.clientId)
  if (!client) throw new NotFoundException()
  const commercial = header.commercial_id ? await User.find(header.commercial_id) : null
  const parties = readSnapshot(snapshot.parties)
  const { emetteur, destinataire, clientProfessionnel } = await clientParties(parties, client, opts)
  const texts = await filledTexts(devis, client, commercial, parties)
  return {
    kind: 'devis',
    numero: header.numero ?? devis.numero,
    brouillon: false,
    revision: row.revision,
    date: String(header.date_devis ?? isoDate(devis.dateDevis)).slice(0, 10),
    valable_jusqu_au: header.valable_jusqu_au ? String(header.valable_jusqu_au).slice(0, 10) : null,
    reference: `Version ${row.revision}, remplacée par une version plus récente`,
    objet: header.objet ?? devis.objet,
    adresse_chantier: header.adresse_chantier ?? null,
    emetteur,
    destinataire,
    contact_commercial: commercial?.name ?? null,
    intro: texts.fill(header.intro ?? null),
    lignes: lignes.map(documentLigne),
    ...moneyPart(totals, remise),
    acompte_pct: acomptePct,
    acompte: totals.acompte,
    conditions: texts.fill(header.conditions ?? null),
    mentions: legalMentions({
      emetteur,
      tauxUtilises: tauxUtilises(lignes),
      clientProfessionnel,
    }),
    signature: null,
    bon_pour_accord: false,
  }
}

// ── Bon de commande ──────────────────────────────────────────────────────────────────────────

export function retractationMention(bdc: Bdc): string | null {
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
  }
}

// ── Offre (pro portal) ───────────────────────────────────────────────────────────────────────

export async function offreDocument(
  offreId: number,
  opts: LoadOptions = {}
): Promise<DocumentData> {
  const id = parseId(offreId)
  const offre = id ? await Offre.find(id) : null
  if (!offre) throw new NotFoundException()
  await offre.load((loader) => {
    loader.load('societe').load('contact').load('auteur').load('lignes')
  })
  const lignes = offre.lignes.map(storedLigne)
  const totals = checkedTotals(
    `offre ${offre.id}`,
    lignes,
    {
      total_ht: offre.totalHt,
      total_tva: offre.totalTva,
      total_ttc: offre.totalTtc,
      tva: offre.tvaDetail,
    },
    offre.remiseGlobalePct,
    null
  )
  // The pro's own branding: his société, its logo — as frozen when sent or transmitted
  const parties = offre.statut === 'brouillon' ? null : readSnapshot(offre.partiesSnapshot)
  const emetteur = parties ? frozenEmetteur(parties, opts) : emetteurOf(offre.societe, opts)
  return {
    kind: 'offre',
    numero: offre.numero,
    brouillon: offre.statut === 'brouillon',
    date: isoDate(offre.dateOffre)!,
    valable_jusqu_au: isoDate(offre.valableJusquAu),
    objet: offre.objet,
    adresse_chantier: offre.adresseChantier,
    emetteur,
    destinataire: parties ? parties.destinataire : contactParty(offre.contact),
    contact_commercial: offre.auteur?.name ?? null,
    intro: offre.intro,
    lignes: lignes.map(documentLigne),
    ...moneyPart(totals, offre.remiseGlobalePct),
    acompte_pct: null,
    acompte: null,
    conditions: offre.conditions,
    mentions: legalMentions({
      emetteur,
      tauxUtilises: tauxUtilises(lignes),
      clientProfessionnel: false,
    }),
    signature: null,
    bon_pour_accord: false,
  }
}

/**
 * An earlier version of an offre (offre_revisions): the header, lines, totals and parties as
 * the contact received them; an old row without parties prints the live société and contact.
 */
export async function offreRevisionDocument(
  offreId: number,
  revision: unknown,
  opts: LoadOptions = {}
): Promise<DocumentData> {
  const id = parseId(offreId)
  const number = parseId(revision)
  const row =
    id && number
      ? await OffreRevision.query().where('offre_id', id).where('revision', number).first()
      : null
  if (!row) throw new NotFoundException()
  const snapshot = readSnapshot<OffreSnapshot>(row.snapshot)!
  const header = snapshot.header
  const lignes: StoredLigne[] = snapshot.lignes.map((l) => ({
    ...l,
    remise_pct: String(l.remise_pct ?? '0'),
    total_ht: l.total_ht ?? null,
  }))
  const remise = String(header.remise_globale_pct ?? '0')
  const totals = checkedTotals(
    `offre ${id} version ${row.revision}`,
    lignes,
    snapshot.totals,
    remise,
    null
  )
  const parties = readSnapshot(snapshot.parties)
  let emetteur = parties ? frozenEmetteur(parties, opts) : null
  let destinataire = parties?.destinataire ?? null
  if (!emetteur || !destinataire) {
    const offre = await Offre.findOrFail(id)
    emetteur = emetteurOf(await Societe.findOrFail(offre.societeId), opts)
    destinataire = contactParty(await Contact.findOrFail(header.contact_id))
  }
  const auteur = header.auteur_id ? await User.find(header.auteur_id) : null
  return {
    kind: 'offre',
    numero: header.numero,
    brouillon: false,
    revision: row.revision,
    date: header.date_offre.slice(0, 10),
    valable_jusqu_au: header.valable_jusqu_au.slice(0, 10),
    reference: `Version ${row.revision}, remplacée par une version plus récente`,
    objet: header.objet,
    adresse_chantier: header.adresse_chantier,
    emetteur,
    destinataire,
    contact_commercial: auteur?.name ?? null,
    intro: header.intro,
    lignes: lignes.map(documentLigne),
    ...moneyPart(totals, remise),
    acompte_pct: null,
    acompte: null,
    conditions: header.conditions,
    mentions: legalMentions({
      emetteur,
      tauxUtilises: tauxUtilises(lignes),
      clientProfessionnel: false,
    }),
    signature: null,
    bon_pour_accord: false,
  }
}
