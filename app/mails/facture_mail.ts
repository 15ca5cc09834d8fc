import { BaseMail } from '@adonisjs/mail'
import { escapeHtml } from '#shared/textes'

export type FactureMailAttachment = { filename: string; content: Buffer; contentType: string }

/**
 * An issued facture sent to its client (issue 11 §1): subject and body from the Texte of
 * category email_facture already rendered for the sender (app/services/factures/facture_mail.ts),
 * the PDF attached and, for a professional client, the Peppol UBL file.
 */
export default class FactureMail extends BaseMail {
  constructor(
    private recipient: { email: string; name: string },
    public subject: string,
    private mailBody: string,
    private attachments: FactureMailAttachment[],
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
    for (const a of this.attachments) {
      this.message.attachData(a.content, { filename: a.filename, contentType: a.contentType })
    }
  }
}
