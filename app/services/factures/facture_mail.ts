/*
 * « Envoyer par e-mail » of an issued facture (issue 11 §1, decision 233): the Texte of category
 * email_facture (code facture_envoi first, the user's own version first) filled with the
 * facture, the PDF attached and, for a professional client with an enterprise number, the
 * Peppol UBL — checked before anything is sent, so a file breaking a rule never leaves.
 */
import type { Actor } from '#services/actor'
import type User from '#models/user'
import Client from '#models/client'
import Facture from '#models/facture'
import Texte from '#models/texte'
import FactureMail, { type FactureMailAttachment } from '#mails/facture_mail'
import { audit } from '#services/audit'
import { deliver } from '#services/mail/deliver'
import { renderTexteFor } from '#services/textes'
import { factureClientPdf } from '#services/factures/facture_facturx'
import { readSnapshot, type PartiesSnapshot } from '#services/pdf/document_parts'
import { factureUbl, ublEligible } from '#services/factures/facture_ubl'
import { factureLinkUrl } from '#services/factures/facture_link'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'
import { contextFrom, renderTexte } from '#shared/textes'
import { factureReste } from '#shared/factures'
import { formatEuros } from '#shared/totals'
import { formatDate } from '#shared/dates'
import { formatIban } from '#shared/validation/belgium'
import { clientDisplayName } from '#shared/clients'

const FALLBACK = `Bonjour {{client.civilite}} {{client.nom}},

Veuillez trouver ci-joint notre facture {{facture.numero}} d’un montant de {{facture.montant_ttc}}, payable au plus tard le {{facture.echeance}} avec la communication structurée {{facture.communication}}.

Vous pouvez aussi la consulter et la payer en ligne : {{facture.lien}}

Bien cordialement,

{{user.nom}}
{{societe.nom}}`

export const FACTURE_TEXTE_CATEGORIE = 'email_facture'
export const FACTURE_TEXTE_CODE = 'facture_envoi'

/** The mail of an issued facture and its recipient; refused (422) before anything is sent. */
export async function factureMailFor(facture: Facture, user: User) {
  if (!facture.numero) {
    throw new AppException('Un brouillon de facture ne s’envoie pas : émettez-le d’abord.', {
      status: 422,
    })
  }
  const parties = readSnapshot<PartiesSnapshot>(facture.partiesSnapshot)
  if (!parties) throw new AppException('Les coordonnées figées de cette facture manquent.')
  const client = await Client.find(facture.clientId)
  const email = client?.email ?? parties.destinataire.email
  if (!email) {
    throw new AppException(
      'Ce client n’a pas d’adresse e-mail : ajoutez-la sur sa fiche avant d’envoyer la facture.',
      { status: 422 }
    )
  }
  const attachments: FactureMailAttachment[] = []
  // The UBL first: a rule it breaks refuses the whole mail (422 with the rule ids)
  if (ublEligible(facture)) {
    const ubl = await factureUbl(facture.id)
    attachments.push({
      filename: ubl.filename,
      content: Buffer.from(ubl.content, 'utf8'),
      contentType: 'application/xml',
    })
  }
  // A Factur-X for a French client (decision 266)
  const pdf = await factureClientPdf(facture.id)
  attachments.unshift({ ...pdf, contentType: 'application/pdf' })

  const e = parties.emetteur
  const context = contextFrom({
    'client.civilite': client?.civilite ?? '',
    'client.prenom': client?.prenom ?? '',
    'client.nom': client?.nom ?? parties.destinataire.nom,
    'client.email': email,
    'facture.numero': facture.numero,
    'facture.date': facture.dateFacture ? formatDate(facture.dateFacture.toISODate()!) : '',
    'facture.echeance': facture.echeance ? formatDate(facture.echeance.toISODate()!) : '',
    'facture.montant_ttc': formatEuros(facture.totalTtc),
    'facture.reste': formatEuros(
      factureReste({
        total_ttc: facture.totalTtc,
        montant_paye: facture.montantPaye,
        montant_credite: facture.montantCredite,
      })
    ),
    'facture.communication': facture.communication ?? '',
    'facture.lien': factureLinkUrl(facture),
    'societe.nom': e.nom,
    'societe.iban': e.iban ? formatIban(e.iban) : '',
    'societe.email': e.email ?? '',
    'societe.telephone': e.telephone ?? '',
    'user.nom': user.name,
    'user.email': user.email,
  })
  const texte = await Texte.query()
    .where('categorie', FACTURE_TEXTE_CATEGORIE)
    .orderByRaw('(code = ?) desc', [FACTURE_TEXTE_CODE])
    .orderBy('titre')
    .first()
  const body =
    (texte ? await renderTexteFor(texte.code, user, context) : null) ??
    renderTexte(FALLBACK, context)
  const mail = new FactureMail(
    { email, name: client ? clientDisplayName(client) : parties.destinataire.nom },
    `Facture ${facture.numero} — ${e.nom}`.slice(0, 250),
    body,
    attachments,
    { email: user.email, name: user.name }
  )
  return { mail, email, attachments: attachments.map((a) => a.filename) }
}

/** Sends it now (the action is the user's click, nothing to commit first) and audits it. */
export async function sendFactureMail(actor: Actor, factureId: number, user: User) {
  const facture = await Facture.find(factureId)
  if (!facture) throw new NotFoundException()
  const { mail, email, attachments } = await factureMailFor(facture, user)
  if (!(await deliver(mail))) {
    throw new AppException(
      'L’e-mail n’a pas pu partir : réessayez plus tard, ou téléchargez le PDF et envoyez-le vous-même.',
      { status: 503 }
    )
  }
  await audit(actor, {
    action: 'facture.envoyee',
    userId: user.id,
    subjectType: 'facture',
    subjectId: facture.id,
    after: { to: email, attachments },
  })
  return { email, attachments }
}
