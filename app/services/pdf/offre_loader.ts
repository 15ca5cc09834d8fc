/*
 * Loading an offre (pro portal) or one of its versions into a DocumentData (shared/document.ts), the
 * one shape that the PDF and the Preview pages show. The figures printed are the stored ones,
 * checked against shared/totals.ts on the stored lines (document_parts.ts): a document whose
 * totals do not follow from its lines is never printed (a customer would receive figures that
 * do not add up).
 */
import Offre from '#models/offre'
import OffreRevision, { type OffreSnapshot } from '#models/offre_revision'
import Contact from '#models/contact'
import Societe from '#models/societe'
import User from '#models/user'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { legalMentions, type DocumentData } from '#shared/document'
import {
  type LoadOptions,
  isoDate,
  emetteurOf,
  contactParty,
  frozenEmetteur,
  readSnapshot,
  type StoredLigne,
  storedLigne,
  documentLigne,
  checkedTotals,
  tauxUtilises,
  moneyPart,
} from '#services/pdf/document_parts'

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
