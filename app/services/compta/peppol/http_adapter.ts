/*
 * The `http` Peppol adapter: the UBL POSTed to the access point's URL (application/xml, bearer
 * token), within a timeout. Anything but a 2xx is a French error naming the status; the message
 * id is the answer's `id`/`messageId` (JSON) or its Location / X-Message-Id header.
 */
import logger from '@adonisjs/core/services/logger'
import type { PeppolAdapter } from '#services/compta/peppol/adapter'
import { AppException } from '#exceptions/http_exceptions'

function fail(message: string): never {
  throw new AppException(message, { status: 422 })
}

async function messageIdOf(response: Response): Promise<string | null> {
  const header = response.headers.get('x-message-id') ?? response.headers.get('location')
  const text = await response.text().catch(() => '')
  try {
    const body = JSON.parse(text) as Record<string, unknown>
    const id = body.messageId ?? body.id
    if (typeof id === 'string' || typeof id === 'number') return String(id).slice(0, 200)
  } catch {
    // not JSON: the header, if any
  }
  return header ? header.slice(0, 200) : null
}

export function httpAdapter(settings: {
  url: string
  token: string | null
  timeoutMs: number
}): PeppolAdapter {
  return {
    name: 'http',
    async send(file) {
      let response: Response
      try {
        response = await fetch(settings.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/xml; charset=utf-8',
            ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}),
            'x-filename': file.filename,
          },
          body: file.content,
          signal: AbortSignal.timeout(settings.timeoutMs),
        })
      } catch (error) {
        logger.warn({ err: error }, 'peppol http adapter failed')
        const timeout = error instanceof Error && error.name === 'TimeoutError'
        fail(
          timeout
            ? `Le point d’accès Peppol n’a pas répondu à temps (${Math.round(settings.timeoutMs / 1000)} s) : la facture n’est pas envoyée.`
            : 'Le point d’accès Peppol est injoignable : la facture n’est pas envoyée.'
        )
      }
      if (!response.ok) {
        logger.warn({ status: response.status }, 'peppol access point refused the document')
        fail(
          `Le point d’accès Peppol a refusé l’envoi (erreur HTTP ${response.status}) : la facture n’est pas envoyée.`
        )
      }
      return { messageId: await messageIdOf(response) }
    },
  }
}
