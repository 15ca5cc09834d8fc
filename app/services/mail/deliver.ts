import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import type { BaseMail } from '@adonisjs/mail'
import { signWithCompany } from '#services/mail/sender'

/**
 * Sends a mail now. A transport failure is logged, not thrown: the answer to the user must not
 * change (no account enumeration through errors) and he can ask again.
 */
export async function deliver(message: BaseMail): Promise<boolean> {
  try {
    await signWithCompany(message)
    await mail.send(message)
    return true
  } catch (error) {
    logger.error({ err: error, subject: message.subject }, 'mail not sent')
    return false
  }
}
