/*
 * The e-mail of a demande de paiement, sent after the creating transaction committed (a mail
 * never announces a request that was rolled back). Its body is the Texte modèle of category
 * email_demande_paiement (code email_demande_acompte, the user's own version first) filled with
 * the demande; without that text, a fixed French one. The details block and the signed link are
 * always appended, so the customer has what he needs to pay even from a customised text.
 */
import { DateTime } from 'luxon'
import type { Actor } from '#services/actor'
import Bdc from '#models/bdc'
import type DemandePaiement from '#models/demande_paiement'
import DemandePaiementMail from '#mails/demande_paiement_mail'
import { audit } from '#services/audit'
import { deliver } from '#services/mail/deliver'
import { renderTexteFor } from '#services/textes'
import db from '@adonisjs/lucid/services/db'
import { dispatchMail } from '#services/events'
import {
  beneficiaireSociete,
  createDemandePaiementForBdc,
  type CreateDemandeInput,
} from '#services/paiement/demande_paiement_service'
import { paymentLinkUrl } from '#services/paiement/payment_link'
import { TransitionException } from '#exceptions/http_exceptions'
import { contextFrom, escapeHtml } from '#shared/textes'
import { formatEuros } from '#shared/totals'
import { formatIban } from '#shared/validation/belgium'
import { formatDate } from '#shared/dates'
import { TIME_ZONE } from '#shared/app'

export const DEMANDE_TEXTE_CODE = 'email_demande_acompte'

const FALLBACK = (v: { civilite: string; nom: string; bdc: string; montant: string }) =>
  `Bonjour ${[v.civilite, v.nom].filter(Boolean).join(' ')},

Merci pour votre commande${v.bdc ? ` n° ${v.bdc}` : ''}.

Nous vous remercions de bien vouloir verser le montant de ${v.montant} sur notre compte, avec la communication structurée indiquée ci-dessous, ou en scannant le code QR de la page de paiement avec l’application de votre banque.

Bien cordialement,`

type Sender = { id: number; name: string; email: string } | null

/** Creates the request and mails it to the customer once committed (never a rolled-back one). */
export async function createAndSendDemande(
  actor: Actor,
  input: CreateDemandeInput
): Promise<{ demande: DemandePaiement; mailSent: boolean }> {
  const { demande, delivery } = await db.transaction(async (trx) => {
    const created = await createDemandePaiementForBdc(actor, input, trx)
    const mail = created.email
      ? await dispatchMail(trx, () => demandeMailFor(created, actor.user))
      : null
    return { demande: created, delivery: mail }
  })
  return { demande, mailSent: delivery?.sent === true }
}

export async function sendDemandeMail(demande: DemandePaiement, user: Sender): Promise<boolean> {
  const message = await demandeMailFor(demande, user)
  return message ? deliver(message) : false
}

/** The mail of a request (null without an address). */
export async function demandeMailFor(
  demande: DemandePaiement,
  user: Sender
): Promise<DemandePaiementMail | null> {
  if (!demande.email) return null
  await demande.load('client')
  const bdc = demande.bdcId ? await Bdc.find(demande.bdcId) : null
  const societe = await beneficiaireSociete()
  const client = demande.client
  const url = paymentLinkUrl(demande)
  const montant = formatEuros(demande.montant)
  const context = contextFrom({
    'client.civilite': client?.civilite ?? '',
    'client.prenom': client?.prenom ?? '',
    'client.nom': client?.nom ?? '',
    'client.email': demande.email,
    'bdc.numero': bdc?.numero ?? '',
    'bdc.signe_le': bdc?.signeLe ? formatDate(bdc.signeLe.toISODate()) : '',
    'devis.acompte': montant,
    'devis.acompte_pct': bdc?.acomptePct ?? '',
    'paiement.montant': montant,
    'paiement.lien': url,
    'facture.communication': demande.communication,
    'societe.nom': societe.nom,
    'societe.iban': formatIban(demande.iban),
    'societe.email': societe.email ?? '',
    'societe.telephone': societe.telephone ?? '',
    'user.nom': user?.name ?? societe.nom,
    'user.email': user?.email ?? societe.email ?? '',
  })
  const fromTexte = await renderTexteFor(DEMANDE_TEXTE_CODE, user, context)
  const bodyText =
    fromTexte ??
    `${FALLBACK({
      civilite: client?.civilite ?? '',
      nom: client?.nom ?? '',
      bdc: bdc?.numero ?? '',
      montant,
    })}\n${user?.name ?? ''}\n${societe.nom}`.trim()
  return new DemandePaiementMail({
    to: demande.email,
    subject: `Demande de paiement ${demande.numero} — ${montant}`,
    bodyText,
    bodyHtml: bodyText.replace(/\r\n?/g, '\n').split('\n').map(escapeHtml).join('<br>\n'),
    montant,
    beneficiaire: demande.beneficiaire,
    iban: formatIban(demande.iban),
    bic: demande.bic,
    communication: demande.communication,
    url,
    expire: formatDate(demande.lienExpireLe.setZone(TIME_ZONE).toISODate()),
  })
}

/** "Renvoyer l'e-mail": only for a demande still awaiting payment, with an address. */
export async function resendDemandeMail(
  actor: Actor,
  demande: DemandePaiement,
  user: { id: number; name: string; email: string }
): Promise<boolean> {
  if (demande.statut !== 'envoyee') {
    throw new TransitionException(
      `La demande ${demande.numero} est ${demande.statut === 'payee' ? 'déjà payée' : 'annulée'} : rien à renvoyer.`
    )
  }
  if (!demande.email) {
    throw new TransitionException('Aucune adresse e-mail pour cette demande.')
  }
  const sent = await sendDemandeMail(demande, user)
  if (sent) {
    demande.envoyeeLe = DateTime.now()
    await demande.save()
    await audit(actor, {
      action: 'demande_paiement.renvoyee',
      userId: user.id,
      subjectType: 'demande_paiement',
      subjectId: demande.id,
      after: { email: demande.email },
    })
  }
  return sent
}
