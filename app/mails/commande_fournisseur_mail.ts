import { BaseMail } from '@adonisjs/mail'
import { escapeHtml } from '#shared/textes'

/**
 * A supplier order sent to its supplier (issue 12 §3): the body from the Texte of category
 * email_commande_fournisseur already rendered (app/services/commandes_fournisseur/cf_mail.ts),
 * the order's PDF attached, answers to the sender.
 */
export default class CommandeFournisseurMail extends BaseMail {
  constructor(
    private recipient: { email: string; name: string },
    public subject: string,
    private mailBody: string,
    private pdf: { filename: string; content: Buffer },
    private answerTo: { email: string; name: string } | null = null
  ) {
    super()
  }

  prepare() {
    this.message
      .to(this.recipient.email, this.recipient.name)
      .subject(this.subject)
      .text(this.mailBody)
    this.message.html(
      `<div style="font-family: Arial, sans-serif; font-size: 14px; line-height: 1.5">${this.mailBody
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map(escapeHtml)
        .join('<br>\n')}</div>`
    )
    if (this.answerTo) this.message.replyTo(this.answerTo.email, this.answerTo.name)
    this.message.attachData(this.pdf.content, {
      filename: this.pdf.filename,
      contentType: 'application/pdf',
    })
  }
}
