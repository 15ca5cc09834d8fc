import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, transports } from '@adonisjs/mail'
import { KeptMailTransport, keptMailsDirectory } from '#services/mail/kept_mail_transport'

/*
 * Production sends through SMTP (SMTP_* variables). Development and tests keep every message as
 * a JSON file under storage/mails (readable at /dev/mails), so no mail server is needed.
 */
const mailConfig = defineConfig({
  default: env.get('MAIL_MAILER') ?? (app.inProduction ? 'smtp' : 'file'),
  from: {
    address: env.get('MAIL_FROM_ADDRESS') ?? 'no-reply@esi-backoffice.local',
    name: env.get('MAIL_FROM_NAME') ?? 'ESI Back-office',
  },
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
