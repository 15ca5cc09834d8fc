import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, transports } from '@adonisjs/mail'
import { KeptMailTransport, keptMailsDirectory } from '#services/mail/kept_mail_transport'
import { FALLBACK_FROM } from '#services/mail/sender'

/*
 * Production sends through SMTP (SMTP_* variables). Development and tests keep every message as
 * a JSON file under storage/mails (readable at /dev/mails), so no mail server is needed.
 */
/** `file` when mails are kept (never in production unless MAIL_MAILER=file is set there). */
export function defaultMailer(): 'smtp' | 'file' {
  return env.get('MAIL_MAILER') ?? (app.inProduction ? 'smtp' : 'file')
}

const mailConfig = defineConfig({
  default: defaultMailer(),
  // Every email is signed with the company's address and a reply-to by deliver() (see
  // #services/mail/sender); this default only serves a mail sent another way
  from: FALLBACK_FROM,
  mailers: {
    smtp: transports.smtp({
      host: env.get('SMTP_HOST') ?? '127.0.0.1',
      port: env.get('SMTP_PORT') ?? 587,
      secure: env.get('SMTP_SECURE') ?? false,
      auth: env.get('SMTP_USERNAME')
        ? { type: 'login', user: env.get('SMTP_USERNAME')!, pass: env.get('SMTP_PASSWORD') ?? '' }
        : undefined,
    }),
    file: () => new KeptMailTransport(keptMailsDirectory()),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
