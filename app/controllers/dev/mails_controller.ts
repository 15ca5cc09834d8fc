import type { HttpContext } from '@adonisjs/core/http'
import { listKeptMails, readKeptMail } from '#services/mail/kept_mail_transport'
import { NotFoundException } from '#exceptions/http_exceptions'

/** Development only: the emails the app "sent", kept under storage/mails. */
export default class MailsController {
  async index({ inertia }: HttpContext) {
    return inertia.render('Dev/Mails', { mails: await listKeptMails(), selected: null })
  }

  async show({ inertia, params }: HttpContext) {
    const selected = await readKeptMail(String(params.id))
    if (!selected) throw new NotFoundException()
    return inertia.render('Dev/Mails', { mails: await listKeptMails(), selected })
  }
}
