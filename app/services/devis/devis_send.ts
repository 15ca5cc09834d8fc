/*
 * Sending a devis (brouillon → envoyé): the number is given and the statut changed in one
 * transaction (devis_lifecycle.ts); the email with the PDF goes out after its commit
 * (app/services/events.ts), so a mail failure never undoes the send — the user is warned and can
 * send the PDF himself.
 */
import db from '@adonisjs/lucid/services/db'
import type { Actor } from '#services/actor'
import Client from '#models/client'
import type Devis from '#models/devis'
import Texte from '#models/texte'
import type User from '#models/user'
import DevisMail from '#mails/devis_mail'
import { devisPdf } from '#services/pdf/index'
import { dispatchMail } from '#services/events'
import { renderTexteFor } from '#services/textes'
import { changeDevisStatut, type ChangeStatutResult } from '#services/devis/devis_lifecycle'
import { DEVIS_NO_EMAIL } from '#shared/machines/devis'
import { clientDisplayName } from '#shared/clients'
import { renderTexte } from '#shared/textes'
import { devisTexteContext } from '#services/devis/devis_texte_context'
import type { DevisStatut } from '#shared/devis'

export const NO_EMAIL_MESSAGE = DEVIS_NO_EMAIL
export const MAIL_FAILED_WARNING =
  'Le devis est envoyé et numéroté, mais l’e-mail au client n’a pas pu partir : téléchargez le PDF et envoyez-le vous-même.'

const FALLBACK_BODY = `Bonjour,

Vous trouverez en pièce jointe notre devis n° {{devis.numero}} d’un montant de {{devis.montant_ttc}} TVAC, valable jusqu’au {{devis.valable_jusqu_au}}.

Vous pouvez le consulter, l’accepter et le signer en ligne : {{devis.lien}}

Bien cordialement,

{{user.nom}}
{{societe.nom}}`

/** The mail of a devis: the email_devis Texte (the user's own version first) rendered. */
export async function devisMailFor(devis: Devis, client: Client, user: User): Promise<DevisMail> {
  const context = await devisTexteContext(devis, client, user)
  const texte = await Texte.query()
    .where('categorie', 'email_devis')
    .orderByRaw("(code = 'email_envoi_devis') desc")
    .orderBy('titre')
    .first()
  const rendered =
    (texte ? await renderTexteFor(texte.code, user, context) : null) ??
    renderTexte(FALLBACK_BODY, context)
  // The signed link is always there, even from a text written before it existed (decision 491)
  const value = (context.devis as Record<string, unknown> | undefined)?.lien
  const lien = typeof value === 'string' ? value : ''
  const body =
    lien && !rendered.includes(lien)
      ? `${rendered.trimEnd()}\n\nConsulter, accepter et signer le devis en ligne : ${lien}`
      : rendered
  const societe = (context.societe as Record<string, string> | undefined)?.nom
  const subject = `Devis ${devis.numero ?? ''}${societe ? ` — ${societe}` : ''} : ${devis.objet}`
  const attachment = await devisPdf(devis.id)
  return new DevisMail(
    { email: client.email!, name: clientDisplayName(client) },
    subject.slice(0, 250),
    body,
    attachment,
    { email: user.email, name: user.name }
  )
}

export type StatutChangeOutcome = ChangeStatutResult & {
  /** false when the devis was sent but its email could not go out. */
  mailSent: boolean | null
}

/**
 * The "Modification de statut" action: envoyé also needs the client's address and mails the
 * PDF once the send is committed (never for a send that was rolled back).
 */
export async function changeStatutAndNotify(
  actor: Actor,
  input: { devisId: number; to: DevisStatut; lockVersion: number; motif?: string | null },
  user: User
): Promise<StatutChangeOutcome> {
  const { result, delivery } = await db.transaction(async (trx) => {
    const changed = await changeDevisStatut(
      actor,
      { ...input, userId: user.id, requireClientEmail: true },
      trx
    )
    const mail =
      input.to === 'envoye'
        ? await dispatchMail(trx, async () => {
            const client = await Client.findOrFail(changed.devis.clientId)
            return devisMailFor(changed.devis, client, user)
          })
        : null
    return { result: changed, delivery: mail }
  })
  return { ...result, mailSent: delivery ? delivery.sent === true : null }
}
