/*
 * A bdc signed at the customer's home (DESIGN.md §3b, decisions 188–190 in docs/DECISIONS.md): the
 * withdrawal information and the model withdrawal form printed with it (the annex of both laws:
 * Belgian CDE annexe 2 du livre VI, French C. conso annexe à l'article R221-1), and the company
 * setting that says whether a payment may be asked during the first 7 days (France, L221-10).
 * Shared: the server builds the document and refuses the request, the page explains why.
 */
import type { DocumentParty, DocumentRetractation } from './document.js'
import type { BdcStatut, LieuSignature } from './devis.js'
import { DELAI_RETRACTATION_JOURS, ouvreRetractation } from './devis.js'
import { addDays, formatDate } from './dates.js'

/** The esi société's setting (societes.acompte_pendant_retractation). */
export const ACOMPTE_RETRACTATION_REGLES = ['autorise', 'interdit_7_jours'] as const
export type AcompteRetractationRegle = (typeof ACOMPTE_RETRACTATION_REGLES)[number]
export const ACOMPTE_RETRACTATION_DEFAULT: AcompteRetractationRegle = 'autorise'
export const ACOMPTE_RETRACTATION_LABELS: Record<AcompteRetractationRegle, string> = {
  autorise: 'Autorisé pendant le délai de rétractation (Belgique)',
  interdit_7_jours:
    'Aucun paiement pendant les 7 jours qui suivent la signature (France, art. L221-10 du Code de la consommation)',
}

/** France, C. conso L221-10: no payment « avant l'expiration d'un délai de sept jours ». */
export const DELAI_SANS_PAIEMENT_JOURS = 7

/**
 * The first day a payment may be asked on a bdc signed at home on `signeLe`: the 7 days run
 * from the day after the signature and end at midnight of the 7th (signed the 2nd → the 10th).
 */
export function premierJourPaiement(signeLe: string): string {
  return addDays(signeLe, DELAI_SANS_PAIEMENT_JOURS + 1)
}

export type PaiementBloqueInput = {
  regle: AcompteRetractationRegle
  statut: BdcStatut
  lieu: LieuSignature | null
  /** Brussels calendar day of the signature, "yyyy-mm-dd". */
  signeLe: string | null
  clientProfessionnel: boolean
  /** Brussels today, "yyyy-mm-dd". */
  today: string
}

/**
 * Why no payment may be asked on this bdc today (French message), or null. Only under the
 * French rule and for a consumer: an unsigned bdc may still be signed at home (sign first), a
 * bdc signed at home waits 7 days — the customer's waiver of the withdrawal right does not lift
 * it (L221-10 lists its exceptions, and the waiver is not one).
 */
export function paiementBloque(input: PaiementBloqueInput): string | null {
  if (input.regle !== 'interdit_7_jours' || input.clientProfessionnel) return null
  if (input.statut === 'a_signer')
    return 'Aucun paiement ne peut être demandé avant la signature du bon de commande : signé au domicile du client, il n’en permet aucun pendant 7 jours (art. L221-10 du Code de la consommation).'
  if (input.statut !== 'signe' || input.lieu !== 'domicile' || !input.signeLe) return null
  const des = premierJourPaiement(input.signeLe)
  if (input.today >= des) return null
  return `Bon de commande signé au domicile du client le ${formatDate(input.signeLe)} : aucun paiement ne peut être demandé avant le ${formatDate(des)} (7 jours après la signature, art. L221-10 du Code de la consommation).`
}

export type RetractationInput = {
  statut: BdcStatut
  lieu: LieuSignature | null
  renonciation: boolean
  clientProfessionnel: boolean
  numero: string
  /** Date of the bdc, "yyyy-mm-dd". */
  date: string
  objet: string
  /** Brussels day of the signature and last day of the period, "yyyy-mm-dd". */
  signeLe: string | null
  fin: string | null
  regle: AcompteRetractationRegle
  emetteur: DocumentParty
  destinataire: DocumentParty
}

/**
 * Whether the bdc carries the withdrawal annex: a consumer's bdc signed at home without waiver,
 * and every consumer's bdc still to be signed (the place is not known yet: the office prints it
 * to take it to the customer's home; signed in the shop, the page is simply not used).
 */
