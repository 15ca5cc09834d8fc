/** A message kept by the development mail transport (storage/mails), as /dev/mails shows it. */
export type KeptMail = {
  id: string
  date: string
  from: string | null
  /** Where answers go (the company, or the pro/commercial a mail names) */
  replyTo?: string | null
  to: string[]
  subject: string
  html: string | null
  text: string | null
  /** Attached files (name, type, size in bytes); their content is not kept. */
  attachments?: { filename: string; contentType: string | null; size: number }[]
}

export type KeptMailSummary = Pick<KeptMail, 'id' | 'date' | 'from' | 'to' | 'subject'>
