import { BaseMail } from '@adonisjs/mail'

export type DevisMailAttachment = { filename: string; content: Buffer }

/**
 * The devis sent to its client (DESIGN.md §1): subject and body come from the Texte of category
 * email_devis already rendered for the sender (app/services/devis/devis_send.ts), the PDF attached.
 * The body is plain text; the HTML version escapes it and keeps its line breaks.
 */
export default class DevisMail extends BaseMail {
  constructor(
    private recipient: { email: string; name: string },
    public subject: string,
    private mailBody: string,
    private pdf: DevisMailAttachment | null,
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
      `<div style="font-family: Arial, sans-serif; font-size: 14px; line-height: 1.5">${escapeHtml(
        this.mailBody
      ).replace(/\n/g, '<br>\n')}</div>`
    )
    if (this.answerTo) this.message.replyTo(this.answerTo.email, this.answerTo.name)
    if (this.pdf) {
      this.message.attachData(this.pdf.content, {
        filename: this.pdf.filename,
        contentType: 'application/pdf',
      })
    }
  }
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}