export function withAnnexe(
  input: Pick<RetractationInput, 'statut' | 'lieu' | 'renonciation' | 'clientProfessionnel'>
) {
  if (input.clientProfessionnel) return false
  if (input.statut === 'a_signer') return true
  return input.statut === 'signe' && ouvreRetractation(input.lieu, input.renonciation)
}

function oneLine(parts: (string | null | undefined)[]): string {
  return parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ')
}

/** The annex of a bdc (null when it has none): the information, then the statutory form. */
export function retractationAnnexe(input: RetractationInput): DocumentRetractation | null {
  if (!withAnnexe(input)) return null
  const e = input.emetteur
  const signed = input.statut === 'signe' && input.signeLe
  const fin = input.fin ?? (input.signeLe ? addDays(input.signeLe, DELAI_RETRACTATION_JOURS) : null)
  const information = [
    signed && input.lieu === 'distance'
      ? `Le présent contrat a été conclu à distance (accepté et signé en ligne) le ${formatDate(input.signeLe)}. Vous disposez d’un délai de ${DELAI_RETRACTATION_JOURS} jours pour vous rétracter, sans avoir à donner de motif ni à supporter de frais.`
      : signed
        ? `Le présent contrat a été conclu hors établissement (au domicile du client) le ${formatDate(input.signeLe)}. Vous disposez d’un délai de ${DELAI_RETRACTATION_JOURS} jours pour vous rétracter, sans avoir à donner de motif ni à supporter de frais.`
        : `Si le présent bon de commande est signé hors de nos locaux (à votre domicile), vous disposez d’un délai de ${DELAI_RETRACTATION_JOURS} jours pour vous rétracter du contrat, sans avoir à donner de motif ni à supporter de frais.`,
    signed && fin
      ? `Le délai court à compter du jour de la signature du bon de commande${input.lieu === 'distance' ? ' (la conclusion du contrat, y compris pour les biens fournis avec la pose)' : ''} et expire le ${formatDate(fin)} à minuit.`
      : `Le délai court à compter du jour de la signature du bon de commande et expire ${DELAI_RETRACTATION_JOURS} jours après ce jour, à minuit.`,
    `Pour exercer ce droit, notifiez-nous votre décision par une déclaration dénuée d’ambiguïté (lettre à ${oneLine([e.nom, ...e.lignes_adresse])}${e.email ? ` ou e-mail à ${e.email}` : ''}) avant l’expiration du délai. Vous pouvez utiliser le modèle de formulaire ci-dessous, sans que ce soit obligatoire.`,
    'En cas de rétractation, nous vous remboursons tous les paiements reçus, acompte compris, au plus tard 14 jours après avoir été informés de votre décision, par le même moyen de paiement et sans frais pour vous.',
  ]
  if (input.regle === 'interdit_7_jours')
    information.push(
      signed
        ? `Aucun paiement ne peut vous être demandé ni être reçu avant le ${formatDate(premierJourPaiement(input.signeLe!))} (7 jours après la signature).`
        : 'Aucun paiement ne peut vous être demandé ni être reçu avant l’expiration d’un délai de 7 jours à compter de la signature.'
    )
  const contact = oneLine([
    e.nom,
    ...e.lignes_adresse,
    e.email ? `e-mail : ${e.email}` : null,
    e.telephone ? `tél. : ${e.telephone}` : null,
  ])
  return {
    titre: 'Droit de rétractation',
    information,
    formulaire_titre: 'Modèle de formulaire de rétractation',
    formulaire_consigne:
      '(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)',
    formulaire: [
      { label: 'À l’attention de', valeur: contact },
      {
        label:
          'Je/Nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous',
        valeur: `Bon de commande n° ${input.numero} du ${formatDate(input.date)} — ${input.objet}`,
      },
      { label: 'Commandé le (*)/reçu le (*)', valeur: signed ? formatDate(input.signeLe) : null },
      { label: 'Nom du (des) consommateur(s)', valeur: input.destinataire.nom || null },
      {
        label: 'Adresse du (des) consommateur(s)',
        valeur: oneLine(input.destinataire.lignes_adresse) || null,
      },
      {
        label:
          'Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier)',
        valeur: null,
      },
      { label: 'Date', valeur: null },
    ],
    note: '(*) Rayez la mention inutile.',
  }
}
