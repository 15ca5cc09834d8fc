import env from '#start/env'
import type { BaseMail } from '@adonisjs/mail'
import { companySociete } from '#services/company'

/** The last-resort sender, when neither the configuration nor the company gives an address. */
export const FALLBACK_FROM = { address: 'no-reply@localhost', name: 'ESI Back-office' }

export interface Sender {
  from: { address: string; name: string }
  replyTo: { address: string; name: string } | null
}

/**
 * Who every email comes from: the company's own address and name (MAIL_FROM_ADDRESS /
 * MAIL_FROM_NAME, else the esi société's email and name), answered to the company
 * (MAIL_REPLY_TO, else the société's email), never a made-up no-reply address.
 */
export async function companySender(): Promise<Sender> {
  const societe = await companySociete()
  const name = env.get('MAIL_FROM_NAME') ?? societe?.nom ?? FALLBACK_FROM.name
  const address = env.get('MAIL_FROM_ADDRESS') ?? societe?.email ?? FALLBACK_FROM.address
  const replyAddress = env.get('MAIL_REPLY_TO') ?? societe?.email ?? null
  return {
    from: { address, name },
    replyTo: replyAddress ? { address: replyAddress, name } : null,
  }
}

/**
 * Sets the company's sender on a mail, after the mail built itself: a mail that names its own
 * reply-to (an offre answered to the pro who wrote it, a devis to its commercial) keeps it.
 */
export async function signWithCompany(mail: BaseMail): Promise<void> {
  await mail.build()
  const built = mail.message.toJSON().message
  const sender = await companySender()
  if (!built.from) mail.message.from(sender.from.address, sender.from.name)
  if (!built.replyTo && sender.replyTo) {
    mail.message.replyTo(sender.replyTo.address, sender.replyTo.name)
  }
}
