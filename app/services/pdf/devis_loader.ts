/*
 * Loading a devis or one of its versions into a DocumentData (shared/document.ts), the
 * one shape that the PDF and the Preview pages show. The figures printed are the stored ones,
 * checked against shared/totals.ts on the stored lines (document_parts.ts): a document whose
 * totals do not follow from its lines is never printed (a customer would receive figures that
 * do not add up).
 */
import Client from '#models/client'
import { devisTexteContext } from '#services/devis/devis_texte_context'
import { renderTexte } from '#shared/textes'
import Devis from '#models/devis'
import DevisRevision, { type DevisSnapshot } from '#models/devis_revision'
import User from '#models/user'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { legalMentions, type DocumentData } from '#shared/document'
import {
  type LoadOptions,
  isoDate,
  clientParties,
  readSnapshot,
  type PartiesSnapshot,
  type StoredLigne,
  storedLigne,
  documentLigne,
  checkedTotals,
  tauxUtilises,
  moneyPart,
} from '#services/pdf/document_parts'

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
export async function filledTexts(
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
