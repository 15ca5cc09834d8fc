import { BaseMail } from '@adonisjs/mail'

export type DemandePaiementMailData = {
  to: string
  subject: string
  /** The body from the Texte modèle (or the fixed French text), as text and as escaped HTML. */
  bodyText: string
  bodyHtml: string
  montant: string
  beneficiaire: string
  iban: string
  bic: string | null
  communication: string
  url: string
  /** dd/mm/yyyy */
  expire: string
}

/**
 * A payment request to the customer (DESIGN.md §2): the amount, the account, the structured
 * communication and the signed link to the page with the EPC QR code.
 */
export default class DemandePaiementMail extends BaseMail {
  subject: string

  constructor(private data: DemandePaiementMailData) {
    super()
    this.subject = data.subject
  }

  prepare() {
    const view = { ...this.data, appName: this.data.beneficiaire }
    this.message
      .to(this.data.to)
      .htmlView('emails/demande_paiement_html', view)
      .textView('emails/demande_paiement_text', view)
  }
}
