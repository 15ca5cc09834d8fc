import { BaseMail } from '@adonisjs/mail'
import { APP_NAME } from '#shared/app'
import { formatEuros } from '#shared/totals'
import { formatDate } from '#shared/dates'

export type OffreMailData = {
  to: { email: string; name: string }
  /** The pro who sends it: the contact's answers go to him. */
  replyTo: { email: string; name: string } | null
  societe: string
  auteur: string
  numero: string
  objet: string
  totalHt: number
  totalTtc: number
  /** yyyy-mm-dd */
  valableJusquAu: string
  pdf: { filename: string; content: Buffer } | null
}

export const offreMailSubject = (societe: string, numero: string) => `Offre ${numero} — ${societe}`

/** A pro's offre sent to his contact, the PDF attached, answers going back to the pro. */
export default class OffreMail extends BaseMail {
  subject: string

  constructor(private data: OffreMailData) {
    super()
    this.subject = offreMailSubject(data.societe, data.numero)
  }

  prepare() {
    const d = this.data
    const view = {
      subject: this.subject,
      appName: APP_NAME,
      name: d.to.name,
      societe: d.societe,
      auteur: d.auteur,
      numero: d.numero,
      objet: d.objet,
      totalHt: formatEuros(d.totalHt),
      totalTtc: formatEuros(d.totalTtc),
      valable: formatDate(d.valableJusquAu),
      attached: Boolean(d.pdf),
    }
    this.message
      .to(d.to.email, d.to.name)
      .htmlView('emails/offre_html', view)
      .textView('emails/offre_text', view)
    if (d.replyTo) this.message.replyTo(d.replyTo.email, d.replyTo.name)
    if (d.pdf) {
      this.message.attachData(d.pdf.content, {
        filename: d.pdf.filename,
        contentType: 'application/pdf',
      })
    }
  }
}
