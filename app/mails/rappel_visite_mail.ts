import { BaseMail } from '@adonisjs/mail'
import { escapeHtml } from '#shared/textes'

/**
 * The reminder a customer gets the day before a visit (issue 13 §5): the body is the Texte of
 * category email_rappel_visite already rendered (app/services/planning/rappels.ts), plain text;
 * the HTML version escapes it and keeps its line breaks.
 */
export default class RappelVisiteMail extends BaseMail {
  constructor(
    private to: string,
    public subject: string,
    private body: string
  ) {
    super()
  }

  prepare() {
    this.message.to(this.to).subject(this.subject).text(this.body)
    this.message.html(
      `<div style="font-family: Arial, sans-serif; font-size: 14px; line-height: 1.5">${this.body
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map(escapeHtml)
        .join('<br>\n')}</div>`
    )
  }
}
